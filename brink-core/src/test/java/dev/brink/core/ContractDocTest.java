package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DESIGN.md's "Run directory" section names every file, event type and finding detail key the code declares. */
class ContractDocTest {
    static String design() throws Exception {
        return Files.readString(Path.of("..", "DESIGN.md"));
    }

    @Test
    void designListsEveryEventTypeFileAndDetailKey() throws Exception {
        String design = design();
        for (String type : EventType.ALL) {
            assertThat(design).as("event type " + type).contains("| `" + type + "` |");
        }
        for (String file : ContractCheck.FILES) {
            assertThat(design).as("file " + file).contains(file);
        }
        for (Map.Entry<FindingKind, List<String>> e : FindingDetail.KEYS.entrySet()) {
            String row = design.lines().filter(l -> l.startsWith("| finding `" + e.getKey().jsonName() + "` |")).findFirst().orElse("");
            assertThat(row).as("a detail row for " + e.getKey().jsonName()).isNotEmpty();
            for (String key : e.getValue()) {
                assertThat(row).as(e.getKey().jsonName() + " detail " + key).contains("`" + key + "`");
            }
        }
        assertThat(FindingDetail.KEYS.keySet()).containsExactlyInAnyOrder(FindingKind.values());
        String evidenceSection = design.substring(design.indexOf("### evidence/"), design.indexOf("### Finding details"));
        for (String prefix : EvidenceFiles.PREFIXES) {
            assertThat(evidenceSection).as("evidence file prefix " + prefix).contains("`" + prefix);
        }
        assertThat(evidenceSection).contains(EvidenceFiles.foldedStacks(7).replace("7", "<multiplier>"));
        String streams = design.substring(design.indexOf("### " + RunDirectory.STREAMS), design.indexOf("### events.jsonl"));
        for (String key : dev.brink.core.evidence.StreamTimingLine.KEYS) {
            assertThat(streams).as("streams.jsonl key " + key).contains(key);
        }
    }
}
