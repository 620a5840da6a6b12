package dev.brink.report;

import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.event.TargetRelaunched;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.TrippedRule;
import java.nio.file.Files;
import java.nio.file.Path;
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
        lock.put("wait", "enter"); // a LockWait word: "monitor" was never one Brink wrote
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
        Map<String, Object> thread = new LinkedHashMap<>(); // a row as FindingWriter writes it, in its order
        thread.put("thread", "BookThread-9");
        thread.put("cpu_delta_ms", 930);
        thread.put("cpu_share", 0.93);
        busy.put("threads", List.of(thread));
        busy.put("dumps", 3);
        BUSY = new Finding(FindingKind.BUSY_THREAD, Severity.WARNING, "BookThread-9 is busy in PriceSigner.sign:22",
                "dev.brink.sample.PriceSigner.sign", List.of("evidence/threads-1.txt"), busy);
    }

    private Fixtures() {
    }

    /**
     * A run directory of a capacity search, a confirmation and a soak: 30 s of load.jsonl and jvm.jsonl, events, a plan,
     * two evidence files and (with {@code withSummary}) the method's summary.json with {@link #LEAK}, {@link #LOCK} and
     * {@link #BUSY}. Every value is fixed: the same directory every time (GoldenOutputsTest compares what is made of it).
     */
    static void writeRun(Path dir, boolean withSummary) throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD));
             JsonlWriter jvm = new JsonlWriter(run.file(RunDirectory.JVM));
             EventLog events = new EventLog(run)) {
            long t0 = 1_700_000_000_000L;
            events.append("step-start", Map.of("step", "capacity-1"));
            for (int i = 0; i < 30; i++) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("epoch_ms", t0 + i * 1000L);
                line.put("target_rps", 100.0);
                line.put("sent", 100);
                line.put("ok", i < 20 ? 100 : 90);
                line.put("errors", i < 20 ? Map.of() : Map.of("http-503", 10));
                line.put("corrected", Map.of("p50_ms", 3.0, "p99_ms", 9.0 + i, "max_ms", 20.0));
                line.put("uncorrected", Map.of("p50_ms", 3.0, "p99_ms", 8.0, "max_ms", 15.0));
                load.append(line);
                jvm.append(Map.of("epoch_ms", t0 + i * 1000L, "heap", Map.of("used", 10_000_000 + i * 100_000, "committed", 64_000_000),
                        "heap_after_gc", 5_000_000 + i * 50_000, "threads", Map.of("runnable", 4, "blocked", i % 3, "waiting", 10, "timed_waiting", 3),
                        "cpu", Map.of("process_load", 0.4)));
            }
            events.append("step-end", Map.of("step", "capacity-1"));
            // a text the report embeds in its page's script (the timeline's mark): it must not close the script
            events.append(EventType.TARGET_RELAUNCHED, new TargetRelaunched("</script><!--", 1).fields());
        }
        Files.writeString(run.file(RunDirectory.PLAN), "name: book\nheaders: {Authorization: '***'}\n");
        Files.createDirectories(run.evidence());
        Files.writeString(run.evidence().resolve("threads-1.txt"), "dump");
        Files.writeString(run.evidence().resolve("heap-1.hprof"), "not really");
        if (withSummary) {
            RunSummary s = new RunSummary("0.1.0", "book", "2026-11-22T10:15:00Z", 3725, false,
                    new CapacityResult(26, 1040, "errors", 27, List.of(
                            new CapacityStep(26, 1040, 1039.5, 0.001, 4.1, 80.2, "ok", List.of()),
                            new CapacityStep(27, 1080, 1070.1, 0.041, 4.5, 95.0, "degraded",
                                    List.of("error rate 4.10 % > SLO 1.00 % (1328 of 32400 requests failed)")))),
                    new ConfirmResult(26, 1040, 60, 3600, ConfirmVerdict.DEGRADED, List.of("p99 730.0 ms > SLO 500.0 ms"), 1031.0, 0.002, 730.0,
                            List.of(new TrippedRule(RuleKind.P99, 730.0, 500.0))),
                    new SoakResult(1, 40, 7200, "64m", 38.2, 0.93, "leak", "rising: heap after whole-heap GC 20.1 MB → 96.5 MB",
                            new SoakResult.HeapTrendLine(1_700_000_000_000L, 1_700_000_029_000L, 21_000_000, 101_000_000)),
                    List.of(LEAK, LOCK, BUSY));
            Json.MAPPER.writeValue(run.file(RunDirectory.SUMMARY).toFile(), s);
        }
    }
}
