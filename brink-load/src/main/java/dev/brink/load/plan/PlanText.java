package dev.brink.load.plan;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/** Writing plan YAML: what the importers share. */
public final class PlanText {
    private PlanText() {
    }

    /** A YAML double-quoted scalar: JSON's string escapes are YAML's too, so any text round-trips. */
    public static String quote(String s) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
    }
}
