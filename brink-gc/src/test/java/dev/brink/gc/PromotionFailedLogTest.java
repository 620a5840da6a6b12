package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * JDK 9+ logs a Serial or Parallel young collection that could not promote as a line of its own under gc+promotion
 * ("GC(2) Promotion failed") before the pause's summary: the collection of that id carries the flag, and the finding
 * counts those collections.
 */
class PromotionFailedLogTest {
    private static final Pattern FAILED = Pattern.compile("GC\\((\\d+)\\) Promotion failed");

    @Test
    void promotionFailedLines_flagTheirYoungCollections_andCountInTheFinding() throws Exception {
        for (String name : List.of("depot-serial-jdk25.log.gz", "depot-parallel-jdk17.log.gz")) {
            Path log = PublicLogsTest.log("promotion/" + name);
            Set<Long> failed = new TreeSet<>();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(log)),
                    StandardCharsets.UTF_8))) {
                in.lines().map(FAILED::matcher).filter(Matcher::find).forEach(m -> failed.add(Long.parseLong(m.group(1))));
            }
            assertThat(failed).as(name).isNotEmpty();
            GcReport r = GcLogAnalyzer.analyze(List.of(log));
            Set<Long> flagged = new TreeSet<>();
            r.events().stream().filter(e -> e.flags().contains(GcFlag.PROMOTION_FAILED)).forEach(e -> {
                assertThat(e.kind()).as(name + " " + e.name()).isEqualTo(GcKind.YOUNG);
                flagged.add(e.gcId());
            });
            assertThat(flagged).as(name).isEqualTo(failed);
            assertThat(r.findings()).extracting(f -> f.title()).as(name)
                    .anyMatch(t -> t.startsWith(failed.size() + " × promotion failure:"));
        }
    }
}
