package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/** The verdict of one measured load step (a capacity step; also the judgement of the confirmation hold). */
public enum StepVerdictKind implements JsonWord {
    OK("ok", Outcome.PASSED),
    DEGRADED("degraded", Outcome.FAILED),
    /** The load generator, not the target, could not keep up: never counted as the target's limit. */
    GENERATOR_BOUND("generator-bound", Outcome.NOT_JUDGED),
    /**
     * The target died during the step: its errors were a closed port, not the service's answers, so the step is no
     * capacity verdict at all.
     */
    TARGET_DIED("target-died", Outcome.NOT_JUDGED);

    private final String json;
    private final Outcome outcome;

    StepVerdictKind(String json, Outcome outcome) {
        this.json = json;
        this.outcome = outcome;
    }

    @Override
    @JsonValue
    public String json() {
        return json;
    }

    public Outcome outcome() {
        return outcome;
    }
}
