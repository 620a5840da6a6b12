package dev.brink.report;

import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.Severity;
import dev.brink.core.event.RunEnd;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes a synthetic long run directory at 1-second samples: load.jsonl, jvm.jsonl, generator.jsonl with lines
 * shaped and sized like the real writers' (three operations per load line, every memory pool per JVM sample),
 * a GC every few seconds, step and phase events and a summary.json with a soak trend. A one-second latency
 * spike at 2/3 of the run lets a reader check that downsampling kept it. For the 24-hour benchmark
 * (bench/report-24h.sh) and the size test. Usage: {@code java dev.brink.report.LongRun DIR SECONDS}.
 */
final class LongRun {
    static final double SPIKE_MS = 9_999;
    private static final String[] OPS = {"get-book", "add-book", "reprice"};
    private static final String[] POOLS = {"G1 Eden Space", "G1 Old Gen", "G1 Survivor Space", "Metaspace", "CodeHeap 'profiled nmethods'",
            "CodeHeap 'non-profiled nmethods'", "CodeHeap 'non-nmethods'", "Compressed Class Space"};

    private LongRun() {
    }

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]), Integer.parseInt(args[1]), true);
    }

    static void write(Path dir, int seconds) throws IOException {
        write(dir, seconds, true);
    }

    /** @param full lines as large as the real writers' (benchmark), or without the per-operation and per-pool parts (size test) */
    static void write(Path dir, int seconds, boolean full) throws IOException {
        Files.createDirectories(dir);
        long t0 = 1_790_000_000_000L;
        Random rnd = new Random(42);
        int spikeAt = seconds * 2 / 3;
        try (BufferedWriter load = out(dir, "load.jsonl"); BufferedWriter jvm = out(dir, "jvm.jsonl");
             BufferedWriter gen = out(dir, "generator.jsonl"); BufferedWriter gc = out(dir, "gc.jsonl");
             BufferedWriter events = out(dir, "events.jsonl")) {
            event(events, t0, "phase-start", Map.of("phase", "soak"));
            event(events, t0, "step-start", Map.of("step", "soak", "duration_s", seconds, "target_rps", 40.0));
            long heapFloor = 20_000_000;
            for (int i = 0; i < seconds; i++) {
                long t = t0 + i * 1000L;
                double p99 = i == spikeAt ? SPIKE_MS : 8 + rnd.nextDouble() * 4;
                Map<String, Object> l = new LinkedHashMap<>();
                l.put("epoch_ms", t);
                l.put("elapsed_s", i + 1.0);
                l.put("step", "soak");
                l.put("interval_s", 1.0);
                l.put("target_rps", 40.0);
                l.put("sent", 40);
                l.put("ok", i % 600 == 0 ? 38 : 40);
                l.put("errors", i % 600 == 0 ? Map.of("http-503", 2) : Map.of());
                l.put("dropped", 0);
                l.put("corrected", pct(p99));
                l.put("uncorrected", pct(p99 * 0.8));
                l.put("in_flight", 1);
                l.put("waiting", 0);
                l.put("connections", 8);
                l.put("generator_bound", false);
                Map<String, Object> ops = new LinkedHashMap<>();
                for (String op : OPS) {
                    ops.put(op, Map.of("target_rps", 13.3, "sent", 13, "ok", 13, "errors", Map.of(), "dropped", 0,
                            "corrected", pct(p99), "uncorrected", pct(p99 * 0.8)));
                }
                if (full) {
                    l.put("ops", ops);
                }
                line(load, l);
                heapFloor += 300; // a slow leak: about 1 MB an hour
                long used = heapFloor + (i % 7) * 3_000_000L;
                Map<String, Object> sample = jvmSample(t, i, used, heapFloor, rnd);
                if (!full) {
                    sample.keySet().retainAll(List.of("epoch_ms", "heap", "heap_after_gc", "threads", "cpu"));
                }
                line(jvm, sample);
                line(gen, map("epoch_ms", t, "process_cpu", 0.02 + rnd.nextDouble() * 0.01, "loop_cpu", 0.01, "gc_pause_ms", 0,
                        "lag_p99_ms", 0.2, "connections", 8, "ephemeral_ports_in_use", 40, "ephemeral_port_range", 28232,
                        "time_wait", 3, "dropped", 0, "reasons", List.of()));
                if (i % 7 == 6) {
                    line(gc, Map.of("epoch_ms", t, "start_ms", i * 1000L, "collector", "G1 Young Generation", "action", "end of minor GC",
                            "cause", "G1 Evacuation Pause", "duration_ms", 2.0 + rnd.nextDouble() * 3,
                            "before", Map.of("G1 Eden Space", 18_000_000, "G1 Old Gen", heapFloor),
                            "after", Map.of("G1 Eden Space", 0, "G1 Old Gen", heapFloor),
                            "committed_after", Map.of("G1 Eden Space", 30_000_000, "G1 Old Gen", 100_000_000)));
                }
            }
            long end = t0 + seconds * 1000L;
            event(events, end, "step-end", Map.of("step", "soak", "achieved_rps", 40.0, "error_rate", 0.0003));
            event(events, end, "phase-end", Map.of("phase", "soak"));
            event(events, end, EventType.RUN_END, new RunEnd(false).fields());
            double hours = seconds / 3600.0;
            RunSummary s = new RunSummary("bench", "book", Instant.ofEpochMilli(t0).toString(), seconds, false,
                    new CapacityResult(26, 1040, "errors", 27, List.of(new CapacityStep(26, 1040, 1039.5, 0.001, 4.1, 80.2, "ok", List.of()))),
                    new ConfirmResult(26, 1040, 60, 3600, "holds", List.of(), 1038, 0.001, 90),
                    new SoakResult(1, 40, seconds, null, 300 * 3600 / 1e6, 0.97, "leak", "rising", new SoakResult.HeapTrendLine(t0, end,
                            20_000_000, 20_000_000 + (long) (300 * 3600 * hours))),
                    List.of(new Finding(FindingKind.MEMORY_LEAK, Severity.WARNING, "heap after GC rises", "heap", List.of(), Map.of())));
            Json.MAPPER.writeValue(dir.resolve("summary.json").toFile(), s);
        }
    }

    private static Map<String, Object> pct(double p99) {
        return Map.of("count", 40, "p50_ms", p99 / 3, "p90_ms", p99 / 1.5, "p99_ms", p99, "p999_ms", p99, "max_ms", p99 * 1.1);
    }

    private static Map<String, Object> jvmSample(long t, int i, long used, long floor, Random rnd) {
        Map<String, Object> pools = new LinkedHashMap<>();
        for (String p : POOLS) {
            pools.put(p, Map.of("type", p.startsWith("G1") ? "heap" : "non_heap", "used", 1_000_000 + i, "committed", 2_000_000,
                    "max", -1, "after_gc", 0));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", Instant.ofEpochMilli(t).toString());
        m.put("epoch_ms", t);
        m.put("pid", 4242);
        m.put("uptime_ms", i * 1000L);
        m.put("heap", Map.of("used", used, "committed", 100_000_000, "max", 268_435_456));
        m.put("non_heap", Map.of("used", 40_000_000, "committed", 45_000_000, "max", -1));
        m.put("heap_after_gc", floor);
        m.put("pools", pools);
        m.put("gc", Map.of("G1 Young Generation", Map.of("count", i / 7, "time_ms", i / 2), "G1 Old Generation", Map.of("count", 0, "time_ms", 0)));
        m.put("threads", Map.of("live", 30, "daemon", 20, "peak", 32, "started", 40, "new", 0, "runnable", 6 + rnd.nextInt(3),
                "blocked", rnd.nextInt(2), "waiting", 14, "timed_waiting", 8, "terminated", 0));
        m.put("cpu", Map.of("process_load", 0.1 + rnd.nextDouble() * 0.05, "process_cpu_ns", i * 100_000_000L, "system_load", 0.3,
                "load_average", 1.2, "processors", 2));
        m.put("classes", Map.of("loaded", 5000, "total_loaded", 5000, "unloaded", 0));
        m.put("buffers", Map.of("direct", Map.of("count", 4, "used", 34816, "capacity", 34816)));
        m.put("fds", Map.of("open", 50, "max", 1_048_576));
        return m;
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static BufferedWriter out(Path dir, String name) throws IOException {
        return Files.newBufferedWriter(dir.resolve(name), StandardCharsets.UTF_8);
    }

    private static void line(BufferedWriter w, Object value) throws IOException {
        w.write(Json.MAPPER.writeValueAsString(value));
        w.write('\n');
    }

    private static void event(BufferedWriter w, long t, String type, Map<String, Object> fields) throws IOException {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("time", Instant.ofEpochMilli(t).toString());
        e.put("epoch_ms", t);
        e.put("type", type);
        e.putAll(fields);
        line(w, e);
    }
}
