package dev.brink.load.plan;

import com.fasterxml.jackson.core.io.JsonStringEncoder;

/** Writing plan YAML: what the importers share. */
public final class PlanText {
    private PlanText() {
    }

    /**
     * A YAML double-quoted scalar: JSON's string escapes are YAML's too, so any text round-trips. JSON leaves a few
     * characters bare that YAML reads otherwise: NEL, LS and PS end a YAML line, and DEL, the C1 controls and U+FFFE/F
     * are not printable YAML; those are written as {@code \\uXXXX}, which YAML's double-quoted style reads back.
     */
    public static String quote(String s) {
        String json = new String(JsonStringEncoder.getInstance().quoteAsString(s));
        StringBuilder b = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            boolean escape = c == 0x7F || c >= 0x80 && c <= 0x9F || c == 0x2028 || c == 0x2029 || c == 0xFFFE || c == 0xFFFF
                    || Character.isSurrogate(c) && !pairedAt(json, i);
            if (escape && b == null) b = new StringBuilder(json.length() + 8).append(json, 0, i);
            if (escape) b.append(String.format("\\u%04X", (int) c));
            else if (b != null) b.append(c);
        }
        return "\"" + (b == null ? json : b) + "\"";
    }

    private static boolean pairedAt(String s, int i) {
        char c = s.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
