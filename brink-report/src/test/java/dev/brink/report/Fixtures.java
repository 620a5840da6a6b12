package dev.brink.report;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Findings shaped exactly as the analysers write them (the detail keys of brink-heap's HeapAnalyzer for a holder
 * that grew between two dumps, and brink-threads' FindingWriter), for tests of how the report shows them.
 */
final class Fixtures {
    static final Finding LEAK;
    static final Finding LOCK;
    static final Finding BUSY;

    static {
        Map<String, Object> leak = new LinkedHashMap<>();
        leak.put("retained_bytes", 41_000_000L);
        leak.put("heap_bytes", 67_200_000L);
        leak.put("share_of_heap", 0.61);
        leak.put("retained_bytes_before", 11_000_000L);
        leak.put("growth_bytes", 30_000_000L);
        leak.put("growth_bytes_per_hour", 15_000_000L);
        leak.put("hours_between_dumps", 2.0);
        leak.put("elements_before", 20_000L);
        leak.put("elements_after", 75_000L);
        leak.put("holder", "dev.brink.sample.BookService.oldBooksPrices");
        leak.put("holder_kind", "field");
        leak.put("accumulation_class", "java.util.ArrayList");
        leak.put("accumulation_object", "0x7f00a8");
        leak.put("accumulation_retained_bytes", 40_900_000L);
        leak.put("root_kind", "class");
        leak.put("path_from_gc_root", List.of("static oldBooksPrices → dev.brink.sample.BookService @ 0x7f0010",
                "elementData → java.lang.Object[] @ 0x7f00b0", "[17] → dev.brink.sample.OldPrice @ 0x7f0200"));
        leak.put("source", "heap-dump-diff");
        leak.put("dump_before", "evidence/heap-0.hprof");
        leak.put("dump_after", "evidence/heap-1.hprof");
        LEAK = new Finding(FindingKind.MEMORY_LEAK, Severity.CRITICAL,
                "dev.brink.sample.BookService.oldBooksPrices grew by 28.6 MiB (15.0 MB/h) between the two dumps (10.5 MiB → 39.1 MiB, "
                        + "20,000 → 75,000 elements), accumulated in java.util.ArrayList",
                "dev.brink.sample.BookService.oldBooksPrices", List.of("evidence/heap-0.hprof", "evidence/heap-1.hprof"), leak);

        Map<String, Object> lock = new LinkedHashMap<>();
        lock.put("lock", "0x00000000c1a2b3c4");
        lock.put("lock_class", "org.apache.logging.log4j.core.appender.OutputStreamManager");
        lock.put("wait", "monitor");
        lock.put("holder_thread", "BookThread-3");
        lock.put("holder_state", "RUNNABLE");
        lock.put("holder_frame", "org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:300)");
        lock.put("holder_frames", List.of("org.apache.logging.log4j.core.appender.OutputStreamManager.flush(OutputStreamManager.java:300)",
                "dev.brink.sample.RequestLog.write(RequestLog.java:40)"));
        lock.put("holders_seen", List.of("BookThread-3"));
        lock.put("waiter_count", 7);
        lock.put("waiters", List.of("BookThread-1", "BookThread-2", "BookThread-4", "BookThread-5", "BookThread-6", "BookThread-7", "BookThread-8"));
        lock.put("waiter_group", "7 of 8 BookThread-*");
        lock.put("waiters_x_dumps", 20);
        lock.put("dumps_seen", 3);
        lock.put("dumps_total", 3);
        LOCK = new Finding(FindingKind.LOCK_CONTENTION, Severity.CRITICAL,
                "7 of 8 BookThread-* BLOCKED on org.apache.logging.log4j.core.appender.OutputStreamManager <0x00000000c1a2b3c4>, held by BookThread-3"
                        + " at OutputStreamManager.flush:300 — in 3 of 3 dumps",
                "org.apache.logging.log4j.core.appender.OutputStreamManager", List.of("evidence/threads-1.txt"), lock);

        Map<String, Object> busy = new LinkedHashMap<>();
        busy.put("frame", "dev.brink.sample.PriceSigner.sign(PriceSigner.java:22)");
        busy.put("threads", List.of(Map.of("thread", "BookThread-9", "cpu_delta_ms", 930, "cpu_share", 0.93)));
        busy.put("dumps", 3);
        BUSY = new Finding(FindingKind.BUSY_THREAD, Severity.WARNING, "BookThread-9 is busy in PriceSigner.sign:22",
                "dev.brink.sample.PriceSigner.sign", List.of("evidence/threads-1.txt"), busy);
    }

    private Fixtures() {
    }
}
