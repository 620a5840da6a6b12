package dev.brink.bench;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a comparison concludes. BETTER and WORSE are printed as "faster"/"slower" for a time or throughput score and as
 * "less"/"more allocation" for bytes per operation; the JSON names are stable.
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
