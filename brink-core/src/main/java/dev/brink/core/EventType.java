package dev.brink.core;

import java.util.List;

/**
 * The {@code type} of every line in events.jsonl (DESIGN.md "Run directory"). Writers and readers use these
 * names only; a test checks that a real run writes no other type and that DESIGN.md lists each one.
 */
public final class EventType {
    /** A method phase begins: {@code phase} (capacity, confirm, soak), for confirm and soak {@code multiplier}. */
    public static final String PHASE_START = "phase-start";
    /** A method phase ends: {@code phase} and its {@code result} (the summary.json record of that phase). */
    public static final String PHASE_END = "phase-end";
    /** A phase was asked for but could not run: {@code phase}, {@code reason}. */
    public static final String PHASE_SKIPPED = "phase-skipped";
    /** The load engine opened: target, protocol, connection limits. */
    public static final String LOAD_OPEN = "load-open";
    /** The load engine closed. */
    public static final String LOAD_CLOSE = "load-close";
    /**
     * A load step begins: {@code step}, {@code duration_s}, {@code target_rps}, {@code workload}
     * ({@link dev.brink.core.event.StepStart}).
     */
    public static final String STEP_START = "step-start";
    /** A load step ends: {@code step} and its measured numbers ({@link dev.brink.core.event.StepEnd}). */
    public static final String STEP_END = "step-end";
    /**
     * The TLS connections of a step (HTTPS targets): {@code step}, {@code engine}, {@code protocol}, {@code cipher},
     * {@code alpn}, {@code handshakes}, {@code resumed}, {@code failed}, {@code handshake_ms} (percentiles).
     */
    public static final String TLS = "tls";
    /** The generator could not keep its schedule in a step: {@code step}, {@code reasons}. */
    public static final String GENERATOR_BOUND = "generator-bound";
    /**
     * A generator-bound or host-saturated capacity step is measured once more: {@code phase}, {@code step}, {@code verdict},
     * {@code reasons}, {@code rules}.
     */
    public static final String STEP_RETRY = "step-retry";
    /**
     * A capacity step was judged: {@code phase}, {@code step}, {@code multiplier}, {@code verdict} (a
     * {@code StepVerdictKind} word), {@code reasons}, {@code rules} and {@code result} (the CapacityStep).
     */
    public static final String STEP_VERDICT = "step-verdict";
    /** A finding: {@code finding} (the summary.json finding). */
    public static final String FINDING = "finding";
    /** An evidence file was written: {@code kind}, {@code file} (relative to the run directory), {@code pid}. */
    public static final String EVIDENCE = "evidence";
    /** A recording that is written later began: {@code kind}, {@code name}. */
    public static final String EVIDENCE_STARTED = "evidence-started";
    /** The observed target JVM died: {@code message}, {@code pid}, {@code last_sample}. */
    public static final String TARGET_DIED = "target-died";
    /** The soak relaunched the target: {@code heap}, {@code pid}. */
    public static final String TARGET_RELAUNCHED = "target-relaunched";
    /** The soak's small heap could not be used: {@code reason}. */
    public static final String SMALL_HEAP_SKIPPED = "small-heap-skipped";
    /** Every degradation rule's limit, printed before the first step: {@code text}. */
    public static final String RULES = "rules";
    /** {@code brink run --repeat K}: the capacities of the K searches and their spread. */
    public static final String CAPACITY_REPEATS = "capacity-repeats";
    /**
     * This run is one shard of a load ({@code --shard I/N}): {@code index}, {@code count}, {@code start_at},
     * {@code clock_source}, {@code clock_offset_ms}, {@code clock_offset} (the {@link Shard} record).
     */
    public static final String SHARD = "shard";
    /** {@code brink merge} joined the shards' run directories: {@code shards} (each: index, dir, complete, last_epoch_ms). */
    public static final String SHARDS_MERGED = "shards-merged";
    /** The method finished and wrote summary.json: {@code interrupted}. Absent when the run was killed. */
    public static final String RUN_END = "run-end";

    /** Every type above, in the order DESIGN.md lists them. */
    public static final List<String> ALL = List.of(PHASE_START, PHASE_END, PHASE_SKIPPED, LOAD_OPEN, LOAD_CLOSE, STEP_START,
            STEP_END, TLS, GENERATOR_BOUND, STEP_RETRY, STEP_VERDICT, FINDING, EVIDENCE, EVIDENCE_STARTED, TARGET_DIED,
            TARGET_RELAUNCHED, SMALL_HEAP_SKIPPED, RULES, CAPACITY_REPEATS, SHARD, SHARDS_MERGED, RUN_END);

    private EventType() {
    }
}
