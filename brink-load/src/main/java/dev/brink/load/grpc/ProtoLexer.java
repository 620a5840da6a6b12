package dev.brink.load.grpc;

import dev.brink.core.BrinkUserException;
import dev.brink.core.UserText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Tokens of a .proto file for {@link ProtoParser}: identifiers (dotted names are one token), numbers,
 * quoted strings, and single-character symbols; comments and whitespace dropped. Each token keeps its line and
 * column for error messages. A quoted string is kept as its bytes (one char per byte, 0-255), as protoc reads
 * it: C escapes (octal, hex, backslash-u) are bytes, literal text its UTF-8 bytes; {@link #string} gives the text,
 * {@link #bytes} the bytes (a bytes field's default).
 */
final class ProtoLexer {
    private static final int MAX_TOKENS = 2_000_000;

    private final String file;
    private final List<String> text = new ArrayList<>();
    private final List<Boolean> quoted = new ArrayList<>();
    private final List<int[]> where = new ArrayList<>();
    private int pos;
    private int endLine;
    private int endCol;

    ProtoLexer(String src, String file) throws BrinkUserException {
        this.file = file;
        int i = 0;
        int line = 1;
        int lineStart = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = ++i;
                continue;
            }
            if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
                continue;
            }
            int col = i - lineStart + 1;
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') i++;
                continue;
            }
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                if (end < 0) throw new BrinkUserException(file + ":" + line + ":" + col + ": expected '*/' closing the comment");
                for (int k = i; k < end; k++) {
                    if (src.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end + 2;
                continue;
            }
            if (text.size() >= MAX_TOKENS) throw new BrinkUserException(file + ":" + line + ": expected at most " + MAX_TOKENS + " tokens");
            int start = i;
            if (c == '"' || c == '\'') {
                StringBuilder b = new StringBuilder();
                i++;
                while (true) {
                    if (i >= n || src.charAt(i) == '\n') {
                        throw new BrinkUserException(file + ":" + line + ":" + col + ": expected a closing " + c + " on the same line");
                    }
                    char d = src.charAt(i++);
                    if (d == c) break;
                    if (d == '\\' && i < n) {
                        i = escape(src, i, b);
                    } else {
                        int cp = Character.codePointAt(src, i - 1);
                        if (Character.charCount(cp) == 2) i++;
                        for (byte x : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) b.append((char) (x & 0xFF));
                    }
                }
                add(b.toString(), true, line, col);
                continue;
            }
            if (isIdentStart(c) || c == '.' && i + 1 < n && isIdentStart(src.charAt(i + 1))) {
                i++;
                while (i < n && (isIdentPart(src.charAt(i)) || src.charAt(i) == '.' && i + 1 < n && isIdentStart(src.charAt(i + 1)))) i++;
                add(src.substring(start, i), false, line, col);
                continue;
            }
            if (Character.isDigit(c) || (c == '-' || c == '+') && i + 1 < n && (Character.isDigit(src.charAt(i + 1)) || isIdentStart(src.charAt(i + 1)))) {
                i++;
                while (i < n && (Character.isLetterOrDigit(src.charAt(i)) || src.charAt(i) == '.'
                        || (src.charAt(i) == '-' || src.charAt(i) == '+') && (src.charAt(i - 1) == 'e' || src.charAt(i - 1) == 'E'))) i++;
                add(src.substring(start, i), false, line, col);
                continue;
            }
            add(String.valueOf(c), false, line, col);
            i++;
        }
        endLine = line;
        endCol = n - lineStart + 1;
    }

    /** One C escape after the backslash at {@code i - 1}, appended as bytes; the index after it. */
    private static int escape(String src, int i, StringBuilder b) {
        char e = src.charAt(i++);
        switch (e) {
            case 'a' -> b.append((char) 7);
            case 'b' -> b.append('\b');
            case 'f' -> b.append('\f');
            case 'n' -> b.append('\n');
            case 'r' -> b.append('\r');
            case 't' -> b.append('\t');
            case 'v' -> b.append((char) 11);
            case 'x', 'X' -> {
                int v = 0;
                int k = 0;
                while (k < 2 && i < src.length() && Character.digit(src.charAt(i), 16) >= 0) {
                    v = v * 16 + Character.digit(src.charAt(i++), 16);
                    k++;
                }
                b.append((char) (k == 0 ? e : v));
            }
            case 'u', 'U' -> {
                int digits = e == 'u' ? 4 : 8;
                int v = 0;
                int k = 0;
                while (k < digits && i < src.length() && Character.digit(src.charAt(i), 16) >= 0) {
                    v = v * 16 + Character.digit(src.charAt(i++), 16);
                    k++;
                }
                if (k < digits || !Character.isValidCodePoint(v)) {
                    b.append(e);
                } else {
                    for (byte x : new String(Character.toChars(v)).getBytes(StandardCharsets.UTF_8)) b.append((char) (x & 0xFF));
                }
            }
            default -> {
                if (e >= '0' && e <= '7') {
                    int v = e - '0';
                    for (int k = 0; k < 2 && i < src.length() && src.charAt(i) >= '0' && src.charAt(i) <= '7'; k++) v = v * 8 + src.charAt(i++) - '0';
                    b.append((char) (v & 0xFF));
                } else {
                    b.append(e); // \\ \' \" \? and any other: the character itself
                }
            }
        }
        return i;
    }

    private void add(String t, boolean q, int line, int col) {
        text.add(t);
        quoted.add(q);
        where.add(new int[] {line, col});
    }

    private static boolean isIdentStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return isIdentStart(c) || c >= '0' && c <= '9';
    }

    boolean atEnd() {
        return pos >= text.size();
    }

    /** The next token's text, or null at the end. */
    String peek() {
        return atEnd() ? null : text.get(pos);
    }

    boolean peekIs(String t) {
        return !atEnd() && !quoted.get(pos) && text.get(pos).equals(t);
    }

    String next() throws BrinkUserException {
        if (atEnd()) fail("more input");
        return text.get(pos++);
    }

    void expect(String symbol) throws BrinkUserException {
        if (!peekIs(symbol)) fail("'" + symbol + "'");
        pos++;
    }

    void expectWord(String word) throws BrinkUserException {
        expect(word);
    }

    /** An identifier (no dots) or the symbol ';' (callers treat a stray ';' as empty). */
    String ident(String what) throws BrinkUserException {
        if (atEnd() || quoted.get(pos)) fail(what);
        String t = text.get(pos);
        if (!t.equals(";") && (!isIdentStart(t.charAt(0)) || t.indexOf('.') >= 0)) fail(what);
        pos++;
        return t;
    }

    String qualifiedName(String what) throws BrinkUserException {
        if (atEnd() || quoted.get(pos)) fail(what);
        String t = text.get(pos);
        if (!(isIdentStart(t.charAt(0)) || t.charAt(0) == '.' && t.length() > 1)) fail(what);
        pos++;
        return t;
    }

    /** A quoted string's text (its bytes read as UTF-8). */
    String string(String what) throws BrinkUserException {
        return new String(bytes(what).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    /** A quoted string's bytes, one char per byte; adjacent strings join: "a" "b" is "ab", as in C. */
    String bytes(String what) throws BrinkUserException {
        if (atEnd() || !quoted.get(pos)) fail(what);
        StringBuilder b = new StringBuilder(text.get(pos++));
        while (!atEnd() && quoted.get(pos)) b.append(text.get(pos++));
        return b.toString();
    }

    boolean peekQuoted() {
        return !atEnd() && quoted.get(pos);
    }

    /** Where the next token is, "file:line:col" (the end of the file when there is none). */
    String here() {
        if (atEnd()) return file + ":" + endLine + ":" + endCol;
        int[] w = where.get(pos);
        return file + ":" + w[0] + ":" + w[1];
    }

    String file() {
        return file;
    }

    long integer(String what, long min, long max) throws BrinkUserException {
        if (atEnd() || quoted.get(pos)) fail(what);
        String t = text.get(pos);
        long v;
        try {
            boolean neg = t.startsWith("-");
            String d = neg || t.startsWith("+") ? t.substring(1) : t;
            int radix = d.startsWith("0x") || d.startsWith("0X") ? 16 : d.length() > 1 && d.startsWith("0") ? 8 : 10;
            java.math.BigInteger b = new java.math.BigInteger(d.substring(radix == 16 ? 2 : radix == 8 ? 1 : 0), radix);
            if (neg) b = b.negate();
            if (b.bitLength() > 63) throw new NumberFormatException(); // outside a long: out of range whatever the bounds
            v = b.longValue();
        } catch (NumberFormatException e) {
            fail(what);
            return 0;
        }
        if (v < min || v > max) fail(what + " in " + min + ".." + max);
        pos++;
        return v;
    }

    /** An option's value: a string, a number, an identifier (true, an enum value). */
    void constant(String what) throws BrinkUserException {
        if (atEnd()) fail(what);
        if (quoted.get(pos)) {
            string(what);
            return;
        }
        String t = text.get(pos);
        char c = t.charAt(0);
        if (!(isIdentStart(c) || Character.isDigit(c) || c == '-' || c == '+' || c == '.')) fail(what);
        pos++;
    }

    /** Fails at the next token. */
    void fail(String expected) throws BrinkUserException {
        if (atEnd()) throw new BrinkUserException(file + ":" + endLine + ":" + endCol + ": expected " + expected + ", found the end of the file");
        int[] w = where.get(pos);
        throw new BrinkUserException(file + ":" + w[0] + ":" + w[1] + ": expected " + expected + ", found " + shown(pos));
    }

    /** Fails at the token just read, which was {@code found}. */
    void failAt(String expected, String found) throws BrinkUserException {
        int[] w = where.get(pos - 1);
        // cut as shown() cuts: a word of thousands of letters must not make a message of thousands of characters
        String t = UserText.cut(found, 40);
        throw new BrinkUserException(file + ":" + w[0] + ":" + w[1] + ": expected " + expected + ", found '" + t + "'");
    }

    private String shown(int i) {
        // escaped: a string's \n and friends put control characters into a token, and the message is one line
        String t = UserText.cut(text.get(i), 40);
        return quoted.get(i) ? "\"" + t + "\"" : "'" + t + "'";
    }
}
