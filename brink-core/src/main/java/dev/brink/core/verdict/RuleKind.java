package dev.brink.core.verdict;

/**
 * The rules a load step is judged by, in the order they are reported (the first one a step breaks is what
 * limited it). Each names the {@code limited_by} word it maps to and the unit of its numbers.
 */
public enum RuleKind implements JsonWord {
    /** Share of failed requests above the SLO's error rate; measured and threshold are shares 0..1. */
    ERROR_RATE(LimitedBy.ERRORS),
    /** Corrected p99 above the SLO's p99; milliseconds. */
    P99(LimitedBy.LATENCY),
    /** Achieved rate below a share of the target rate; requests per second. */
    THROUGHPUT(LimitedBy.THROUGHPUT),
    /** p99 of the step's last third above a multiple of its first third's; milliseconds. */
    P99_TREND(LimitedBy.LATENCY),
    /**
     * The generator was bound (behind its schedule, or at its own limit in a closed loop that has none) in too many of
     * the step's seconds; share of seconds 0..1.
     */
    GENERATOR_BEHIND(LimitedBy.GENERATOR),
    /** Every connection was busy with requests waiting in too many seconds; share of seconds 0..1. */
    CONNECTIONS_STARVED(LimitedBy.GENERATOR),
    /** The generator's backlog overflowed and requests were dropped; a count of requests. */
    REQUESTS_DROPPED(LimitedBy.GENERATOR),
    /**
     * The generator's self-watch found Brink's own JVM leaking (generator issue {@code leaking}: its heap-after-GC
     * floor or its loaded classes kept rising, field report 002); share of the step's seconds 0..1, threshold 0.
     */
    GENERATOR_LEAKING(LimitedBy.GENERATOR);

    private final LimitedBy limitedBy;

    RuleKind(LimitedBy limitedBy) {
        this.limitedBy = limitedBy;
    }

    /** The summary.json {@code limited_by} word a search stopped by this rule reports. */
    public LimitedBy limitedBy() {
        return limitedBy;
    }

    /** True for the rules that say the generator, not the service, was the limit. */
    public boolean aboutGenerator() {
        return limitedBy == LimitedBy.GENERATOR;
    }
}
