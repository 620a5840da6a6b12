package dev.brink.report;

import dev.brink.core.Json;
import java.io.IOException;

/**
 * The byte-level JSON steps {@link ColumnReader} is built from, each taking a line's bytes, a position and the
 * line's end, and returning the position after what it read. A malformed value throws {@link Bad} (no stack trace:
 * it is caught at once and the line is dropped or reported). Values skipped whole are checked for balanced
 * brackets and closed strings only.
 */
final class JsonBytes {
    private JsonBytes() {
    }

    /** Skips any value at p without looking inside strings' meaning; returns the position after it. */
    static int skip(byte[] b, int p, int end) {
        if (p >= end) {
            throw Bad.INSTANCE;
        }
        byte v = b[p];
        if (v == '"') {
            return stringEnd(b, p, end);
        }
        if (v == '-' || (v >= '0' && v <= '9')) {
            return numberEnd(b, p, end);
        }
        if (v != '{' && v != '[') {
            return literal(b, p, end);
        }
        int depth = 0;
        while (p < end) {
            byte x = b[p];
            if (x == '"') {
                p = stringEnd(b, p, end);
                continue;
            }
            if (x == '{' || x == '[') {
                depth++;
            } else if (x == '}' || x == ']') {
                if (--depth == 0) {
                    return p + 1;
                }
            }
            p++;
        }
        throw Bad.INSTANCE;
    }

    /** p at an opening quote; returns the position after the closing one. */
    static int stringEnd(byte[] b, int p, int end) {
        for (p++; p < end; p++) {
            byte x = b[p];
            if (x == '"') {
                return p + 1;
            }
            if (x == '\\') {
                p++;
            }
        }
        throw Bad.INSTANCE;
    }

    static int numberEnd(byte[] b, int p, int end) {
        int q = p;
        while (q < end && ((b[q] >= '0' && b[q] <= '9') || b[q] == '-' || b[q] == '+' || b[q] == '.' || b[q] == 'e' || b[q] == 'E')) {
            q++;
        }
        return q;
    }

    static int literal(byte[] b, int p, int end) {
        for (String word : LITERALS) {
            if (p + word.length() <= end && matches(b, p, word)) {
                return p + word.length();
            }
        }
        throw Bad.INSTANCE;
    }

    static final String[] LITERALS = {"true", "false", "null"};

    static boolean matches(byte[] b, int p, String word) {
        for (int i = 0; i < word.length(); i++) {
            if (b[p + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    static int expect(byte[] b, int p, int end, char ch) {
        if (p >= end || b[p] != ch) {
            throw Bad.INSTANCE;
        }
        return p + 1;
    }

    static int ws(byte[] b, int p, int end) {
        while (p < end && (b[p] == ' ' || b[p] == '\t' || b[p] == '\r')) {
            p++;
        }
        return p;
    }

    static boolean blank(byte[] b, int start, int end) {
        return ws(b, start, end) == end;
    }

    static int indexOf(byte[] b, int from, int to, byte x) {
        for (int i = from; i < to; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }

    /** JSON string escapes in a name or text (rare in run files): decoded by Jackson, the one JSON parser. */
    static String unescape(String raw) {
        try {
            return Json.MAPPER.readValue("\"" + raw + "\"", String.class);
        } catch (IOException e) {
            throw Bad.INSTANCE;
        }
    }

    /** A line that is not one JSON object; no stack trace, it is caught at once. */
    static final class Bad extends RuntimeException {
        static final Bad INSTANCE = new Bad();

        private Bad() {
            super(null, null, false, false);
        }
    }
}
