package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import dev.brink.core.LinearTrend;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.testing.ChildJvm;
import dev.brink.jvm.children.LeakyMain;
import dev.brink.jvm.children.SteadyMain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak signal end to end: a leaking child and a steady child are watched side by side for ~20 s;
 * heap after GC rises for one and stays flat for the other. Both on JDK 17 and, where installed, JDK 25.
 */
class HeapTrendTest {
    private static final double MB = 1024 * 1024;

    @Test
    void heapAfterGcRisesForLeakerAndStaysFlatForSteadyOnJdk17(@TempDir Path dir) throws Exception {
        watchBoth(ChildJvm.JDK17, dir);
    }

    @Test
    void heapAfterGcRisesForLeakerAndStaysFlatForSteadyOnJdk25(@TempDir Path dir) throws Exception {
        assumeThat(ChildJvm.jdk25Present())
                .as("JDK 25 not installed at " + ChildJvm.JDK25 + ": JDK 25 attach test skipped").isTrue();
        watchBoth(ChildJvm.JDK25, dir);
    }

    private void watchBoth(Path javaHome, Path dir) throws Exception {
        List<String> heap = List.of("-Xmx128m", "-XX:+UseG1GC");
        try (ChildJvm leaky = ChildJvm.start(javaHome, LeakyMain.class, heap, Children.LIFETIME_S);
             ChildJvm steady = ChildJvm.start(javaHome, SteadyMain.class, heap, Children.LIFETIME_S);
             JvmObserver leakObs = JvmObserver.attach(JvmTarget.pid(leaky.pid()));
             JvmObserver steadyObs = JvmObserver.attach(JvmTarget.pid(steady.pid()))) {
            RunDirectory leakRun = RunDirectory.at(dir.resolve("leaky"));
            RunDirectory steadyRun = RunDirectory.at(dir.resolve("steady"));
            leakObs.start(leakRun, Duration.ofSeconds(1));
            steadyObs.start(steadyRun, Duration.ofSeconds(1));
            Thread.sleep(21_000);
            leakObs.close();
            steadyObs.close();

            LinearTrend leak = trend(leakRun.file(RunDirectory.JVM));
            LinearTrend flat = trend(steadyRun.file(RunDirectory.JVM));
            // the leaker retains ~2 MB/s; a loaded machine may slow it, never stop it
            assertThat(leak.slope()).as("leaker heap-after-GC slope, MB/s").isGreaterThan(0.5);
            assertThat(Math.abs(flat.slope())).as("steady heap-after-GC slope, MB/s").isLessThan(0.2);

            List<JsonNode> gcLines = JvmFiles.lines(leakRun.file(RunDirectory.GC));
            assertThat(gcLines).as("gc.jsonl of the leaker").isNotEmpty();
            GcEventLine first = Json.MAPPER.treeToValue(gcLines.get(0), GcEventLine.class);
            assertThat(first.collector()).startsWith("G1");
            assertThat(first.before().keySet()).as("heap pools only").allMatch(p -> p.startsWith("G1"));
            assertThat(first.epochMs()).isBetween(System.currentTimeMillis() - 120_000, System.currentTimeMillis());
        }
    }

    /** Least-squares trend of heap_after_gc in MB over seconds, from jvm.jsonl as written. */
    private static LinearTrend trend(Path jvmJsonl) throws Exception {
        List<JsonNode> lines = JvmFiles.lines(jvmJsonl);
        assertThat(lines.size()).as("samples in " + jvmJsonl).isGreaterThanOrEqualTo(10);
        double[] xs = new double[lines.size()];
        double[] ys = new double[lines.size()];
        int n = 0;
        long t0 = lines.get(0).get("epoch_ms").asLong();
        for (JsonNode l : lines) {
            assertThat(l.get("time").asText()).endsWith("Z");
            if (l.hasNonNull("heap_after_gc")) {
                xs[n] = (l.get("epoch_ms").asLong() - t0) / 1000.0;
                ys[n] = l.get("heap_after_gc").asLong() / MB;
                n++;
            }
        }
        assertThat(n).as("samples with heap_after_gc").isGreaterThanOrEqualTo(8);
        return LinearTrend.fit(xs, ys, n);
    }
}
