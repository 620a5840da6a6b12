package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.MetaspaceDetail;
import dev.brink.gc.programs.CatalogueWarmup;
import dev.brink.gc.programs.FeedDecoder;
import dev.brink.gc.programs.PriceCacheRefresher;
import dev.brink.gc.programs.QuoteBoard;
import dev.brink.gc.programs.ReportTemplates;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenario programs of {@code programs/} in child JVMs of JDK 17 and JDK 25, with the logging services use: the full
 * {@code -Xlog:gc*}, the terse {@code -Xlog:gc} and {@code -Xlog:gc*,safepoint} with time and uptime decorations. Each
 * defect with its healthy twin, run where a collector or a log form was read wrong; assertions on typed findings.
 * Every child of the class starts at once before the first test (each spends most of its 5-9 s asleep, under a
 * second of CPU), so the class costs about the longest child rather than the sum of its tests.
 */
class ScenarioLogsTest {
    static final Path JDK17 = ChildJvmLogsTest.JDK17;
    static final Path JDK25 = ChildJvmLogsTest.JDK25;
    static final String SHEN = "-XX:+UseShenandoahGC";
    static final String LOW_METASPACE = " -XX:MetaspaceSize=4m";
    static final List<Child> EXPLICIT = List.of(
            new Child("shen17-full", JDK17, SHEN, "full", PriceCacheRefresher.class, "5", "gc"),
            new Child("shen25-terse", JDK25, SHEN, "terse", PriceCacheRefresher.class, "5", "gc"),
            new Child("shen25-safepoint", JDK25, SHEN, "safepoint", PriceCacheRefresher.class, "5", "gc"),
            new Child("parallel17-terse", JDK17, "-XX:+UseParallelGC", "terse", PriceCacheRefresher.class, "5", "gc"),
            new Child("g1-17-concurrent", JDK17, "-XX:+UseG1GC -XX:+ExplicitGCInvokesConcurrent", "full",
                    PriceCacheRefresher.class, "5", "gc"),
            new Child("g1-25-concurrent-terse", JDK25, "-XX:+UseG1GC -XX:+ExplicitGCInvokesConcurrent", "terse",
                    PriceCacheRefresher.class, "5", "gc"),
            new Child("shen17-twin", JDK17, SHEN, "terse", PriceCacheRefresher.class, "5", "plain"),
            new Child("shen25-twin", JDK25, SHEN, "full", PriceCacheRefresher.class, "5", "plain"));
    static final List<Child> CATALOGUE = List.of(
            new Child("g1-17-catalogue", JDK17, "-XX:+UseG1GC -Xmx128m", "full", CatalogueWarmup.class, "10", "100"),
            new Child("g1-25-catalogue", JDK25, "-XX:+UseG1GC -Xmx128m", "full", CatalogueWarmup.class, "10", "100"),
            new Child("parallel-25-catalogue", JDK25, "-XX:+UseParallelGC -Xmx128m", "terse", CatalogueWarmup.class, "10", "100"),
            new Child("serial-17-catalogue", JDK17, "-XX:+UseSerialGC -Xmx128m", "full", CatalogueWarmup.class, "10", "100"),
            new Child("serial-25-leak", JDK25, "-XX:+UseSerialGC", "full", CatalogueWarmup.class, "8", "24", "leak"),
            new Child("parallel-17-leak", JDK17, "-XX:+UseParallelGC", "terse", CatalogueWarmup.class, "8", "24", "leak"));
    static final List<Child> CHURN = List.of(
            new Child("serial-17-churn", JDK17, "-XX:+UseSerialGC" + LOW_METASPACE, "full", ReportTemplates.class, "12000", "churn"),
            new Child("parallel-25-churn", JDK25, "-XX:+UseParallelGC" + LOW_METASPACE, "safepoint", ReportTemplates.class, "12000", "churn"),
            new Child("serial-17-cached", JDK17, "-XX:+UseSerialGC" + LOW_METASPACE, "full", ReportTemplates.class, "12000", "cached"),
            new Child("parallel-25-cached", JDK25, "-XX:+UseParallelGC" + LOW_METASPACE, "full", ReportTemplates.class, "12000", "cached"));
    static final List<Child> QUOTES = List.of(
            new Child("g1-25-quotes", JDK25, "-XX:+UseG1GC -Xmx128m", "full", QuoteBoard.class, "15", "800"),
            new Child("g1-17-quotes", JDK17, "-XX:+UseG1GC -Xmx128m", "full", QuoteBoard.class, "15", "800"));
    static final List<Child> ZGC_TERSE = List.of(
            new Child("zgc17-terse-quotes", JDK17, "-XX:+UseZGC -Xmx128m", "terse", QuoteBoard.class, "10", "400", "60"),
            new Child("zgc25-terse-quotes", JDK25, "-XX:+UseZGC -Xmx128m", "terse", QuoteBoard.class, "10", "400", "60"),
            new Child("zgc17-terse-leak", JDK17, "-XX:+UseZGC", "terse", CatalogueWarmup.class, "14", "8", "leak"));
    static final String ZGC_ONE_CPU = "-XX:+UseZGC -Xmx128m -XX:ActiveProcessorCount=1";
    static final List<Child> FEED = List.of(
            new Child("zgc25-burst", JDK25, ZGC_ONE_CPU, "full", FeedDecoder.class, "4", "2", "burst"),
            new Child("zgc17-burst", JDK17, ZGC_ONE_CPU, "terse", FeedDecoder.class, "4", "2", "burst"),
            new Child("zgc25-paced", JDK25, ZGC_ONE_CPU, "full", FeedDecoder.class, "4", "2", "paced"));
    /**
     * Eight children at a time, the longest first (startAll's order): most programs run for a set time at a set pace,
     * and 25 JVMs at once on a 2-core machine already busy with the build starve each other into logs with a fraction
     * of the collections the assertions are about.
     */
    static final ExecutorService POOL = Executors.newFixedThreadPool(8);
    /** Each child's log, by name; null for a child this machine cannot run (no such JDK or collector). */
    static final Map<String, Future<Path>> LOGS = new LinkedHashMap<>();

