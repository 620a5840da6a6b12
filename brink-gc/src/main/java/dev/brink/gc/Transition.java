package dev.brink.gc;

/**
 * A "before->after(committed)" size change as GC logs print it: "24M->4M(64M)", "17472K(19648K)->2175K(19648K)",
 * "3334M(84%)->2230M(56%)", "0.0B(4096.0K)". Mutable and reused by one parser (no allocation per line).
 */
final class Transition {
    long before = -1;
    long beforeCommitted = -1;
    long after = -1;
    long committed = -1;
    /** Index just past the parsed text. */
    int end;

    /** Parses at s[from..]; true when a transition starts exactly there. */
    boolean parse(String s, int from) {
        before = -1;
        beforeCommitted = -1;
        after = -1;
        committed = -1;
        int arrow = s.indexOf("->", from);
        if (arrow < 0) {
            return false;
        }
        int p = sizeEnd(s, from);
        if (p <= from) {
            return false;
        }
        before = SizeText.parse(s, from, p);
        if (before < 0) {
            return false;
        }
        if (p < s.length() && s.charAt(p) == '(') {
            int close = s.indexOf(')', p);
            if (close < 0) {
                return false;
            }
            beforeCommitted = SizeText.parse(s, p + 1, close);
            p = close + 1;
        }
        if (p != arrow) {
            return false;
        }
        int a = arrow + 2;
        int q = sizeEnd(s, a);
        after = SizeText.parse(s, a, q);
        if (after < 0) {
            return false;
        }
        if (q < s.length() && s.charAt(q) == '(') {
            int close = s.indexOf(')', q);
            if (close < 0) {
                return false;
            }
            committed = SizeText.parse(s, q + 1, close); // -1 for ZGC's "(56%)"
            q = close + 1;
        }
        end = q;
        return true;
    }

    /** End of a size token (digits, separator, one unit letter) starting at from. */
    static int sizeEnd(String s, int from) {
        int i = from;
        int n = s.length();
        while (i < n && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == ',')) {
            i++;
        }
        if (i > from && i < n && Character.isLetter(s.charAt(i))) {
            i++;
        }
        return i;
    }
}
