package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingDetail.HeapLeak;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.testing.ChildJvm;
import dev.brink.heap.scenario.ExportDesk;
import dev.brink.heap.scenario.FareDesk;
import dev.brink.heap.scenario.GlyphRenderer;
import dev.brink.heap.scenario.IngestLoop;
import dev.brink.heap.scenario.MeterHub;
import dev.brink.heap.scenario.OrderDesk;
import dev.brink.heap.scenario.PacketGateway;
import dev.brink.heap.scenario.PluginReloader;
import dev.brink.heap.scenario.PriceBook;
import dev.brink.heap.scenario.QuoteDesk;
import dev.brink.heap.scenario.RateCard;
import dev.brink.heap.scenario.TicketGate;
import dev.brink.heap.scenario.ScriptHost;
import dev.brink.heap.scenario.TileServer;
import dev.brink.heap.scenario.spring.InventoryApp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "A leak is growth, not size", on services unlike the sample: each scenario program (dev.brink.heap.scenario) runs
 * in a child JVM on JDK 17 and on JDK 25, serves a first round of work, dumps its live heap, serves a second, dumps
 * again. Each dump alone must give suspects that name the right holders and no memory-leak; the two dumps together
 * must make exactly the growing holder a memory-leak, with its growth, and leave the caches, pools and catalogues
 * beside it stable; the healthy ones (a buffer pool, a Spring Boot context at rest, structures that change hands
 * between the dumps) give no memory-leak at all.
 * One child per scenario and JDK writes both dumps; every assertion on a scenario reads the analyses of those two.
 */
class HeapScenarioTest {
    static final String PKG = "dev.brink.heap.scenario.";
    private static final Map<String, Result> RESULTS = new ConcurrentHashMap<>();
    private static Path dir;

    /** One scenario on one JDK: each dump alone, and the later one compared with the earlier one. */
    record Result(HeapReport before, HeapReport after, HeapDiff diff) {
        List<Finding> leaks() {
            return diff.findings().stream().filter(f -> f.kind() == FindingKind.MEMORY_LEAK).toList();
        }

        List<String> stable() {
            return diff.growth().stable().stream().map(HolderGrowth::holder).toList();
        }
    }

    static List<Path> jdks() {
        List<Path> out = new ArrayList<>(List.of(ChildJvm.JDK17));
        if (Files.isExecutable(ChildJvm.java(ChildJvm.JDK25))) {
            out.add(ChildJvm.JDK25);
        }
        return out;
    }

