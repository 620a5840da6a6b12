package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The rules a load step is judged by, in the order they are reported (the first one a step breaks is what
 * limited it). Each names the {@code limited_by} word it maps to and the unit of its numbers.
 */
public enum RuleKind implements JsonWord {
    /** Share of failed requests above the SLO's error rate; measured and threshold are shares 0..1. */
    ERROR_RATE("error-rate", LimitedBy.ERRORS),
    /** Corrected p99 above the SLO's p99; milliseconds. */
    P99("p99", LimitedBy.LATENCY),
    /** Achieved rate below a share of the target rate; requests per second. */
    THROUGHPUT("throughput", LimitedBy.THROUGHPUT),
    /** p99 of the step's last third above a multiple of its first third's; milliseconds. */
    P99_TREND("p99-trend", LimitedBy.LATENCY),
    /** The generator was behind its own schedule in too many of the step's seconds; share of seconds 0..1. */
    GENERATOR_BEHIND("generator-behind", LimitedBy.GENERATOR),
    /** Every connection was busy with requests waiting in too many seconds; share of seconds 0..1. */
    CONNECTIONS_STARVED("connections-starved", LimitedBy.GENERATOR),
    /** The generator's backlog overflowed and requests were dropped; a count of requests. */
    REQUESTS_DROPPED("requests-dropped", LimitedBy.GENERATOR);

    private final String json;
    private final LimitedBy limitedBy;

    RuleKind(String json, LimitedBy limitedBy) {
        this.json = json;
        this.limitedBy = limitedBy;
    }

    @Override
    @JsonValue
    public String json() {
        return json;
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
