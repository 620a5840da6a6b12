package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.gc.programs.HealthyProgram;
import dev.brink.gc.programs.LeakProgram;
import dev.brink.gc.programs.SessionStoreProgram;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real JVMs, every collector the JDK has, small heaps: a leaking program must be reported as a memory leak
 * in every collector's log and a healthy "fills then plateaus" one never. Each child runs ≤ 25 s; they run
 * three at a time so the module stays within its time budget on two cores.
 */
class ChildJvmLogsTest {
    static final Path JDK17 = Path.of(System.getProperty("java.home"));
    static final Path JDK25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path tmp;

    /** Decorators differ per collector so every decorator kind is read from a real JVM. */
    record Run(String collector, String flag, String decorators) {
    }

    static List<Run> collectors(Path jdk) throws Exception {
        List<Run> runs = new ArrayList<>(List.of(
                new Run("Serial", "-XX:+UseSerialGC", "time,uptime,level,tags"),
                new Run("Parallel", "-XX:+UseParallelGC", "uptimemillis,level,tags,pid,tid"),
                new Run("G1", "-XX:+UseG1GC", "utctime,uptimenanos"),
                new Run("ZGC", "-XX:+UseZGC", "timemillis,tags")));
        if (works(jdk, "-XX:+UseShenandoahGC")) {
            runs.add(new Run("Shenandoah", "-XX:+UseShenandoahGC", "uptime,level,tags"));
        } else {
            System.out.println("SKIPPED: " + jdk + " has no Shenandoah");
        }
        return runs;
    }