    @TempDir
    static Path tmp;

    @BeforeAll
    static void startAll() {
        // the checks that a JDK has a collector run in the children's own threads: one `java -version` each, they
        // would keep every child waiting a few seconds if made here one after the other
        for (List<Child> children : List.of(QUOTES, ZGC_TERSE, CATALOGUE, CHURN, FEED, EXPLICIT)) {
            for (Child c : children) {
                LOGS.put(c.name(), POOL.submit(() -> has(c.jdk(), c.flags().get(0)) ? launch(c) : null));
            }
        }
    }

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

    /** The reports of the children, by name; a JDK or collector this machine lacks is left out. */
    static Map<String, GcReport> run(List<Child> children) throws Exception {
        Map<String, GcReport> reports = new LinkedHashMap<>();
        for (Child c : children) {
            Path log = LOGS.get(c.name()).get(90, TimeUnit.SECONDS);
            if (log == null) {
                System.out.println("SKIPPED: " + c.name() + " (no " + c.flags().get(0) + " in " + c.jdk() + ")");
            } else {
                reports.put(c.name(), GcLogAnalyzer.analyze(List.of(log)));
            }
        }
        return reports;
    }

    private static Path launch(Child c) throws Exception {
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
     * logs a young and a full collection for each call, which counted every call twice; G1 with
     * -XX:+ExplicitGCInvokesConcurrent (concurrent cycles, no full GC) was advised that very flag. Each must be one
     * explicit finding counting the calls, and the twin none.
     */
    @Test
    void explicitGcEverySecond_seenOnShenandoahAndCountedOnceOnParallel() throws Exception {
        Map<String, GcReport> r = run(EXPLICIT);
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
                if (name.contains("concurrent")) {
                    // the calls already run as concurrent cycles: the flag that does that is not advice any more
                    soft.assertThat(d.flags()).as(name).isEqualTo("-XX:+DisableExplicitGC");
                }
            }
            soft.assertThat(report.findings()).as(name).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK
                    || f.kind() == FindingKind.HEAP_TOO_SMALL);
        });
        soft.assertAll();
    }

    /**
     * A catalogue of 100 MB loaded page by page at start-up (about a second) into a 128 MB heap, then served
     * without growing: on G1 (no full GC at all) and Parallel it read as a leak, "floor 6 MB → 92 MB", the climb of the
     * first second judged as if the heap had been filled by a leak. A heap too small, never a leak; the same service
     * keeping every response (2 MB/s on a 24 MB catalogue in 64 MB) is one, on the same collectors. Served for 10 s:
     * a level floor says "no leak" only once it has lasted as long as the climb, and a machine starved by the build
     * stretched the load to 5 s of a 7 s run, which left too short a level to judge and read as rising.
     */
    @Test
    void catalogueLoadedAtStartUp_isNoLeak_slowGrowthIs() throws Exception {
        Map<String, GcReport> r = run(CATALOGUE);
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

    /**
     * A hidden class per render, dropped after it (class churn): on Serial and Parallel each "Metadata GC Threshold"
     * is a full GC that unloads nearly the whole metaspace, five in six seconds, and Brink said nothing (metadata
     * collections are not the heap's, and the metaspace rule looked for a full metaspace only). A metaspace warning
     * naming the churn, never a leak or heap advice; the twin that caches its 50 templates gives nothing. A low
     * -XX:MetaspaceSize makes the threshold come every second instead of every ten.
     */
    @Test
    void classChurn_namedOnSerialAndParallel_cachedTwinClean() throws Exception {
        Map<String, GcReport> r = run(CHURN);
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            if (name.endsWith("cached")) {
                soft.assertThat(report.findings()).as(name).noneMatch(ScenarioLogsTest::warns);
                return;
            }
            List<Finding> m = report.findings().stream().filter(f -> f.kind() == FindingKind.METASPACE).toList();
            soft.assertThat(m).as(name + " " + report.findings()).hasSize(1);
            soft.assertThat(m).as(name).allSatisfy(f -> {
                assertThat(f.severity()).isEqualTo(Severity.WARNING);
                MetaspaceDetail d = Detail.of(f, MetaspaceDetail.class);
                assertThat(d.collectionsWorst60s()).isGreaterThanOrEqualTo(3);
                assertThat(d.outOfMemoryErrors()).isZero();
                // unloaded to a fraction of what it reached
                assertThat(d.metaspaceStartBytes()).isLessThan(d.metaspacePeakBytes() / 2);
            });
            soft.assertThat(report.findings()).as(name).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK
                    || f.kind() == FindingKind.HEAP_TOO_SMALL);
        });
        soft.assertAll();
    }

    /**
     * A stable 40 MB live set in 128 MB with no -Xmn: on JDK 25 G1 grows its young list to 56 % of the heap by itself
     * and a few evacuations fail once old garbage builds up. That read as a critical "Old generation too small: G1's
     * young list held … try without -Xmn" to a user who had set no young size. G1's own young list (up to
     * G1MaxNewSizePercent, 60 %) is not pinned: the finding is the to-space one (headroom), never a leak — which it
     * also read as once, under a loaded machine, from a remark and a mixed collection that still held the regions of
     * failed evacuations ("60 → 98 MB", 4 points): G1's floor is one point per marking cycle.
     */
    @Test
    void g1YoungListOfItsOwnChoosing_isNotPinned() throws Exception {
        Map<String, GcReport> r = run(QUOTES);
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            soft.assertThat(report.findings()).as(name + ": " + report.trend().verdict())
                    .noneMatch(f -> f.kind() == FindingKind.HEAP_TOO_SMALL || f.kind() == FindingKind.MEMORY_LEAK);
            long failed = report.events().stream().filter(e -> e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED)).count();
            System.out.println(name + ": " + failed + " evacuation failures");
        });
        soft.assertAll();
    }

    /**
     * ZGC with the terse -Xlog:gc that services use: no "Max Capacity" line and no Live row. A level 60 MB live set
     * whose quotes are replaced at random read as a critical leak on JDK 17: the heap after each cycle crept up as
     * garbage stayed in pages under ZGC's fragmentation limit, and the maximum heap was taken for the largest committed
     * size, so the floor seemed pressed against the ceiling. The sizes' percentages give the maximum; a rise within
     * the fragmentation limit is no leak; the slow leak (2 MB/s beside an 8 MB catalogue for 14 s: its floor ends three
     * times where it started) still is. (On a 24 MB catalogue for 12 s, a machine starved by the build halved the
     * leak's pace and its floor rose by a third only, within the fragmentation allowance.)
     */
    @Test
    void zgcTerseLog_levelLiveSetIsNoLeak_slowLeakIs() throws Exception {
        Map<String, GcReport> r = run(ZGC_TERSE);
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            List<FindingKind> kinds = report.findings().stream().map(Finding::kind).toList();
            if (name.endsWith("leak")) {
                soft.assertThat(kinds).as(name + ": " + report.trend().verdict()).contains(FindingKind.MEMORY_LEAK);
                soft.assertThat(report.settings().maxHeap()).as(name).isEqualTo(64L << 20);
            } else {
                soft.assertThat(kinds).as(name + ": " + report.trend().verdict()).doesNotContain(FindingKind.MEMORY_LEAK);
                soft.assertThat(report.settings().maxHeap()).as(name).isEqualTo(128L << 20);
            }
        });
        soft.assertAll();
    }

    /**
     * Two decoders allocating flat out beside a level 60 MB live set, one concurrent GC thread: generational ZGC (JDK
     * 25) and ZGC (JDK 17) make them wait for memory nearly all the time, seconds of stalls in a 4 s log, and that was a
     * warning like a single 5 ms stall. Critical once the stalls add up to a tenth of the log's time; the paced twin
     * gives nothing.
     */
    @Test
    void allocationStallsMostOfTheTime_areCritical_pacedTwinClean() throws Exception {
        Map<String, GcReport> r = run(FEED);
        SoftAssertions soft = new SoftAssertions();
        r.forEach((name, report) -> {
            if (name.endsWith("paced")) {
                soft.assertThat(report.findings()).as(name).noneMatch(ScenarioLogsTest::warns);
                return;
            }
            List<Finding> stalls = report.findings().stream().filter(f -> f.kind() == FindingKind.GC_PRESSURE
                    && Detail.of(f, GcPressureDetail.class).stalls() != null).toList();
            soft.assertThat(stalls).as(name + " " + report.findings()).hasSize(1);
            soft.assertThat(stalls).as(name).allSatisfy(f -> {
                assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
                assertThat(Detail.of(f, GcPressureDetail.class).stallMsTotal()).isGreaterThan(400.0);
            });
            soft.assertThat(report.findings()).as(name).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
        });
        soft.assertAll();
    }
}
