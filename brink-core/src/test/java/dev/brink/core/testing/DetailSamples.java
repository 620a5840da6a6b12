package dev.brink.core.testing;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.LibraryFamily;
import dev.brink.core.Severity;
import dev.brink.core.detail.AllocationHotspotDetail;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.BusyThreadDetail;
import dev.brink.core.detail.CpuLibrary;
import dev.brink.core.detail.DeadlockDetail;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.ExceptionSource;
import dev.brink.core.detail.ExceptionsDetail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.GeneratorBoundDetail;
import dev.brink.core.detail.GrowthSource;
import dev.brink.core.detail.HeapTooSmallDetail;
import dev.brink.core.detail.HostSaturatedDetail;
import dev.brink.core.detail.HotMethodDetail;
import dev.brink.core.detail.LeakShape;
import dev.brink.core.detail.LeakSuspectDetail;
import dev.brink.core.detail.LockCause;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.LockWait;
import dev.brink.core.detail.LongPauseDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.detail.MetaspaceDetail;
import dev.brink.core.detail.PoolKind;
import dev.brink.core.detail.PoolStarvationDetail;
import dev.brink.core.detail.PortExhaustionDetail;
import dev.brink.core.detail.PortSide;
import dev.brink.core.detail.ShardIncompleteDetail;
import dev.brink.core.detail.ShardSign;
import dev.brink.core.detail.TargetDiedDetail;
import dev.brink.core.summary.HolderKind;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One detail of every finding kind with a value for every key its record has, so a test can hold each key of every kind
 * to the contract (rename it, drift it) although no one run finds every kind. No analyser writes all of a kind's keys
 * at once (a memory leak is a heap diff, a histogram diff or a GC trend): these are records, not findings of a run.
 */
public final class DetailSamples {
    private DetailSamples() {
    }

