package dev.brink.gc;

/** Parses the sizes GC logs print: "17472K", "7168.0K", "0.0B", "3334M", "1.5G". Allocation-free. */
final class SizeText {
    /**
     * No size a JVM prints reaches this: ZGC, the collector with the largest heaps, stops at 16 TiB, and no machine has a
     * petabyte of memory. A larger figure ({@code 99999999999999999999M}) is an edited or corrupt log, not a huge heap.
     */
    static final long MAX_BYTES = 1L << 50;

    private SizeText() {
    }

    /**
     * Bytes of the size at s[from, to) — digits, optional fraction ('.' or ','), one unit letter B/K/M/G/T —
     * or -1 when the text is not such a size.
     *
     * @throws ImpossibleFigure the text is a size, above {@link #MAX_BYTES}
     */
    static long parse(CharSequence s, int from, int to) {
        if (to - from < 2) {
            return -1;
        }
        char unit = s.charAt(to - 1);
        long mult;
        switch (unit) {
            case 'B' -> mult = 1;
            case 'K', 'k' -> mult = 1L << 10;
            case 'M' -> mult = 1L << 20;
            case 'G' -> mult = 1L << 30;
            case 'T' -> mult = 1L << 40;
            default -> {
                return -1;
            }
        }
        long whole = 0;
        long frac = 0;
        long fracDiv = 1;
        boolean inFrac = false;
        boolean digits = false;
        for (int i = from; i < to - 1; i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits = true;
                if (inFrac) {
                    if (fracDiv < 1_000_000) {
                        frac = frac * 10 + (c - '0');
                        fracDiv *= 10;
                    }
                } else if (whole <= MAX_BYTES) { // past it the figure is impossible: stop before a long overflows
                    whole = whole * 10 + (c - '0');
                }
            } else if ((c == '.' || c == ',') && !inFrac) {
                inFrac = true;
            } else {
                return -1;
            }
        }
        if (!digits) {
            return -1;
        }
        if (whole > MAX_BYTES / mult) {
            throw new ImpossibleFigure(s.subSequence(from, to));
        }
        return whole * mult + (frac * mult) / fracDiv;
    }

    /** Milliseconds of a duration token like "3.2ms", "0.050s", "120us", "5ns"; NaN when not one. */
    static double durationMs(String s, int from, int to) {
        int u = to;
        while (u > from && Character.isLetter(s.charAt(u - 1))) {
            u--;
        }
        if (u == to || u == from) {
            return Double.NaN;
        }
        double scale;
        switch (s.substring(u, to)) {
            case "ms" -> scale = 1;
            case "s" -> scale = 1000;
            case "us" -> scale = 0.001;
            case "ns" -> scale = 0.000001;
            default -> {
                return Double.NaN;
            }
        }
        double v = number(s, from, u);
        return Double.isNaN(v) ? v : v * scale;
    }

    /** A plain decimal number ('.' or ',' as separator) at s[from, to); NaN when not one. */
    static double number(CharSequence s, int from, int to) {
        long whole = 0;
        long frac = 0;
        long div = 1;
        boolean inFrac = false;
        boolean digits = false;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits = true;
                if (inFrac) {
                    if (div < 1_000_000_000L) {
                        frac = frac * 10 + (c - '0');
                        div *= 10;
                    }
                } else {
                    if (whole > 1L << 50) {
                        return Double.NaN;
                    }
                    whole = whole * 10 + (c - '0');
                }
            } else if ((c == '.' || c == ',') && !inFrac) {
                inFrac = true;
            } else {
                return Double.NaN;
            }
        }
        return digits ? whole + (double) frac / div : Double.NaN;
    }
}
