package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.FindingKind;
import dev.brink.gc.programs.BootThenIdleProgram;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real JVMs whose only full GCs are start-up ones (metaspace growing while classes load) and the ones class
 * histograms cause: a run like that has no GC-pressure finding, though it has more than a storm's worth of full GCs.
 */
class ForeignCollectionsTest {
    @TempDir
    Path tmp;

    @Test
    void startUpAndHistogramFullGcs_areShownButNoStorm_jdk17() throws Exception {
        check(ChildJvmLogsTest.JDK17);
    }

    @Test
    void startUpAndHistogramFullGcs_areShownButNoStorm_jdk25() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(ChildJvmLogsTest.JDK25.toFile().isDirectory(), "no JDK 25 here");
        check(ChildJvmLogsTest.JDK25);
    }

    @Test
    void metadataThresholdBeforeTheLoadIsStartUpHoweverLongTheBoot() throws Exception {
        // a Spring service on a loaded machine booted for 70 s: its metaspace collections came before Brink's load
        List<dev.brink.core.evidence.GcEventLine> lines = new java.util.ArrayList<>();
        long jvmStart = 1_700_000_000_000L;
        for (int i = 0; i < 5; i++) {
            long start = 65_000 + i * 1_000L;
            lines.add(new dev.brink.core.evidence.GcEventLine(jvmStart + start, start, "PS MarkSweep", "end of major GC",
                    ForeignCollections.METADATA_THRESHOLD, 120, java.util.Map.of("PS Old Gen", 30L << 20),
                    java.util.Map.of("PS Old Gen", 29L << 20), java.util.Map.of("PS Old Gen", 64L << 20)));
        }
        // full GCs for class metadata are the metaspace's finding, never a heap storm with -Xmx advice
        assertThat(GcLogAnalyzer.analyzeEvents(lines).findings()).as("counted without the load's start")
                .extracting(f -> f.kind()).contains(FindingKind.METASPACE).doesNotContain(FindingKind.GC_PRESSURE);
        assertThat(GcLogAnalyzer.analyzeEvents(lines, jvmStart + 75_000).findings()).extracting(f -> f.kind())
                .doesNotContain(FindingKind.METASPACE, FindingKind.GC_PRESSURE);
        // the same collections under the load are the application's
        assertThat(GcLogAnalyzer.analyzeEvents(lines, jvmStart + 60_000).findings()).extracting(f -> f.kind())
                .contains(FindingKind.METASPACE);
    }

    @Test
    void histogramPausesStretchedByAStarvedMachineAreNotTheApplicationsGcTime() throws Exception {
        // a CI run beside two CPU burners (load 12): the idle JVM's three class histograms each paused it ~0.8 s of
        // wall time, 12 % of its 20 s log, and the log read as GC pressure. The same pauses for the heap's own sake
        // (Allocation Failure) are pressure, the twin that must still be found.
        assertThat(kinds(idleJvmWithThreeFullGcs(ForeignCollections.HEAP_INSPECTION))).doesNotContain(FindingKind.GC_PRESSURE,
                FindingKind.LONG_PAUSE, FindingKind.HEAP_TOO_SMALL);
        assertThat(kinds(idleJvmWithThreeFullGcs("Allocation Failure"))).contains(FindingKind.GC_PRESSURE);
    }

    /** 20 s of an idle Parallel GC JVM, 128 MiB heap: a young GC a second of 2 ms, three 800 ms full GCs of {@code cause}. */
    private static List<dev.brink.core.evidence.GcEventLine> idleJvmWithThreeFullGcs(String cause) {
        long jvmStart = 1_700_000_000_000L;
        List<dev.brink.core.evidence.GcEventLine> lines = new java.util.ArrayList<>();
        for (int s = 61; s <= 80; s++) {
            long at = s * 1_000L;
            lines.add(new dev.brink.core.evidence.GcEventLine(jvmStart + at, at, "PS Scavenge", "end of minor GC", "Allocation Failure",
                    2, java.util.Map.of("PS Eden Space", 30L << 20), java.util.Map.of("PS Eden Space", 0L),
                    java.util.Map.of("PS Eden Space", 40L << 20)));
            if (s % 6 == 0) {
                lines.add(new dev.brink.core.evidence.GcEventLine(jvmStart + at + 500, at + 500, "PS MarkSweep", "end of major GC", cause,
                        800, java.util.Map.of("PS Old Gen", 6L << 20), java.util.Map.of("PS Old Gen", 5L << 20),
                        java.util.Map.of("PS Old Gen", 86L << 20)));
            }
        }
        return lines;
    }

    private static List<FindingKind> kinds(List<dev.brink.core.evidence.GcEventLine> lines) throws Exception {
        return GcLogAnalyzer.analyzeEvents(lines).findings().stream().map(f -> f.kind()).toList();
    }

    private void check(Path jdk) throws Exception {
        Path log = tmp.resolve("boot.log");
        Process p = new ProcessBuilder(ChildJvmLogsTest.java(jdk), "-Xmx128m", "-XX:+UseParallelGC", "-XX:MetaspaceSize=4m",
                "-Xlog:gc*:file=" + log + ":uptime,tags", "-cp", ChildJvmLogsTest.classpathOf(BootThenIdleProgram.class),
                BootThenIdleProgram.class.getName(), "3000", "20").redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertThat(out.readLine()).startsWith("booted");
            for (int i = 0; i < 3; i++) {
                // what Brink's evidence does: jcmd GC.class_histogram, a full GC with "Heap Inspection Initiated GC"
                Process histo = new ProcessBuilder(ChildJvmLogsTest.java(jdk).replaceAll("java$", "jcmd"),
                        Long.toString(p.pid()), "GC.class_histogram").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                assertThat(histo.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(histo.exitValue()).isZero();
            }
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
        }
        GcReport r = GcLogAnalyzer.analyze(List.of(log));
        List<GcEvent> fulls = r.events().stream().filter(e -> e.kind() == GcKind.FULL).toList();
        assertThat(fulls).extracting(GcEvent::cause).contains(ForeignCollections.METADATA_THRESHOLD, ForeignCollections.HEAP_INSPECTION)
                .allMatch(c -> c.equals(ForeignCollections.METADATA_THRESHOLD) || c.equals(ForeignCollections.HEAP_INSPECTION));
        // enough full GCs, freeing next to nothing, within a minute: counted as the application's, a storm
        assertThat(r.pauses().fullGcs()).isGreaterThanOrEqualTo(5);
        assertThat(r.pauses().fullGcsWorst60s()).isGreaterThanOrEqualTo(5);
        assertThat(r.findings()).extracting(f -> f.kind()).doesNotContain(FindingKind.GC_PRESSURE, FindingKind.HEAP_TOO_SMALL,
                FindingKind.METASPACE);
    }
}
