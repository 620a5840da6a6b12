package dev.brink.core.verdict;

/** What ended the capacity search (summary.json {@code capacity.limited_by}). */
public enum LimitedBy implements JsonWord {
    ERRORS,
    LATENCY,
    THROUGHPUT,
    /** The load generator became the limit: the service's limit is above what was measured. */
    GENERATOR,
    /** Other processes kept the machine saturated (after a re-measure): the search measured the machine. */
    HOST_SATURATED,
    /** The search reached its max multiplier without a degraded step. */
    NONE,
    /** Ctrl-C, SIGTERM, a SIGKILL or a dead target ended the search before any step degraded. */
    INTERRUPTED,
    /** A degraded step from a run directory that recorded no rule: which rule broke is not known. */
    UNKNOWN;

    /** True when the search ended on a rule the service broke, so the capacity found is the service's own limit. */
    public boolean serviceLimit() {
        return switch (this) {
            case ERRORS, LATENCY, THROUGHPUT, UNKNOWN -> true;
            case GENERATOR, HOST_SATURATED, NONE, INTERRUPTED -> false;
        };
    }

    /**
     * The capacity as a pass or fail: a service limit below 1 × profile fails (the service cannot carry its
     * profile); a generator limit or a cut-short search says nothing more about the service than what held.
     */
    public Outcome outcome(int maxMultiplier) {
        if (maxMultiplier > 0) {
            return this == GENERATOR || this == HOST_SATURATED || this == INTERRUPTED ? Outcome.NOT_JUDGED : Outcome.PASSED;
        }
        return serviceLimit() ? Outcome.FAILED : Outcome.NOT_JUDGED;
    }
}
