package dev.brink.core.verdict;

/** The soak's verdict (summary.json {@code soak.verdict}). */
public enum SoakVerdictKind implements JsonWord {
    STABLE,
    LEAK,
    /** The target died during the soak (e.g. of OutOfMemoryError on the small heap). */
    DIED,
    /** Too few collections to judge. */
    UNKNOWN;

    public Outcome outcome() {
        return switch (this) {
            case STABLE -> Outcome.PASSED;
            case LEAK, DIED -> Outcome.FAILED;
            case UNKNOWN -> Outcome.NOT_JUDGED;
        };
    }
}
