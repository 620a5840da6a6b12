package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.brink.core.BrinkUserException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** What {@code brink compare --fail-on} fails on (exit 3); words as written on the command line and in JSON. */
public enum GateCondition {
    /**
     * A step's metric worse beyond the threshold, significantly or with too few seconds to rule it out (unless
     * inconclusive results are allowed), or the confirmation or the soak newly failing.
     */
    REGRESSION,
    /** The capacity found lower beyond the threshold. */
    CAPACITY,
    /** A critical or warning finding that BASE did not have. */
    FINDINGS;

    @JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code regression,capacity}: each word once; an unknown word is one line naming the words there are. */
    public static Set<GateCondition> parse(String list) throws BrinkUserException {
        Set<GateCondition> out = EnumSet.noneOf(GateCondition.class);
        for (String w : list.split(",")) {
            String word = w.trim();
            GateCondition found = null;
            for (GateCondition c : values()) {
                if (c.word().equals(word)) {
                    found = c;
                }
            }
            if (found == null) {
                throw new BrinkUserException("--fail-on: expected regression, capacity or findings (comma-separated), found '"
                        + word + "'");
            }
            out.add(found);
        }
        return out;
    }
}
