package dev.brink.core.verdict;

/** The verdict of one measured load step (a capacity step; also the judgement of the confirmation hold). */
public enum StepVerdictKind implements JsonWord {
    OK,
    DEGRADED,
    /** The load generator, not the target, could not keep up: never counted as the target's limit. */
    GENERATOR_BOUND,
    /**
     * The target died during the step: its errors were a closed port, not the service's answers, so the step is no
     * capacity verdict at all.
     */
    TARGET_DIED,
    /**
     * Other processes saturated the machine during the step: it measured the machine, neither the target nor the
     * generator; re-measured once, never counted as anyone's limit.
     */
    HOST_SATURATED;

    public Outcome outcome() {
        return switch (this) {
            case OK -> Outcome.PASSED;
            case DEGRADED -> Outcome.FAILED;
            case GENERATOR_BOUND, TARGET_DIED, HOST_SATURATED -> Outcome.NOT_JUDGED;
        };
    }
}
