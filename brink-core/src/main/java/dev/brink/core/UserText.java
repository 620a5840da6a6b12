package dev.brink.core;

/**
 * Makes text from the user's input safe to put into a one-line message: control characters become visible
 * escapes (so a value cannot break the line or hide part of it) and long values are cut. Error messages quote
 * at most {@link #QUOTE_CHARS} characters of a value: a 50 MB CSV header must not become a 50 MB error line.
 */
public final class UserText {
    /** How much of a value an error message quotes. */
    public static final int QUOTE_CHARS = 60;
    /** The longest message the CLI prints for a user error. */
    public static final int MESSAGE_CHARS = 500;

    private UserText() {
    }

    /** At most {@code max} characters of {@code text} on one line, "…" marking a cut. */
    public static String cut(String text, int max) {
        if (text == null) return "null";
        StringBuilder sb = new StringBuilder(Math.min(text.length(), max) + 8);
        int i = 0;
        for (; i < text.length() && sb.length() < max; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> sb.append("\\r");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\0' -> sb.append("\\0");
                default -> {
                    if (c < 0x20 || c == 0x7F) sb.append(String.format("\\x%02x", (int) c));
                    else sb.append(c);
                }
            }
        }
        if (i < text.length()) {
            sb.setLength(Math.min(sb.length(), max));
            sb.append('…');
        }
        return sb.toString();
    }

    /** A value to quote in a message: cut to {@link #QUOTE_CHARS}. */
    public static String quote(String value) {
        return cut(value, QUOTE_CHARS);
    }

    /**
     * A multi-line message as one line: the lines joined with "; " (blank ones dropped), cut to
     * {@link #MESSAGE_CHARS}. Exit-2 messages are read on a terminal and grepped in CI logs: one line each.
     */
    public static String oneLine(String message) {
        if (message == null) return "";
        StringBuilder sb = new StringBuilder();
        for (String line : message.split("\\R")) {
            String t = line.strip();
            if (t.isEmpty()) continue;
            if (sb.length() > 0) sb.append("; ");
            sb.append(t);
            if (sb.length() > MESSAGE_CHARS) break;
        }
        return cut(sb.toString(), MESSAGE_CHARS);
    }

    /** True when {@code text} holds CR, LF or NUL: characters that end or corrupt a protocol line. */
    public static boolean breaksLine(CharSequence text) {
        return firstLineBreak(text) >= 0;
    }

    /** Index of the first CR, LF or NUL in {@code text}, or -1. */
    public static int firstLineBreak(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n' || c == '\0') return i;
        }
        return -1;
    }
}