    /** Each kind's detail, every key given. */
    public static Map<FindingKind, Detail> all() {
        Map<FindingKind, Detail> out = new EnumMap<>(FindingKind.class);
        List<String> path = List.of("static app.Registry.ALL → java.util.HashMap @ 0x7f10");
        out.put(FindingKind.MEMORY_LEAK, new MemoryLeakDetail(30_000_000L, 64_000_000L, 0.47, 10_000_000L, 20_000_000L, 9_000_000L, 2.2,
                1_000L, 3_000L, true, "static app.Registry.ALL", HolderKind.STATIC_FIELD, "Guava cache", 4, "worker-#", "java.util.HashMap",
                "0x7f10", 29_000_000L, "static-field", path, List.of(new MemoryLeakDetail.GrownClass("app.Entry", 10, 3000, 240, 72_000)),
                40_000_000L, 61_000_000L, GrowthSource.HEAP_DUMP_DIFF, "evidence/heap-0.hprof", "evidence/heap-1.hprof", 1_200_000L, 0.93,
                20_000_000L, 50_000_000L, "rising", "take a heap dump", "app.Entry (3000 instances)", LeakShape.SPREAD_CLASS, 12,
                "app.PluginLoader", "0x7f20", 40, 900, "app.Gen$#", 32_000_000L, 16_000_000L, 16_000_000L, true, 50_000L,
                600_000_000L, 512_000_000L));
        out.put(FindingKind.LEAK_SUSPECT, new LeakSuspectDetail(3_000_000L, 10_000_000L, 0.3, "app.Session (400 instances)",
                "java.util.HashMap", "0x7f00", 2_900_000L, "static-field", path, LeakShape.SPREAD_CLASS, 400, "app.PluginLoader", "0x7f20",
                3, 800, "app.Gen$#", "static app.Cache.ALL", HolderKind.STATIC_FIELD, "Spring bean factory", 8, "pool-#", "take a second dump"));
        out.put(FindingKind.LOCK_CONTENTION, new LockContentionDetail("8 × profile", "0x00000000c1a2b3c4", "app.Journal", LockWait.ENTER, "worker-3",
                "RUNNABLE", "app.Journal.flush(Journal.java:30)", List.of("app.Journal.flush(Journal.java:30)"), List.of("worker-3"), 5,
                List.of("worker-1", "worker-2"), "5 of 8 worker-*", 12, 3, 3, "app.Journal", "app.Journal.append", "app.Api.post", 40L,
                9_000L, 700L, 0.9, 3.1, 1.3, "worker-3", LockCause.CLASS_LOADING, 120L));
        out.put(FindingKind.HOT_METHOD, new HotMethodDetail("8 × profile", 0.31, 310L, 1000L, LibraryFamily.REGEX,
                "java.util.regex.Pattern$Curly.match", "app.Masker.mask", "worker-*", 0.4, "org.framework.Dispatcher.handle", 4.0, 1.3));
        out.put(FindingKind.BUSY_THREAD, new BusyThreadDetail("app.Signer.sign(Signer.java:22)", "app.Signer.sign(Signer.java:22)",
                Map.of(CpuLibrary.CRYPTO, 3), CpuLibrary.CRYPTO, 0.93, List.of(new BusyThreadDetail.ThreadRow("worker-9", 4711L, 930L, 0.93, 88.5,
                "app.Signer.sign(Signer.java:22)")), 3));
        Map<String, Integer> causes = new LinkedHashMap<>();
        causes.put("System.gc()", 25);
        out.put(FindingKind.GC_PRESSURE, new GcPressureDetail(GcCauseKind.EXPLICIT, 4, 25, 9, 25, 9, 0.02, causes,
                Map.of("Heap Dump Initiated GC", 1), 0.12, 0.35, 60.0, 300, 2, 40.0, 900.0, 0.3, 1L << 20, 12L, 3L << 20, "promotion failed",
                "-XX:+DisableExplicitGC", "remove the call", "app.Exporter.flush", "8 × profile"));
        out.put(FindingKind.METASPACE, new MetaspaceDetail(GcCauseKind.METADATA, 6, 4, 20L << 20, 24L << 20, 24L << 20, 1,
                "look for a class-loader leak", "gc.log:120", 150L, "app.PluginLoader", 600L, 9000L, "8 × profile"));
        out.put(FindingKind.HEAP_TOO_SMALL, new HeapTooSmallDetail(50L << 20, 64L << 20, 4L << 20, 56L << 20, 64L << 20, 1L << 20, 12, 0.4,
                5, 0.3, "-Xmx192m", "the live set fills the heap", "the heap after GC is rising", 0.25, 0.05));
        out.put(FindingKind.LONG_PAUSE, new LongPauseDetail(1500.0, 900.0, 2, "gc.log:88", "use -XX:+UseZGC"));
        out.put(FindingKind.ALLOCATION_HOTSPOT, new AllocationHotspotDetail("app.Renderer.line", "app.Renderer.line",
                "java.lang.StringBuilder.toString", 0.6, "byte[]", 90_000_000L, "8 × profile"));
        out.put(FindingKind.EXCEPTIONS, new ExceptionsDetail(12_000L, 600_000L, "java.lang.NumberFormatException", "app.Parser.cell", 0.9,
                0.07, ExceptionSource.EXECUTION_SAMPLES, "check the input", "8 × profile", 11.5));
        out.put(FindingKind.DEADLOCK, new DeadlockDetail(List.of("a", "b"), List.of(
                new DeadlockDetail.Member("a", "BLOCKED", "app.A", "0x1", "b", "app.A.run(A.java:1)"),
                new DeadlockDetail.Member("b", "BLOCKED", "app.B", "0x2", "a", "app.B.run(B.java:1)")), true, true, 2));
        out.put(FindingKind.POOL_STARVATION, new PoolStarvationDetail("report-worker-*", PoolKind.THREAD_POOL, 4, 0, 4,
                List.of("report-worker-1"), "java.util.concurrent.FutureTask.get", "app.Report.build",
                List.of(new PoolStarvationDetail.Holder("report-worker-2", "WAITING", "jdk.internal.misc.Unsafe.park", "app.Report.part")),
                3, 3, "a pool of its own for the inner tasks", BlockingCall.SOCKET_READ, 2.5, 1.3));
        out.put(FindingKind.GENERATOR_BOUND, new GeneratorBoundDetail(4, List.of("2/4"), List.of("capacity-x4")));
        out.put(FindingKind.PORT_EXHAUSTION, new PortExhaustionDetail(PortSide.GENERATOR, "capacity-x3", 28_000, "32768-60999", 28232,
                27_000, 40, 0, 2, 0, 0, "per-call", 0, "reuse connections"));
        out.put(FindingKind.TARGET_DIED, new TargetDiedDetail(30.5, "the JVM exited with 137", "capacity step N=2"));
        out.put(FindingKind.HOST_SATURATED, HostSaturatedDetail.NONE);
        out.put(FindingKind.SHARD_INCOMPLETE, new ShardIncompleteDetail("2/4", "/runs/s2", List.of(ShardSign.NO_SUMMARY), 17L, 3,
                "capacity-x3", "no word for 10 s"));
        return out;
    }

    /** {@link #all} as findings, in the order of {@link FindingKind}. */
    public static List<Finding> findings() {
        return all().entrySet().stream().map(e -> new Finding(e.getKey(), Severity.INFO, "sample " + e.getKey().jsonName(), "",
                List.of(), Detail.map(e.getValue()))).toList();
    }
}
