package dev.brink.core.stats;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a comparison of two samples concludes ({@link Significance}), in brink bench compare and brink compare alike.
 * Each output words BETTER and WORSE for its metric ("faster"/"slower" for a time or throughput, "less"/"more
 * allocation" for bytes per operation); the JSON names are stable.
 */
public enum Verdict {
    BETTER("better"),
    WORSE("worse"),
    NO_CHANGE("no-significant-change"),
    INCONCLUSIVE("inconclusive");

    private final String jsonName;

    Verdict(String jsonName) {
        this.jsonName = jsonName;
    }

    @JsonValue
    public String jsonName() {
        return jsonName;
    }
}
