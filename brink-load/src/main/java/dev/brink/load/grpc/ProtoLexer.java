package dev.brink.load.grpc;

import dev.brink.core.BrinkUserException;
import java.util.ArrayList;
import java.util.List;

/**
 * Tokens of a .proto file for {@link ProtoParser}: identifiers (dotted names are one token), numbers,
 * quoted strings (unescaped), and single-character symbols; comments and whitespace dropped. Each token
 * keeps its line and column for error messages.
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
                        char e = src.charAt(i++);
                        b.append(switch (e) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            case 'r' -> '\r';
                            case '0' -> '\0';
                            default -> e;
                        });
                    } else {
                        b.append(d);
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

    String string(String what) throws BrinkUserException {
        if (atEnd() || !quoted.get(pos)) fail(what);
        StringBuilder b = new StringBuilder(text.get(pos++));
        while (!atEnd() && quoted.get(pos)) b.append(text.get(pos++)); // "a" "b" is "ab", as in C
        return b.toString();
    }

    long integer(String what, long min, long max) throws BrinkUserException {
        if (atEnd() || quoted.get(pos)) fail(what);
        String t = text.get(pos);
        long v;
        try {
            boolean neg = t.startsWith("-");
            String d = neg || t.startsWith("+") ? t.substring(1) : t;
            if (d.startsWith("0x") || d.startsWith("0X")) v = Long.parseLong(d.substring(2), 16);
            else if (d.length() > 1 && d.startsWith("0")) v = Long.parseLong(d.substring(1), 8);
            else v = Long.parseLong(d);
            if (neg) v = -v;
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
        throw new BrinkUserException(file + ":" + w[0] + ":" + w[1] + ": expected " + expected + ", found '" + found + "'");
    }

    private String shown(int i) {
        String t = text.get(i);
        if (t.length() > 40) t = t.substring(0, 40) + "…";
        return quoted.get(i) ? "\"" + t + "\"" : "'" + t + "'";
    }
}
