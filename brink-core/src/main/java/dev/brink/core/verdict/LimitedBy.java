package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/** What ended the capacity search (summary.json {@code capacity.limited_by}). */
public enum LimitedBy implements JsonWord {
    ERRORS("errors", true),
    LATENCY("latency", true),
    THROUGHPUT("throughput", true),
    /** The load generator became the limit: the service's limit is above what was measured. */
    GENERATOR("generator", false),
    /** The search reached its max multiplier without a degraded step. */
    NONE("none", false),
    /** Ctrl-C, SIGTERM, a SIGKILL or a dead target ended the search before any step degraded. */
    INTERRUPTED("interrupted", false),
    /** A degraded step from a run directory that recorded no rule: which rule broke is not known. */
    UNKNOWN("unknown", true);

    private final String json;
    private final boolean serviceLimit;

    LimitedBy(String json, boolean serviceLimit) {
        this.json = json;
        this.serviceLimit = serviceLimit;
    }

    @Override
    @JsonValue
    public String json() {
        return json;
    }

    /** True when the search ended on a rule the service broke, so the capacity found is the service's own limit. */
    public boolean serviceLimit() {
        return serviceLimit;
    }

    /**
     * The capacity as a pass or fail: a service limit below 1 × profile fails (the service cannot carry its
     * profile); a generator limit or a cut-short search with nothing that held says nothing about the service.
     */
    public Outcome outcome(int maxMultiplier) {
        if (maxMultiplier > 0) {
            return this == GENERATOR || this == INTERRUPTED ? Outcome.NOT_JUDGED : Outcome.PASSED;
        }
        return serviceLimit ? Outcome.FAILED : Outcome.NOT_JUDGED;
    }
}
