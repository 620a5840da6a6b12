package dev.brink.core.verdict;

/** The soak's verdict (summary.json {@code soak.verdict}). */
public enum SoakVerdictKind implements JsonWord {
    STABLE,
    LEAK,
    /** The target died during the soak (e.g. of OutOfMemoryError on the small heap). */
    DIED,
    /** Too few collections to judge. */
    UNKNOWN,
    /**
     * No leak seen, but other processes saturated the host during the soak's load: the service got too little CPU to
     * serve the load as planned (errors, fewer requests, less growth), so "stable" would clear it on what the machine
     * did. A leak seen on such a host is still a leak: growth is evidence whatever the load.
     */
    HOST_SATURATED;

    public Outcome outcome() {
        return switch (this) {
            case STABLE -> Outcome.PASSED;
            case LEAK, DIED -> Outcome.FAILED;
            case UNKNOWN, HOST_SATURATED -> Outcome.NOT_JUDGED;
        };
    }
}