    @BeforeAll
    static void runScenarios() throws Exception {
        dir = Files.createTempDirectory("brink-heap-scenarios");
        List<Class<?>> mains = List.of(TileServer.class, GlyphRenderer.class, IngestLoop.class, PacketGateway.class,
                PluginReloader.class, OrderDesk.class, InventoryApp.class, FareDesk.class, FareDesk.Leaking.class, ExportDesk.class, ScriptHost.class,
                QuoteDesk.class, QuoteDesk.Leaking.class, QuoteDesk.Unread.class, PriceBook.class, PriceBook.Leaking.class,
                RateCard.class, RateCard.Leaking.class, RateCard.Expiring.class, MeterHub.class, MeterHub.Leaking.class);
        // one JDK per thread: one JDK's child builds its heap while the other's dumps are analysed
        ExecutorService pool = Executors.newFixedThreadPool(jdks().size());
        List<Future<?>> runs = new ArrayList<>();
        for (Path jdk : jdks()) {
            List<Class<?>> all = new ArrayList<>(mains);
            if (!jdk.equals(ChildJvm.JDK17)) {
                all.addAll(List.of(TicketGate.class, TicketGate.Healthy.class)); // virtual threads: JDK 21+
            }
            runs.add(pool.submit(() -> {
                for (Class<?> main : all) {
                    RESULTS.put(key(jdk, main), analyse(jdk, main));
                }
                return null;
            }));
        }
        pool.shutdown();
        for (Future<?> f : runs) {
            f.get(300, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (dir != null) {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String key(Path jdk, Class<?> main) {
        // FareDesk$Leaking and QuoteDesk$Leaking: the simple names of twins collide
        return (jdk.equals(ChildJvm.JDK17) ? "JDK 17 " : "JDK 25 ") + main.getName().substring(PKG.length()).replace('$', '-');
    }

    private static Result analyse(Path jdk, Class<?> main) throws Exception {
        Path out = Files.createDirectories(dir.resolve(key(jdk, main).replace(' ', '-')));
        dumpTwice(jdk, main, out);
        HeapSnapshot before = HeapAnalyzer.snapshot(out.resolve("before.hprof"), HeapOptions.defaults());
        HeapSnapshot after = HeapAnalyzer.snapshot(out.resolve("after.hprof"), before.holders(), HeapOptions.defaults());
        return new Result(before.report(), after.report(), after.diff());
    }

    /** Runs the scenario to its end (it writes before.hprof and after.hprof, or the one {@code only} names). */
    static void dumpTwice(Path jdk, Class<?> main, Path out, String... only) throws IOException, InterruptedException {
        dumpTwiceOn(jdk, main, out, System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), "-Xmx64m", only);
    }

    /** As {@link #dumpTwice(Path, Class, Path, String...)}, on {@code classpath} with heap limit {@code xmx}. */
    static void dumpTwiceOn(Path jdk, Class<?> main, Path out, String classpath, String xmx, String... only) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ChildJvm.java(jdk).toString(), xmx, "-XX:+UseSerialGC", "-cp",
                classpath, main.getName(), out.toString()));
        cmd.addAll(List.of(only));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean done = p.waitFor(120, TimeUnit.SECONDS);
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            p.destroyForcibly();
        }
        assertThat(done).as(main.getSimpleName() + " ended within 120 s: " + log).isTrue();
        assertThat(p.exitValue()).as(main.getSimpleName() + ": " + log).isZero();
    }

    private static List<Result> results(Class<?> main) {
        List<Result> out = new ArrayList<>();
        for (Path jdk : jdks()) {
            out.add(RESULTS.get(key(jdk, main)));
        }
        return out;
    }

    /** Each dump alone: suspects that name these holders, and never a memory-leak finding. */
    private static void oneDumpNames(Result r, String... subjects) {
        for (HeapReport report : List.of(r.before(), r.after())) {
            assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
        }
        assertThat(r.after().suspects()).extracting(LeakSuspect::subject).as(r.after().file()).contains(subjects);
    }

    /** The two dumps: exactly one memory-leak, naming {@code holder}, grown by at least {@code minBytes}. */
    private static Finding onlyLeak(Result r, String subject, long minBytes) {
        assertThat(r.leaks()).as(r.diff().growth().grown().toString()).hasSize(1);
        Finding leak = r.leaks().get(0);
        assertThat(leak.subject()).isEqualTo(subject);
        long growth = ((Number) leak.detail().get(HeapGrowth.GROWTH_BYTES)).longValue();
        assertThat(growth).isGreaterThanOrEqualTo(minBytes);
        assertThat(((Number) leak.detail().get(HeapLeak.RETAINED_BYTES)).longValue()
                - ((Number) leak.detail().get(HeapGrowth.RETAINED_BYTES_BEFORE)).longValue()).isEqualTo(growth);
        assertThat(leak.detail()).containsKeys(HeapGrowth.GROWTH_BYTES_PER_HOUR, HeapLeak.PATH_FROM_GC_ROOT, HeapLeak.ACCUMULATION_CLASS)
                .doesNotContainKey(HeapGrowth.BOUND_UNREAD);
        assertThat(leak.evidence()).hasSize(2);
        return leak;
    }

    private static long elements(Finding f, String key) {
        return ((Number) f.detail().get(key)).longValue();
    }

    @Test
    void listenerLeakInASingletonBesideABoundedCache() {
        for (Result r : results(TileServer.class)) {
            oneDumpNames(r, PKG + "TileServer.renderListeners", PKG + "TileServer$TileCache.TILES");
            Finding leak = onlyLeak(r, PKG + "TileServer.renderListeners", 3_000L * 970);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(1_500);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(4_500);
            assertThat(leak.detail().get(HeapLeak.PATH_FROM_GC_ROOT).toString()).contains("INSTANCE", "renderListeners");
            assertThat(r.stable()).contains("static " + PKG + "TileServer$TileCache.TILES");
            // one dump alone: the cache is named for what its shape says it is, and only informs; the leak is not
            LeakSuspect cache = suspect(r.after(), PKG + "TileServer$TileCache.TILES");
            assertThat(cache.structure()).startsWith("an LRU cache: a " + PKG + "TileServer$TileCache in access order");
            assertThat(severityOf(r.after(), cache.subject())).isEqualTo(Severity.INFO);
            assertThat(suspect(r.after(), PKG + "TileServer.renderListeners").structure()).isEmpty();
        }
    }

    private static LeakSuspect suspect(HeapReport report, String subject) {
        return report.suspects().stream().filter(s -> s.subject().equals(subject)).findFirst()
                .orElseThrow(() -> new AssertionError("no suspect " + subject + " in " + report.suspects()));
    }

    private static Severity severityOf(HeapReport report, String subject) {
        return report.findings().stream().filter(f -> f.kind() == FindingKind.LEAK_SUSPECT && f.subject().equals(subject))
                .map(Finding::severity).findFirst().orElseThrow(() -> new AssertionError("no finding on " + subject));
    }

    @Test
    void threadLocalBuffersOnPoolThreadsBesideAStaticCacheAreOneHolderForThePool() {
        String holder = "thread-local " + PKG + "GlyphRenderer.SCRATCH of threads 'glyph-worker-#'";
        for (Result r : results(GlyphRenderer.class)) {
            oneDumpNames(r, holder, PKG + "GlyphRenderer.GLYPH_CACHE");
            LeakSuspect perPool = r.after().suspects().stream().filter(s -> s.subject().equals(holder)).findFirst().orElseThrow();
            assertThat(perPool.threads()).isEqualTo(4);
            assertThat(perPool.pool()).isEqualTo("glyph-worker-#");
            Finding leak = onlyLeak(r, holder, 8_000L * 360);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(12_000);
            assertThat(leak.detail()).containsEntry(HeapLeak.THREADS, 4).containsEntry(HeapLeak.POOL, "glyph-worker-#");
            assertThat(leak.detail().get(HeapLeak.ROOT_KIND).toString()).startsWith("thread-local of thread 'glyph-worker-");
            assertThat(r.stable()).contains("static " + PKG + "GlyphRenderer.GLYPH_CACHE");
        }
    }

    @Test
    void leakRootedOnlyInALongRunningThreadsLocalVariableBesideACatalogue() {
        String holder = "local variable of threads 'ingest-loop' in " + PKG + "IngestLoop.ingest";
        for (Result r : results(IngestLoop.class)) {
            oneDumpNames(r, holder, PKG + "IngestLoop.CATALOGUE");
            Finding leak = onlyLeak(r, holder, 30_000L * 80);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(45_000);
            assertThat(leak.detail().get(HeapLeak.ROOT_KIND)).isEqualTo("local variable of thread 'ingest-loop' in " + PKG + "IngestLoop.ingest");
            assertThat(r.stable()).contains("static " + PKG + "IngestLoop.CATALOGUE");
        }
    }

    @Test
    void aHealthyServiceWhoseBiggestStructureIsABufferPoolHasNoLeakFromOneDumpOrTwo() {
        for (Result r : results(PacketGateway.class)) {
            oneDumpNames(r, PKG + "PacketGateway$BufferPool.free");
            // half the heap, yet named for what its shape says it is (24 buffers of one size), and only informing
            LeakSuspect pool = suspect(r.after(), PKG + "PacketGateway$BufferPool.free");
            assertThat(pool.structure()).startsWith("a pool of 24 equal buffers (java.nio.HeapByteBuffer, ");
            assertThat(severityOf(r.after(), pool.subject())).isEqualTo(Severity.INFO);
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            assertThat(r.stable()).contains("static " + PKG + "PacketGateway.POOL", "static " + PKG + "PacketGateway.SESSIONS");
        }
    }

    @Test
    void classLoaderLeakNamesTheCacheFieldThatHoldsTheLoaders() {
        String field = "static " + PKG + "PluginReloader.PLUGIN_CACHE";
        for (Result r : results(PluginReloader.class)) {
            for (HeapReport report : List.of(r.before(), r.after())) {
                assertThat(report.findings()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
                assertThat(report.classLoaderLeaks()).as(report.file()).singleElement()
                        .satisfies(l -> assertThat(l.heldBy()).isEqualTo(field));
            }
            Finding leak = onlyLeak(r, "class loaders " + PKG + "PluginReloader$PluginLoader held by " + field, 90L * 24_000);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(30);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(120);
            assertThat(leak.detail().get(HeapLeak.PATH_FROM_GC_ROOT).toString()).contains("PLUGIN_CACHE");
        }
    }

    @Test
    void oneClassLoaderHandedToAnotherHolderIsNoLeak() {
        for (Result r : results(ScriptHost.class)) {
            assertThat(r.diff().growth().stable()).as(r.diff().growth().toString())
                    .anySatisfy(h -> assertThat(h.holder()).startsWith("class loaders " + PKG + "ScriptHost$BundleLoader held by "));
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
        }
    }

    @Test
    void leakInABeansFieldReachedOnlyThroughARegistryOfBeans() {
        for (Result r : results(OrderDesk.class)) {
            oneDumpNames(r, PKG + "OrderDesk$AuditService.trail", PKG + "OrderDesk$CatalogService.descriptions");
            assertThat(r.before().suspects()).extracting(LeakSuspect::subject).contains(PKG + "OrderDesk$AuditService.trail");
            Finding leak = onlyLeak(r, PKG + "OrderDesk$AuditService.trail", 18_000L * 90);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(42_000);
            assertThat(leak.detail().get(HeapLeak.PATH_FROM_GC_ROOT).toString()).contains("REGISTRY", "beans", "trail");
            assertThat(r.stable()).contains(PKG + "OrderDesk$CatalogService.descriptions");
        }
    }

    @Test
    void aSpringBootServiceAtRestHasNoLeak() {
        for (Result r : results(InventoryApp.class)) {
            for (HeapReport report : List.of(r.before(), r.after())) {
                assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
            }
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().growth().stable()).anySatisfy(h -> assertThat(h.structure()).startsWith("Spring"));
        }
    }

    @Test
    void bigStructuresThatChangeHandsWithoutGrowingAreNotLeaks() {
        for (Result r : results(FareDesk.class)) {
            // held by the registry at the first dump, from two places at the second: a new holder name, not new bytes
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.stable()).contains(PKG + "FareDesk$FareTable (held from several places)",
                    PKG + "FareDesk$Journal (held from several places)");
            // the seat map by the frame that holds it, not by the lambda's field: the same name in another run's dump
            assertThat(r.stable()).contains("local variable of threads 'main' in " + PKG + "FareDesk.run")
                    .noneMatch(h -> h.contains("$$Lambda"));
        }
    }

    @Test
    void aRequestInFlightAtTheSecondDumpIsNoLeak() {
        String export = "local variable of threads 'export-worker-#' in " + PKG + "ExportDesk.export";
        for (Result r : results(ExportDesk.class)) {
            // the export's rows: a holder the first dump lacks, held by a stack frame alone
            assertThat(r.diff().growth().stable()).anySatisfy(h -> {
                assertThat(h.holder()).isEqualTo(export);
                assertThat(h.bytesAfter()).isGreaterThan(2L << 20);
            });
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            assertThat(r.stable()).contains("static " + PKG + "ExportDesk.ACCOUNTS");
        }
    }

    @Test
    void cachesStillFillingBetweenTheDumpsAreNoLeak() {
        for (Result r : results(QuoteDesk.class)) {
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            Map<String, HolderGrowth> filling = new java.util.HashMap<>();
            r.diff().growth().filling().forEach(h -> filling.put(h.holder(), h));
            // the LRU class's bound is its field; the anonymous map's is its desk's field, read through this$0
            HolderGrowth quotes = filling.get("static " + PKG + "QuoteDesk.QUOTES");
            assertThat(quotes).as(filling.keySet().toString()).isNotNull();
            assertThat(quotes.elementsBefore()).isEqualTo(9_000);
            assertThat(quotes.elementsAfter()).isEqualTo(18_000);
            assertThat(quotes.elementsBound()).isEqualTo(30_000L);
            assertThat(quotes.growthBytes()).isGreaterThan(9_000L * 150);
            HolderGrowth rates = filling.get(PKG + "QuoteDesk$RateDesk.rates");
            assertThat(rates).as(filling.keySet().toString()).isNotNull();
            assertThat(rates.elementsAfter()).isEqualTo(8_000);
            assertThat(rates.elementsBound()).isEqualTo(12_000L);
            // full at both dumps, replacing its entries: its bound is a static constant of its class
            HolderGrowth venues = r.diff().growth().stable().stream().filter(h -> h.holder().equals("static " + PKG + "QuoteDesk.VENUES"))
                    .findFirst().orElseThrow(() -> new AssertionError("not stable: " + r.stable()));
            assertThat(venues.elementsAfter()).isEqualTo(3_000);
            assertThat(venues.elementsBound()).isEqualTo(3_000L);
        }
    }

    @Test
    void perThreadFreeListsAreAPoolAndAStaticAnonymousCacheReadsItsBoundFromTheOuterClass() {
        String pool = "thread-local " + PKG + "MeterHub.FREE of threads 'meter-worker-#'";
        for (Result r : results(MeterHub.class)) {
            oneDumpNames(r, pool);
            // equal buffers in a deque each thread polls from and offers back to: a pool, and only informing
            LeakSuspect free = suspect(r.after(), pool);
            assertThat(free.structure()).startsWith("a pool of 16 equal buffers (byte[], ").contains("java.util.ArrayDeque");
            assertThat(severityOf(r.after(), pool)).isEqualTo(Severity.INFO);
            // the application's own pools: a fixed array of slots, a list kept under its pool's capacity
            LeakSuspect ring = suspect(r.after(), PKG + "MeterHub$FrameRing.slots");
            assertThat(ring.structure()).startsWith("a pool of 24 equal buffers (byte[], ").contains("a fixed array of " + PKG + "MeterHub$FrameRing");
            LeakSuspect blocks = suspect(r.after(), PKG + "MeterHub$BlockPool.free");
            assertThat(blocks.structure()).startsWith("a pool of 20 equal buffers (byte[], ").contains("capped at 24");
            // linked free lists have no backing array: their nodes hold the buffers; a list made at 30 and filled once
            LeakSuspect spool = suspect(r.after(), PKG + "MeterHub.SPOOL");
            assertThat(spool.structure()).startsWith("a pool of 40 equal buffers (byte[], ").contains("java.util.concurrent.ConcurrentLinkedQueue");
            assertThat(severityOf(r.after(), PKG + "MeterHub.SPOOL")).isEqualTo(Severity.INFO);
            LeakSuspect uplink = suspect(r.after(), PKG + "MeterHub.UPLINK");
            assertThat(uplink.structure()).startsWith("a pool of 30 equal buffers (byte[], ").contains("java.util.concurrent.LinkedBlockingDeque");
            LeakSuspect slabs = suspect(r.after(), PKG + "MeterHub.SLABS");
            assertThat(slabs.structure()).startsWith("a pool of 30 equal buffers (byte[], ").contains("filled to the capacity it was made with (30)");
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            // MeterHub$1 has no this$0: its bound is MeterHub.MAX_READINGS, a static read at start-up, not a constant
            HolderGrowth readings = r.diff().growth().filling().stream().filter(h -> h.holder().equals("static " + PKG + "MeterHub.READINGS"))
                    .findFirst().orElseThrow(() -> new AssertionError("not filling: " + r.diff().growth()));
            assertThat(readings.elementsBefore()).isEqualTo(2_000);
            assertThat(readings.elementsAfter()).isEqualTo(4_000);
            assertThat(readings.elementsBound()).isEqualTo(6_000L);
        }
    }

    @Test
    void aThreadLocalListOfEqualBuffersAndACacheBoundedBeyondTheHeapAreLeaks() {
        String scratch = "thread-local " + PKG + "MeterHub$Leaking.SCRATCH of threads 'meter-worker-#'";
        String frames = PKG + "MeterHub$Leaking.FRAMES";
        for (Result r : results(MeterHub.Leaking.class)) {
            // one dump: 900 equal buffers, but in lists that are only appended to: no pool, and warned of by size
            LeakSuspect list = suspect(r.after(), scratch);
            assertThat(list.structure()).isEmpty();
            assertThat(severityOf(r.after(), scratch)).isEqualTo(Severity.WARNING);
            // a list made at 30 and appended to has spare slots: no pool; a queue only offered to is read as a pool in
            // one dump (a queue is polled and offered back), and the two dumps see it grow
            assertThat(suspect(r.after(), PKG + "MeterHub$Leaking.SLABS").structure()).isEmpty();
            assertThat(suspect(r.after(), PKG + "MeterHub$Leaking.SPOOL").structure()).startsWith("a pool of 80 equal buffers");
            assertThat(r.leaks()).extracting(Finding::subject).containsExactlyInAnyOrder(scratch, frames, PKG + "MeterHub$Leaking.SLABS",
                    PKG + "MeterHub$Leaking.SPOOL");
            Finding cache = r.leaks().stream().filter(f -> f.subject().equals(frames)).findFirst().orElseThrow();
            // bounded at 40 000 frames of ~2 KiB: ~80 MB at its bound, beyond a 64 MiB heap's maximum
            assertThat(cache.detail()).containsEntry(HeapGrowth.ELEMENTS_BOUND, 40_000L).doesNotContainKey(HeapGrowth.BOUND_UNREAD);
            assertThat(ScenarioRuns.number(cache, HeapGrowth.BOUND_BYTES)).isBetween(80_000_000L, 90_000_000L);
            assertThat(ScenarioRuns.number(cache, HeapGrowth.MAX_HEAP_BYTES)).isBetween(60L << 20, 64L << 20);
            assertThat(cache.title()).contains("fills the heap before it reaches its bound");
            assertThat(elements(cache, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(3_000);
            assertThat(r.diff().growth().filling()).isEmpty();
        }
    }

    @Test
    void aLinkedHashMapSubclassWhoseBoundDoesNotReadIsGrowthThatMayBeACache() {
        // a literal in removeEldestEntry, no override (a counter subclass), an enclosing bound of 0: the heap shows no
        // bound, so each growth is a finding that says it may be a cache and how to tell
        String unread = PKG + "QuoteDesk$Unread";
        for (Result r : results(QuoteDesk.Unread.class)) {
            assertThat(r.diff().grew()).isTrue();
            assertThat(r.diff().growth().filling()).isEmpty();
            assertThat(r.leaks()).extracting(Finding::subject).containsExactlyInAnyOrder(unread + ".RATES", unread + ".BLOTTER",
                    unread + "$FillDesk.fills");
            assertThat(r.leaks()).allSatisfy(f -> {
                assertThat(f.severity()).isIn(Severity.WARNING, Severity.CRITICAL);
                assertThat(f.title()).endsWith(HeapFindings.MAY_BE_FILLING);
                assertThat(elements(f, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(12_000);
                assertThat(f.detail().get(HeapGrowth.BOUND_UNREAD)).isEqualTo(Boolean.TRUE);
            });
            assertThat(r.diff().growth().grown()).allSatisfy(h -> assertThat(h.elementsBound()).isNull());
        }
    }

    @Test
    void aCaffeineCacheStillFillingIsNoLeakAndItsUnboundedTwinIs() {
        String caffeine = "com.github.benmanes.caffeine.cache.";
        for (Result r : results(PriceBook.class)) {
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            HolderGrowth cache = r.diff().growth().filling().stream()
                    .filter(h -> h.holder().equals(caffeine + "BoundedLocalCache$BoundedLocalManualCache.cache")).findFirst()
                    .orElseThrow(() -> new AssertionError("not filling: " + r.diff().growth().filling()));
            assertThat(cache.elementsBefore()).isEqualTo(12_000);
            assertThat(cache.elementsAfter()).isEqualTo(24_000);
            assertThat(cache.elementsBound()).isEqualTo(40_000L);
            // what grew inside it (its map, its frequency sketch) fills with it
            assertThat(r.diff().growth().filling()).allSatisfy(h -> assertThat(h.holder()).startsWith(caffeine));
            // one dump alone: the cache is most of the heap, and named for what it is
            assertThat(r.after().findings()).noneMatch(f -> f.severity() != Severity.INFO);
            assertThat(r.after().suspects()).anySatisfy(s -> assertThat(s.structure()).startsWith("a Caffeine cache with a bound"));
        }
        for (Result r : results(PriceBook.Leaking.class)) {
            assertThat(r.diff().growth().filling()).isEmpty();
            Finding leak = onlyLeak(r, r.leaks().isEmpty() ? "none" : r.leaks().get(0).subject(), 12_000L * 200);
            assertThat(leak.subject()).startsWith(caffeine + "UnboundedLocalCache");
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(24_000);
        }
    }

    @Test
    void aGuavaCacheStillFillingIsNoLeakAndItsUnboundedTwinIs() {
        String guava = "com.google.common.cache.";
        for (Result r : results(RateCard.class)) {
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            HolderGrowth cache = r.diff().growth().filling().stream()
                    .filter(h -> h.holder().equals(guava + "LocalCache$LocalManualCache.localCache")).findFirst()
                    .orElseThrow(() -> new AssertionError("not filling: " + r.diff().growth().filling()));
            // the entries in all four segments, and the bound CacheBuilder.maximumSize gave
            assertThat(cache.elementsBefore()).isEqualTo(12_000);
            assertThat(cache.elementsAfter()).isEqualTo(24_000);
            assertThat(cache.elementsBound()).isEqualTo(40_000L);
            // what grew inside it (its segments, their hash tables) fills with it
            assertThat(r.diff().growth().filling()).allSatisfy(h -> assertThat(h.holder()).startsWith(guava));
            // one dump alone: the cache is named for what its fields say it is
            assertThat(r.after().suspects()).anySatisfy(s -> assertThat(s.structure()).startsWith("a Guava cache with a bound"));
        }
        for (Result r : results(RateCard.Leaking.class)) {
            assertThat(r.diff().growth().filling()).isEmpty();
            Finding leak = onlyLeak(r, r.leaks().isEmpty() ? "none" : r.leaks().get(0).subject(), 12_000L * 250);
            assertThat(leak.subject()).startsWith(guava + "LocalCache");
            assertThat(leak.detail().get(HeapLeak.PATH_FROM_GC_ROOT).toString()).contains("RateCard$Leaking", "CARDS");
            // one dump alone: the same class without a maximum is not named bounded
            assertThat(r.after().suspects()).noneSatisfy(s -> assertThat(s.structure()).startsWith("a Guava cache"));
        }
        for (Result r : results(RateCard.Expiring.class)) {
            // no maximum, but an expiry: it evicts at a bound no field holds; held by a JDK map, its segments are the holder
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            HolderGrowth cache = r.diff().growth().filling().stream()
                    .filter(h -> h.holder().equals(guava + "LocalCache.segments")).findFirst()
                    .orElseThrow(() -> new AssertionError("not filling: " + r.diff().growth().filling()));
            assertThat(cache.elementsBefore()).isEqualTo(12_000);
            assertThat(cache.elementsAfter()).isEqualTo(24_000);
            assertThat(cache.elementsBound()).isZero();
        }
    }

    @Test
    void aFullCacheWhoseEntriesKeepGrowingIsALeak() {
        for (Result r : results(QuoteDesk.Leaking.class)) {
            Finding leak = onlyLeak(r, PKG + "QuoteDesk$Leaking.QUOTES", 6_000L * 12 * 32);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(6_000);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(6_000);
            assertThat(r.diff().growth().filling()).isEmpty();
        }
    }

    @Test
    void virtualThreadsParkedForGoodAreNamedByTheMethodWhoseFramesHoldTheMemory() {
        org.junit.jupiter.api.Assumptions.assumeTrue(jdks().size() > 1, "no JDK 25 here: virtual threads need 21+");
        Result r = RESULTS.get(key(ChildJvm.JDK25, TicketGate.class));
        String holder = "local variable of threads '(virtual)' in " + PKG + "TicketGate$Booking.call";
        // one dump: 5 000 orders of 4 KB, each its own root, none near the threshold alone: one suspect by method
        LeakSuspect frames = suspect(r.after(), holder);
        assertThat(frames.threads()).isEqualTo(5_000);
        assertThat(frames.pool()).isEqualTo("(virtual)");
        assertThat(frames.retainedBytes()).isGreaterThan(5_000L * 4_000);
        assertThat(severityOf(r.after(), holder)).isEqualTo(Severity.WARNING);
        // two dumps: the frames' holder grew by the 2 500 bookings parked since
        onlyLeak(r, holder, 2_500L * 4_000);
        assertThat(r.stable()).contains("static " + PKG + "TicketGate.VENUES");
    }

    @Test
    void virtualThreadsThatEndLeaveNothingToName() {
        org.junit.jupiter.api.Assumptions.assumeTrue(jdks().size() > 1, "no JDK 25 here: virtual threads need 21+");
        Result r = RESULTS.get(key(ChildJvm.JDK25, TicketGate.Healthy.class));
        assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
        assertThat(r.after().findings()).noneMatch(f -> f.severity() != Severity.INFO);
        assertThat(r.after().suspects()).noneMatch(s -> s.pool().equals("(virtual)"));
    }

    @Test
    void aStructureThatGrowsWhileChangingHandsIsALeakByItsGrowthAlone() {
        for (Result r : results(FareDesk.Leaking.class)) {
            // the field that grew, inside the journal that changed hands; the journal itself is no second leak
            Finding leak = onlyLeak(r, PKG + "FareDesk$Journal.bookings", 18_000L * 120);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(6_000);
            assertThat(elements(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(24_000);
            assertThat(r.stable()).contains(PKG + "FareDesk$FareTable (held from several places)");
        }
    }

    @Test
    void twoProcessesOfOneApplicationDiffByHolderAndTwoApplicationsDoNot() throws Exception {
        Path first = Files.createDirectories(dir.resolve("relaunch-1"));
        Path second = Files.createDirectories(dir.resolve("relaunch-2"));
        dumpTwice(ChildJvm.JDK17, TileServer.class, first, "before");
        dumpTwice(ChildJvm.JDK17, TileServer.class, second, "after");
        HeapDiff relaunch = HeapAnalyzer.diff(first.resolve("before.hprof"), second.resolve("after.hprof"), HeapOptions.defaults());
        assertThat(relaunch.findings()).singleElement().satisfies(f -> assertThat(f.subject()).isEqualTo(PKG + "TileServer.renderListeners"));
        assertThat(relaunch.growth().stable()).extracting(HolderGrowth::holder).contains("static " + PKG + "TileServer$TileCache.TILES");

        assertThatThrownBy(() -> HeapAnalyzer.diff(first.resolve("before.hprof"),
                dir.resolve(key(ChildJvm.JDK17, IngestLoop.class).replace(' ', '-')).resolve("after.hprof"), HeapOptions.defaults()))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("are not dumps of one application");
    }
}
