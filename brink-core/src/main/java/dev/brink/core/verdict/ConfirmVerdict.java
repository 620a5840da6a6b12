package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/** The confirmation hold's verdict (summary.json {@code confirm.verdict}). */
public enum ConfirmVerdict implements JsonWord {
    HOLDS("holds", Outcome.PASSED),
    DEGRADED("degraded", Outcome.FAILED),
    /** The generator could not drive the hold: the hold says nothing about the service. */
    GENERATOR_BOUND("generator-bound", Outcome.NOT_JUDGED),
    /** Ctrl-C, SIGTERM or a dead target cut the hold short: no verdict. */
    INTERRUPTED("interrupted", Outcome.NOT_JUDGED);

    private final String json;
    private final Outcome outcome;

    ConfirmVerdict(String json, Outcome outcome) {
        this.json = json;
        this.outcome = outcome;
    }

    /** The hold judged as one step. */
    public static ConfirmVerdict of(StepVerdictKind step) {
        return switch (step) {
            case OK -> HOLDS;
            case DEGRADED -> DEGRADED;
            case GENERATOR_BOUND -> GENERATOR_BOUND;
            case TARGET_DIED -> INTERRUPTED;
        };
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
