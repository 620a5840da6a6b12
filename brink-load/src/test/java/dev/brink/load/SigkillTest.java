package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SigkillTest {
    @TempDir
    Path dir;

    @Test
    void aKilledRunLeavesReadableLoadAndLatencyFiles() throws Exception {
        try (TestServer server = new TestServer()) {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process child = new ProcessBuilder(java.toString(), "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                    KillMe.class.getName(), server.url(), dir.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
            try {
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                        .until(() -> Files.exists(dir.resolve(RunDirectory.LOAD))
                                && Files.readAllLines(dir.resolve(RunDirectory.LOAD)).size() >= 3);
            } finally {
                child.destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no close()
                child.waitFor(30, TimeUnit.SECONDS);
            }
            assertThat(child.exitValue()).isEqualTo(137);

            List<JsonNode> lines = JsonlReader.readAll(dir.resolve(RunDirectory.LOAD));
            assertThat(lines).hasSizeGreaterThanOrEqualTo(3);
            // every line whole and counted; a second may send nothing on a machine starved past its cores (seen at
            // load 17: the child's first line had sent 0), so only the run as a whole must have sent
            assertThat(lines).allSatisfy(l -> assertThat(l.get("sent").isIntegralNumber()).as("%s", l).isTrue());
            assertThat(lines).anySatisfy(l -> assertThat(l.get("sent").asLong()).isPositive());
            int histograms = 0;
            long count = 0;
            try (HistogramLogReader hlog = new HistogramLogReader(dir.resolve(RunDirectory.LATENCY).toFile())) {
                EncodableHistogram h;
                while ((h = hlog.nextIntervalHistogram()) != null) {
                    histograms++;
                    if ("corrected".equals(h.getTag())) count += ((org.HdrHistogram.Histogram) h).getTotalCount();
                }
            }
            assertThat(histograms).isGreaterThanOrEqualTo(2 * lines.size());
            assertThat(count).isGreaterThanOrEqualTo(lines.subList(0, lines.size()).stream().mapToLong(l -> l.get("ok").asLong()).sum());
        }
    }
}
