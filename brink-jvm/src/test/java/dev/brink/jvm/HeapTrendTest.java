package dev.brink.jvm;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak signal end to end: a leaking child and a steady child are watched side by side for ~20 s;
 * heap after GC rises for one and stays flat for the other. On JDK 17 and, where installed, JDK 25, both pairs
 * watched at the same time (the 20 s are the JVMs' own pace, not CPU: four children share them).
 */
class HeapTrendTest {
    private static final double MB = 1024 * 1024;

    @Test
    void heapAfterGcRisesForLeakerAndStaysFlatForSteadyOnJdk17And25(@TempDir Path dir) throws Exception {
        List<Path> jdks = new ArrayList<>(List.of(ChildJvm.JDK17));
        if (ChildJvm.jdk25Present()) {
            jdks.add(ChildJvm.JDK25);
        } else {
            System.out.println("JDK 25 not installed at " + ChildJvm.JDK25 + ": only JDK 17 watched");
        }
        List<AutoCloseable> open = new ArrayList<>();
        List<RunDirectory[]> runs = new ArrayList<>();
        try {
            List<String> heap = List.of("-Xmx128m", "-XX:+UseG1GC");
            for (Path javaHome : jdks) {
                ChildJvm leaky = ChildJvm.start(javaHome, LeakyMain.class, heap, Children.LIFETIME_S);
                open.add(leaky);
                ChildJvm steady = ChildJvm.start(javaHome, SteadyMain.class, heap, Children.LIFETIME_S);
                open.add(steady);
                JvmObserver leakObs = JvmObserver.attach(JvmTarget.pid(leaky.pid()));
                open.add(0, leakObs); // observers close before their children
                JvmObserver steadyObs = JvmObserver.attach(JvmTarget.pid(steady.pid()));
                open.add(0, steadyObs);
                String v = javaHome.equals(ChildJvm.JDK17) ? "17" : "25";
                RunDirectory leakRun = RunDirectory.at(dir.resolve("leaky-" + v));
                RunDirectory steadyRun = RunDirectory.at(dir.resolve("steady-" + v));
                leakObs.start(leakRun, Duration.ofSeconds(1));
                steadyObs.start(steadyRun, Duration.ofSeconds(1));
                runs.add(new RunDirectory[] {leakRun, steadyRun});
            }
            Thread.sleep(21_000);
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
        for (int i = 0; i < jdks.size(); i++) {
            check(jdks.get(i), runs.get(i)[0], runs.get(i)[1]);
        }
    }

    private void check(Path javaHome, RunDirectory leakRun, RunDirectory steadyRun) throws Exception {
        LinearTrend leak = trend(leakRun.file(RunDirectory.JVM));
        LinearTrend flat = trend(steadyRun.file(RunDirectory.JVM));
        // the leaker retains ~2 MB/s; a loaded machine may slow it, never stop it
        assertThat(leak.slope()).as(javaHome + " leaker heap-after-GC slope, MB/s").isGreaterThan(0.5);
        assertThat(Math.abs(flat.slope())).as(javaHome + " steady heap-after-GC slope, MB/s").isLessThan(0.2);

        List<JsonNode> gcLines = JvmFiles.lines(leakRun.file(RunDirectory.GC));
        assertThat(gcLines).as("gc.jsonl of the leaker").isNotEmpty();
        GcEventLine first = Json.MAPPER.treeToValue(gcLines.get(0), GcEventLine.class);
        assertThat(first.collector()).startsWith("G1");
        assertThat(first.before().keySet()).as("heap pools only").allMatch(p -> p.startsWith("G1"));
        assertThat(first.epochMs()).isBetween(System.currentTimeMillis() - 120_000, System.currentTimeMillis());
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
