package dev.brink.core;

import java.util.List;
import java.util.Map;

/**
 * The top-level keys of each one-JSON-per-line file of a run directory (DESIGN.md "Run directory"), as the writers'
 * records write them: load.jsonl (brink-load's IntervalStats), generator.jsonl (GeneratorHealth), host.jsonl
 * (HostHealth), jvm.jsonl (brink-jvm's JvmSample) and gc.jsonl ({@link dev.brink.core.evidence.GcEventLine}). A reader
 * in another module, or another program, reads these names; {@link ContractCheck} reports a line holding any other,
 * and each writer's module tests that its record writes exactly these ({@code RunLinesTest}).
 */
public final class RunLines {
    /** File name → its lines' keys, in the order the record writes them. */
    public static final Map<String, List<String>> KEYS = Map.of(
            RunDirectory.LOAD, List.of("epoch_ms", "elapsed_s", "step", "interval_s", "target_rps", "sent", "ok", "errors", "dropped",
                    "corrected", "uncorrected", "in_flight", "waiting", "connections", "generator_bound", "ops", "tcp_connections"),
            RunDirectory.GENERATOR, List.of("epoch_ms", "process_cpu", "loop_cpu", "gc_pause_ms", "lag_p99_ms", "connections",
                    "ephemeral_ports_in_use", "ephemeral_port_range", "time_wait", "dropped", "reasons", "heap_after_gc_bytes",
                    "loaded_classes", "blocked_threads", "issues"),
            RunDirectory.HOST, List.of("epoch_ms", "cpus", "busy", "user", "system", "iowait", "steal", "run_queue", "load1",
                    "cpu_pressure", "generator_cores", "target_cores", "others_cores", "generator_wait_ms", "target_wait_ms", "saturated"),
            RunDirectory.JVM, List.of("time", "epoch_ms", "pid", "uptime_ms", "heap", "non_heap", "heap_after_gc", "pools", "gc",
                    "threads", "cpu", "classes", "buffers", "fds"),
            RunDirectory.GC, List.of("epoch_ms", "start_ms", "collector", "action", "cause", "duration_ms", "before", "after",
                    "committed_after"));

    private RunLines() {
    }
}
