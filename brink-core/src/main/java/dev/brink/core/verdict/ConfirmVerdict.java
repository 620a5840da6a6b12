package dev.brink.core.verdict;

/** The confirmation hold's verdict (summary.json {@code confirm.verdict}). */
public enum ConfirmVerdict implements JsonWord {
    HOLDS,
    DEGRADED,
    /** The generator could not drive the hold: the hold says nothing about the service. */
    GENERATOR_BOUND,
    /** Ctrl-C, SIGTERM or a dead target cut the hold short: no verdict. */
    INTERRUPTED,
    /** Other processes saturated the machine during the hold (after a re-measure): it measured the machine. */
    HOST_SATURATED;

    /** The hold judged as one step. */
    public static ConfirmVerdict of(StepVerdictKind step) {
        return switch (step) {
            case OK -> HOLDS;
            case DEGRADED -> DEGRADED;
            case GENERATOR_BOUND -> GENERATOR_BOUND;
            case TARGET_DIED -> INTERRUPTED;
            case HOST_SATURATED -> HOST_SATURATED;
        };
    }

    public Outcome outcome() {
        return switch (this) {
            case HOLDS -> Outcome.PASSED;
            case DEGRADED -> Outcome.FAILED;
            case GENERATOR_BOUND, INTERRUPTED, HOST_SATURATED -> Outcome.NOT_JUDGED;
        };
    }
}
