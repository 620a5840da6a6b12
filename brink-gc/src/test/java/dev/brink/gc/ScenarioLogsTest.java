package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.gc.programs.CatalogueWarmup;
import dev.brink.gc.programs.PriceCacheRefresher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario programs of {@code programs/} in child JVMs of JDK 17 and JDK 25, with the logging services use: the full
 * {@code -Xlog:gc*}, the terse {@code -Xlog:gc} and {@code -Xlog:gc*,safepoint} with time and uptime decorations. Each
 * defect with its healthy twin, run where a collector or a log form was read wrong; assertions on typed findings.
 * The children of a test run at once (most of their time is spent asleep), each a few seconds on a 64 MB heap.
 */
class ScenarioLogsTest {
    static final Path JDK17 = ChildJvmLogsTest.JDK17;
    static final Path JDK25 = ChildJvmLogsTest.JDK25;
    static final ExecutorService POOL = Executors.newFixedThreadPool(ChildJvmLogsTest.AT_ONCE);

    @TempDir
    Path tmp;

    @AfterAll
    static void stop() {
        POOL.shutdownNow();
    }

    /** One child: a JDK, collector flags, a log form ("full", "terse", "safepoint"), a program and its arguments. */
    record Child(String name, Path jdk, List<String> flags, String log, Class<?> main, List<String> args) {
        Child(String name, Path jdk, String flag, String log, Class<?> main, String... args) {
            this(name, jdk, List.of(flag.split(" ")), log, main, List.of(args));
        }
    }

    static boolean has(Path jdk, String flag) {
        try {
            return Files.isExecutable(jdk.resolve("bin/java")) && ChildJvmLogsTest.works(jdk, flag);
        } catch (Exception e) {
            return false;
        }
    }

    /** Runs the children at once and analyses their logs, by name; a JDK or collector this machine lacks is left out. */
    Map<String, GcReport> run(List<Child> children) throws Exception {
        Map<String, Future<Path>> logs = new LinkedHashMap<>();
        for (Child c : children) {
            if (!has(c.jdk(), c.flags().get(0))) {
                System.out.println("SKIPPED: " + c.name() + " (no " + c.flags().get(0) + " in " + c.jdk() + ")");
                continue;
            }
            logs.put(c.name(), POOL.submit(() -> launch(c)));
        }
        Map<String, GcReport> reports = new LinkedHashMap<>();
        for (Map.Entry<String, Future<Path>> e : logs.entrySet()) {
            reports.put(e.getKey(), GcLogAnalyzer.analyze(List.of(e.getValue().get(90, TimeUnit.SECONDS))));
        }
        return reports;
    }

    private Path launch(Child c) throws Exception {
        Path log = tmp.resolve(c.name() + ".log");
        Path out = tmp.resolve(c.name() + ".out");
        String xlog = switch (c.log()) {
            case "terse" -> "-Xlog:gc:file=" + log;
            case "safepoint" -> "-Xlog:gc*,safepoint:file=" + log + ":time,uptime";
            default -> "-Xlog:gc*:file=" + log;
        };
        List<String> cmd = new ArrayList<>(List.of(ChildJvmLogsTest.java(c.jdk()), "-Xmx64m", "-Xss512k"));
        cmd.addAll(c.flags());
        cmd.addAll(List.of(xlog, "-cp", ChildJvmLogsTest.classpathOf(c.main()), c.main().getName()));
        cmd.addAll(c.args());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(40, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError(c.name() + " did not end in 40 s");
        }
        assertThat(p.exitValue()).as(c.name() + ": " + Files.readString(out)).isZero();
        return log;
    }

    static List<Finding> byCause(GcReport r, GcCauseKind cause) {
        return r.findings().stream().filter(f -> f.kind() == FindingKind.GC_PRESSURE
                && Detail.of(f, GcPressureDetail.class).cause() == cause).toList();
    }

    static boolean warns(Finding f) {
        return f.severity() == Severity.WARNING || f.severity() == Severity.CRITICAL;
    }