    static boolean works(Path jdk, String flag) throws Exception {
        Process p = new ProcessBuilder(java(jdk), flag, "-version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    static String java(Path jdk) {
        return jdk.resolve("bin").resolve("java").toString();
    }

    @Test
    void jdk17_leakFoundInEveryCollectorsLog_neverInHealthyOnes() throws Exception {
        checkJdk(JDK17);
    }

    @Test
    void jdk25_leakFoundInEveryCollectorsLog_neverInHealthyOnes() throws Exception {
        assumeTrue(Files.isExecutable(JDK25.resolve("bin/java")),
                "SKIPPED: no JDK 25 at " + JDK25 + " (the JDK 17 test still runs)");
        checkJdk(JDK25);
    }

    /** Field report 004: an old generation far smaller than the young one fills at every promotion. */
    @Test
    void tinyOldGeneration_reportedWithNewRatioAndNumbers() throws Exception {
        String cp = Path.of(LeakProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path log = tmp.resolve("tiny-old.log");
        Process p = new ProcessBuilder(java(JDK17), "-Xmx64m", "-Xmn56m", "-XX:+UseSerialGC",
                "-Xlog:gc*:file=" + log + ":uptime,tags", "-cp", cp, HealthyProgram.class.getName(), "6")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("tiny-old.out").toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        GcReport r = GcLogAnalyzer.analyze(List.of(log));
        assertThat(r.pauses().fullGcs()).isGreaterThanOrEqualTo(3);
        assertThat(r.findings()).anySatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.HEAP_TOO_SMALL);
            assertThat(f.title()).startsWith("Old generation too small").contains("-XX:NewRatio=2")
                    .contains(r.pauses().fullGcs() + " full GCs");
            assertThat((Long) f.detail().get("old_gen_bytes")).isLessThan((Long) f.detail().get("young_gen_bytes"));
        });
        assertThat(kinds(r)).doesNotContain(FindingKind.MEMORY_LEAK);
    }

    /**
     * The G1 form of report 004: a session store (a steady ~20 MB of sessions that live two seconds) on a 64 MB
     * heap with the young generation pinned at 48 MB by -Xmn. JDK 17 starts collections before eden reaches its
     * planned size, JDK 25 fails evacuations; both logs give the old-generation advice, and the same program
     * without -Xmn, where G1 sizes young itself, gives none. The four JVMs run at once.
     */
    @Test
    void g1WithAPinnedYoungList_reportedAsOldGenerationTooSmallOnJdk17And25() throws Exception {
        List<Path> jdks = new ArrayList<>(List.of(JDK17));
        if (Files.isExecutable(JDK25.resolve("bin/java"))) {
            jdks.add(JDK25);
        }
        String cp = Path.of(SessionStoreProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Path>> pinned = new ArrayList<>();
        List<Future<Path>> adaptive = new ArrayList<>();
        try {
            for (Path jdk : jdks) {
                String v = jdk.equals(JDK17) ? "17" : "25";
                pinned.add(pool.submit(() -> g1Log(jdk, cp, "g1-pinned-" + v, "-Xmn48m")));
                adaptive.add(pool.submit(() -> g1Log(jdk, cp, "g1-adaptive-" + v)));
            }
            SoftAssertions soft = new SoftAssertions();
            for (int i = 0; i < jdks.size(); i++) {
                GcReport p = GcLogAnalyzer.analyze(List.of(pinned.get(i).get(120, TimeUnit.SECONDS)));
                GcReport a = GcLogAnalyzer.analyze(List.of(adaptive.get(i).get(120, TimeUnit.SECONDS)));
                soft.assertThat(p.findings()).as(jdks.get(i) + " -Xmn48m").anySatisfy(f -> {
                    assertThat(f.kind()).isEqualTo(FindingKind.HEAP_TOO_SMALL);
                    assertThat(f.title()).startsWith("Old generation too small: G1's young list held at")
                            .contains("of 64.0 MB heap").contains("without -Xmn");
                    assertThat((Long) f.detail().get("old_gen_bytes")).isLessThan((Long) f.detail().get("young_gen_bytes"));
                });
                soft.assertThat(kinds(a)).as(jdks.get(i) + " without -Xmn").doesNotContain(FindingKind.HEAP_TOO_SMALL);
            }
            soft.assertAll();
        } finally {
            pool.shutdownNow();
        }
    }

    private Path g1Log(Path jdk, String cp, String name, String... extra) throws Exception {
        Path log = tmp.resolve(name + ".log");
        List<String> cmd = new ArrayList<>(List.of(java(jdk), "-Xmx64m", "-XX:+UseG1GC"));
        cmd.addAll(List.of(extra));
        cmd.addAll(List.of("-Xlog:gc*:file=" + log + ":uptime,tags", "-cp", cp, SessionStoreProgram.class.getName(), "8"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve(name + ".out").toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(name + " did not finish in 90 s");
        }
        return log;
    }

    private void checkJdk(Path jdk) throws Exception {
        String cp = Path.of(LeakProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<Run> runs = collectors(jdk);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Path>> leaks = new ArrayList<>();
        List<Future<Path>> healthy = new ArrayList<>();
        try {
            for (Run r : runs) {
                leaks.add(pool.submit(() -> run(jdk, cp, r, LeakProgram.class.getName())));
                healthy.add(pool.submit(() -> run(jdk, cp, r, HealthyProgram.class.getName())));
            }
            SoftAssertions soft = new SoftAssertions();
            for (int i = 0; i < runs.size(); i++) {
                Run r = runs.get(i);
                GcReport leak = GcLogAnalyzer.analyze(List.of(leaks.get(i).get(120, TimeUnit.SECONDS)));
                GcReport ok = GcLogAnalyzer.analyze(List.of(healthy.get(i).get(120, TimeUnit.SECONDS)));
                String where = jdk.getFileName() + " " + r.collector();
                soft.assertThat(kinds(leak)).as(where + " leak: " + leak.trend().verdict()).contains(FindingKind.MEMORY_LEAK);
                soft.assertThat(kinds(ok)).as(where + " healthy: " + ok.trend().verdict()).doesNotContain(FindingKind.MEMORY_LEAK);
                soft.assertThat(leak.unknownLines()).as(where + " unknown lines " + leak.unknownSamples()).isZero();
                soft.assertThat(ok.unknownLines()).as(where + " unknown lines " + ok.unknownSamples()).isZero();
                soft.assertThat(leak.settings().maxHeap()).as(where + " max heap").isEqualTo(64L << 20);
                soft.assertThat(leak.timeAxis()).as(where).isIn("uptime", "wall-clock");
                if (!r.collector().equals("ZGC") && !r.collector().equals("Shenandoah")) {
                    // stop-the-world collectors end a leak in back-to-back full GCs
                    soft.assertThat(leak.findings()).as(where + " storm").anySatisfy(f -> {
                        assertThat(f.kind()).isEqualTo(FindingKind.GC_PRESSURE);
                        assertThat(f.title()).startsWith("Full-GC storm: " + leak.pauses().fullGcs() + " full GCs");
                    });
                    soft.assertThat(ok.findings()).as(where + " healthy storm")
                            .noneMatch(f -> f.title().startsWith("Full-GC storm"));
                }
            }
            soft.assertAll();
        } finally {
            pool.shutdownNow();
        }
    }

    private static List<FindingKind> kinds(GcReport r) {
        return r.findings().stream().map(Finding::kind).toList();
    }

    private Path run(Path jdk, String cp, Run r, String main) throws Exception {
        String name = jdk.getFileName() + "-" + r.collector() + "-" + main.substring(main.lastIndexOf('.') + 1);
        Path log = tmp.resolve(name + ".log");
        List<String> cmd = List.of(java(jdk), "-Xmx64m", "-XX:ActiveProcessorCount=1", r.flag(),
                "-Xlog:gc*:file=" + log + ":" + r.decorators(), "-cp", cp, main);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(tmp.resolve(name + ".out").toFile()).start();
        if (!p.waitFor(40, TimeUnit.SECONDS)) {
            // a concurrent collector can thrash for long near the OutOfMemoryError under a loaded CPU: the log
            // written so far is what a user would have, so stop the JVM and analyse it
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            System.out.println(name + ": stopped after 40 s (still collecting near the heap's limit)");
            assertThat(main).as(name + " only a leak may run that long").endsWith("LeakProgram");
            return log;
        }
        String out = Files.readString(tmp.resolve(name + ".out"));
        // the leak ends in an OutOfMemoryError (exit 3, or 1 when even reporting it ran out of memory)
        assertThat(p.exitValue() == 0 || out.contains("OutOfMemoryError")).as(name + " exit " + p.exitValue() + ": " + out).isTrue();
        return log;
    }

    static String classpathOf(Class<?> c) throws Exception {
        return new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
    }
}
