package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.Json;
import dev.brink.core.OutputFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.RunSummary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output formats, byte for byte, as JMH tests its result formats: the fixed run of {@link Fixtures#writeRun} gives
 * summary.json (as the method writes it), summary.md and junit.xml, and without its summary.json the summary rebuilt from
 * events.jsonl; each must equal its golden file in src/test/resources/golden/. A change to a format is then a change to
 * a golden file, reviewed in the diff like code. {@code -Dbrink.golden.update=true} rewrites the golden files from the
 * current code (run it, read the diff, commit it).
 */
class GoldenOutputsTest {
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @TempDir
    Path dir;

    @Test
    void summaryJsonMarkdownAndJunitAreTheGoldenFiles() throws Exception {
        Path run = dir.resolve("run");
        Files.createDirectories(run);
        Fixtures.writeRun(run, true);
        RunSummary summary = Json.MAPPER.readValue(run.resolve(RunDirectory.SUMMARY).toFile(), RunSummary.class);
        OutputFiles.writeJson(run.resolve(RunDirectory.SUMMARY), summary);
        RunReport.Outputs out = RunReport.write(run);
        golden(run.resolve(RunDirectory.SUMMARY), "summary.json");
        golden(out.markdown(), "summary.md");
        golden(out.junit(), "junit.xml");

        Path killed = dir.resolve("killed");
        Files.createDirectories(killed);
        Fixtures.writeRun(killed, false);
        fixEventTimes(killed.resolve(RunDirectory.EVENTS));
        RunReport.Outputs recovered = RunReport.write(killed);
        assertThat(recovered.recoveredSummary()).isNotNull();
        golden(recovered.recoveredSummary(), "recovered-summary.json");
        golden(recovered.markdown(), "recovered-summary.md");
    }

    /** The event log stamps each line with the clock; the rebuilt summary's duration comes from them: fixed here. */
    private static void fixEventTimes(Path events) throws Exception {
        List<String> fixed = new ArrayList<>();
        long t = 1_700_000_000_000L + 30_000;
        for (String line : Files.readAllLines(events)) {
            ObjectNode e = (ObjectNode) Json.MAPPER.readTree(line);
            e.put("epoch_ms", t).put("time", Instant.ofEpochMilli(t).toString());
            fixed.add(Json.MAPPER.writeValueAsString(e));
            t += 1000;
        }
        Files.write(events, fixed);
    }

    private static void golden(Path made, String name) throws Exception {
        String text = Files.readString(made, StandardCharsets.UTF_8);
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("brink.golden.update")) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        assertThat(text).as(name + " (golden file " + file + "; -Dbrink.golden.update=true rewrites it)")
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }
}