    /**
     * One System.gc() a second from a healthy cache job. Shenandoah names its cycle's cause on the "Trigger:" line
     * before the cycle (its pauses carry modes: "(unload classes)"), so the calls went unseen on JDK 17 and 25; Parallel
     * logs a young and a full collection for each call, which counted every call twice. Each must be one explicit
     * finding counting the calls, and the twin none.
     */
    @Test
    void explicitGcEverySecond_seenOnShenandoahAndCountedOnceOnParallel() throws Exception {
        String p = "-XX:+UseParallelGC";
        String s = "-XX:+UseShenandoahGC";
        Map<String, GcReport> r = run(List.of(
                new Child("shen17-full", JDK17, s, "full", PriceCacheRefresher.class, "5", "gc"),
                new Child("shen25-terse", JDK25, s, "terse", PriceCacheRefresher.class, "5", "gc"),
                new Child("shen25-safepoint", JDK25, s, "safepoint", PriceCacheRefresher.class, "5", "gc"),
                new Child("parallel17-terse", JDK17, p, "terse", PriceCacheRefresher.class, "5", "gc"),
                new Child("shen17-twin", JDK17, s, "terse", PriceCacheRefresher.class, "5", "plain"),
                new Child("shen25-twin", JDK25, s, "full", PriceCacheRefresher.class, "5", "plain")));
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            List<Finding> explicit = byCause(report, GcCauseKind.EXPLICIT);
            if (name.endsWith("twin")) {
                soft.assertThat(report.findings()).as(name).noneMatch(ScenarioLogsTest::warns);
                return;
            }
            soft.assertThat(explicit).as(name + " " + report.findings()).hasSize(1);
            if (explicit.size() == 1) {
                GcPressureDetail d = Detail.of(explicit.get(0), GcPressureDetail.class);
                // 5 s, one call at start and one a second: 5 or 6 calls, never the 14-16 events of Parallel's pairs
                soft.assertThat(d.count()).as(name).isBetween(5, 6);
            }
            soft.assertThat(report.findings()).as(name).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK
                    || f.kind() == FindingKind.HEAP_TOO_SMALL);
        });
        soft.assertAll();
    }

    /**
     * A catalogue of 100 MB loaded page by page at start-up (about a second) into a 128 MB heap, then served for 7 s
     * without growing: on G1 (no full GC at all) and Parallel it read as a leak, "floor 6 MB → 92 MB", the climb of the
     * first second judged as if the heap had been filled by a leak. A heap too small, never a leak; the same service
     * keeping every response (2 MB/s on a 24 MB catalogue in 64 MB) is one, on the same collectors.
     */
    @Test
    void catalogueLoadedAtStartUp_isNoLeak_slowGrowthIs() throws Exception {
        Map<String, GcReport> r = run(List.of(
                new Child("g1-17-catalogue", JDK17, "-XX:+UseG1GC -Xmx128m", "full", CatalogueWarmup.class, "7", "100"),
                new Child("g1-25-catalogue", JDK25, "-XX:+UseG1GC -Xmx128m", "full", CatalogueWarmup.class, "7", "100"),
                new Child("parallel-25-catalogue", JDK25, "-XX:+UseParallelGC -Xmx128m", "terse", CatalogueWarmup.class, "7", "100"),
                new Child("serial-17-catalogue", JDK17, "-XX:+UseSerialGC -Xmx128m", "full", CatalogueWarmup.class, "7", "100"),
                new Child("serial-25-leak", JDK25, "-XX:+UseSerialGC", "full", CatalogueWarmup.class, "8", "24", "leak"),
                new Child("parallel-17-leak", JDK17, "-XX:+UseParallelGC", "terse", CatalogueWarmup.class, "8", "24", "leak")));
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            List<FindingKind> kinds = report.findings().stream().map(Finding::kind).toList();
            if (name.endsWith("leak")) {
                soft.assertThat(kinds).as(name + ": " + report.trend().verdict()).contains(FindingKind.MEMORY_LEAK);
            } else {
                soft.assertThat(kinds).as(name + ": " + report.trend().verdict()).doesNotContain(FindingKind.MEMORY_LEAK);
                // the sizing findings, where there are full GCs, say the live set does not fit: critical, not a side note
                soft.assertThat(report.findings()).as(name).filteredOn(f -> f.kind() == FindingKind.HEAP_TOO_SMALL)
                        .allMatch(f -> f.severity() == Severity.CRITICAL);
            }
        });
        soft.assertAll();
    }
}
