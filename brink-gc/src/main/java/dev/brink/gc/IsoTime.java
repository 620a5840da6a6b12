package dev.brink.gc;

/**
 * Parses the timestamps GC logs print, "2026-11-22T20:01:23.618+0000" (offset also as "+00:00" or "Z"),
 * into epoch milliseconds without allocating. Returns -1 for anything else.
 */
final class IsoTime {
    private IsoTime() {
    }

    static long epochMs(String s, int from, int to) {
        if (to - from < 19) {
            return -1;
        }
        int y = digits(s, from, 4);
        int mo = digits(s, from + 5, 2);
        int d = digits(s, from + 8, 2);
        int h = digits(s, from + 11, 2);
        int mi = digits(s, from + 14, 2);
        int se = digits(s, from + 17, 2);
        if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 60) {
            return -1;
        }
        int p = from + 19;
        int ms = 0;
        if (p < to && (s.charAt(p) == '.' || s.charAt(p) == ',')) {
            p++;
            int scale = 100;
            while (p < to && Character.isDigit(s.charAt(p))) {
                ms += (s.charAt(p) - '0') * scale;
                scale /= 10;
                p++;
            }
        }
        int offsetMin = 0;
        if (p < to && (s.charAt(p) == '+' || s.charAt(p) == '-')) {
            int sign = s.charAt(p) == '-' ? -1 : 1;
            int oh = digits(s, p + 1, 2);
            int om = p + 3 < to && s.charAt(p + 3) == ':' ? digits(s, p + 4, 2) : digits(s, p + 3, 2);
            if (oh < 0 || om < 0) {
                return -1;
            }
            offsetMin = sign * (oh * 60 + om);
        }
        long days = daysFromCivil(y, mo, d);
        return ((days * 24 + h) * 60 + mi - offsetMin) * 60_000L + se * 1000L + ms;
    }

    private static int digits(String s, int from, int n) {
        if (from + n > s.length()) {
            return -1;
        }
        int v = 0;
        for (int i = from; i < from + n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    /** Days since 1970-01-01 (Howard Hinnant's algorithm). */
    private static long daysFromCivil(int y, int m, int d) {
        y -= m <= 2 ? 1 : 0;
        long era = (y >= 0 ? y : y - 399) / 400;
        long yoe = y - era * 400;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146097 + doe - 719468;
    }
}
