package dev.brink.core.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/** The soak's verdict (summary.json {@code soak.verdict}). */
public enum SoakVerdictKind implements JsonWord {
    STABLE("stable", Outcome.PASSED),
    LEAK("leak", Outcome.FAILED),
    /** The target died during the soak (e.g. of OutOfMemoryError on the small heap). */
    DIED("died", Outcome.FAILED),
    /** Too few collections to judge. */
    UNKNOWN("unknown", Outcome.NOT_JUDGED);

    private final String json;
    private final Outcome outcome;

    SoakVerdictKind(String json, Outcome outcome) {
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
