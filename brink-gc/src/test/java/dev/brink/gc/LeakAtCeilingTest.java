package dev.brink.gc;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.gc.programs.CatalogueWarmup;
import dev.brink.gc.programs.OrderJournal;
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
 * A leak left running until the old generation is full: real JVMs (Serial, Parallel, G1; JDK 17 and 25) on a 64 MB
 * heap, each the same order service ({@link OrderJournal}) that keeps every order (the leak, which reaches the ceiling
 * within its 10 s and thrashes there until it stops or runs out of memory) or its last 4 MB (the twin). The leak must read as a memory leak
 * with the heap-too-small finding beside it as its consequence, the twin clean, and a catalogue larger than the old
 * generation loaded at start-up ({@link CatalogueWarmup}, Serial and Parallel: the collectors whose old generation
 * has a fixed ceiling) a heap too small, never a leak. The starved-machine log that read "no leak" is CauseLogsTest's.
 */
class LeakAtCeilingTest {
    /** Children at once: each sleeps between orders until the ceiling, then thrashes on about a core's share. */
    static final int AT_ONCE = 6;
    static final String SECONDS = "10";
    /** Larger than the old generation of a 64 MB Serial or Parallel heap (two thirds of it). */
    static final String CATALOGUE_MB = "48";

    @TempDir
    Path tmp;

    record Child(String name, Path jdk, String collector, Class<?> main, List<String> args) {
    }

    @Test
    void leakPinnedAtTheCeiling_isALeak_twinAndBootCatalogueAreNot() throws Exception {
        List<Path> jdks = jdks();
        assumeTrue(!jdks.isEmpty());
        List<Child> children = new ArrayList<>();
        for (Path jdk : jdks) {
            for (String gc : List.of("Serial", "Parallel", "G1")) {
                children.add(new Child("leak", jdk, gc, OrderJournal.class, List.of(SECONDS, "leak")));
                children.add(new Child("twin", jdk, gc, OrderJournal.class, List.of(SECONDS, "trimmed")));
                if (!gc.equals("G1")) {
                    children.add(new Child("catalogue", jdk, gc, CatalogueWarmup.class, List.of("8", CATALOGUE_MB)));
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
        try {
            List<Future<Path>> logs = new ArrayList<>();
            for (Child c : children) {
                logs.add(pool.submit(() -> run(c, tmp)));
            }
            SoftAssertions soft = new SoftAssertions();
            for (int i = 0; i < children.size(); i++) {
                Child c = children.get(i);
                GcReport r = GcLogAnalyzer.analyze(List.of(logs.get(i).get(120, TimeUnit.SECONDS)));
                String where = c.jdk().getFileName() + " " + c.collector() + " " + c.name() + ": " + r.trend().verdict()
                        + " " + titles(r);
                List<FindingKind> kinds = r.findings().stream().map(Finding::kind).toList();
                switch (c.name()) {
                    case "leak" -> {
                        soft.assertThat(kinds).as(where).contains(FindingKind.MEMORY_LEAK);
                        // the leak is the cause: the sizing finding, when there is one, says so and is no longer critical
                        soft.assertThat(r.findings()).as(where).filteredOn(f -> f.kind() == FindingKind.HEAP_TOO_SMALL)
                                .allMatch(f -> f.severity() == Severity.WARNING);
                    }
                    case "twin" -> soft.assertThat(r.findings()).as(where).isEmpty();
                    default -> {
                        soft.assertThat(kinds).as(where).doesNotContain(FindingKind.MEMORY_LEAK)
                                .contains(FindingKind.HEAP_TOO_SMALL);
                    }
                }
                soft.assertThat(r.unknownLines()).as(where + " unknown lines " + r.unknownSamples()).isZero();
            }
            soft.assertAll();
        } finally {
            pool.shutdownNow();
        }
    }

    /** JDK 17 (the build's) and JDK 25 when this machine has it. */
    static List<Path> jdks() {
        List<Path> jdks = new ArrayList<>(List.of(ChildJvmLogsTest.JDK17));
        if (Files.isExecutable(ChildJvmLogsTest.JDK25.resolve("bin/java"))) {
            jdks.add(ChildJvmLogsTest.JDK25);
        } else {
            System.out.println("SKIPPED: no JDK 25 at " + ChildJvmLogsTest.JDK25);
        }
        return jdks;
    }

    static List<String> titles(GcReport r) {
        return r.findings().stream().map(Finding::title).toList();
    }

    /**
     * Runs one child on a 64 MB heap and one CPU, its GC log and console in {@code dir}; a child named "leak" may end in
     * an OutOfMemoryError. The log is never rotated: a JVM thrashing at its ceiling (generational ZGC: thousands of
     * collections in 10 s) writes more than the 20 MB after which unified logging starts a new file.
     */
    static Path run(Child c, Path dir) throws Exception {
        String name = c.jdk().getFileName() + "-" + c.collector() + "-" + c.name();
        Path log = dir.resolve(name + ".log");
        Path out = dir.resolve(name + ".out");
        List<String> cmd = new ArrayList<>(List.of(ChildJvmLogsTest.java(c.jdk()), "-Xmx64m",
                "-XX:ActiveProcessorCount=1", "-XX:+Use" + c.collector() + "GC",
                "-Xlog:gc*:file=" + log + ":uptime,level,tags:filecount=0",
                "-cp", ChildJvmLogsTest.classpathOf(c.main()), c.main().getName()));
        cmd.addAll(c.args());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(name + " did not end in 60 s");
        }
        String text = Files.readString(out);
        // the leak may end in an OutOfMemoryError (exit 3, or 1 when even reporting it ran out of memory)
        if (p.exitValue() != 0 && !(c.name().equals("leak") && text.contains("OutOfMemoryError"))) {
            throw new AssertionError(name + " exit " + p.exitValue() + ": " + text);
        }
        return log;
    }
}
