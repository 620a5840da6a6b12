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
    /** ZGC's "(84%)" after the before and after sizes: their share of the heap's maximum, in percent; -1 when absent. */
    int beforePercent = -1;
    int afterPercent = -1;
    /** Index just past the parsed text. */
    int end;
    // what sizeAt read last, copied into before/after; fields so that a line costs no allocation
    private long sizeRead;
    private long committedRead;
    private int percentRead;

    /** Parses at s[from..]; true when a transition starts exactly there. */
    boolean parse(String s, int from) {
        before = -1;
        beforeCommitted = -1;
        after = -1;
        committed = -1;
        beforePercent = -1;
        afterPercent = -1;
        int arrow = s.indexOf("->", from);
        if (arrow < 0 || sizeAt(s, from) != arrow) {
            return false;
        }
        before = sizeRead;
        beforeCommitted = committedRead;
        beforePercent = percentRead;
        int q = sizeAt(s, arrow + 2);
        if (q < 0) {
            return false;
        }
        after = sizeRead;
        committed = committedRead;
        afterPercent = percentRead;
        end = q;
        return true;
    }

    /**
     * Parses "SIZE" or "SIZE(COMMITTED)" at s[from..] into {@link #sizeRead} and {@link #committedRead} (-1 when
     * absent, or not a size as in ZGC's "(56%)"); the index just past it, or -1 when no size starts there.
     */
    private int sizeAt(String s, int from) {
        int p = sizeEnd(s, from);
        long v = SizeText.parse(s, from, p);
        if (v < 0) {
            return -1;
        }
        long c = -1;
        int pct = -1;
        if (p < s.length() && s.charAt(p) == '(') {
            int close = s.indexOf(')', p);
            if (close < 0) {
                return -1;
            }
            c = SizeText.parse(s, p + 1, close);
            if (c < 0 && close > p + 1 && s.charAt(close - 1) == '%') {
                double v2 = SizeText.number(s, p + 1, close - 1);
                pct = Double.isNaN(v2) ? -1 : (int) v2;
            }
            p = close + 1;
        }
        sizeRead = v;
        committedRead = c;
        percentRead = pct;
        return p;
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
