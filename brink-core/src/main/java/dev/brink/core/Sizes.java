package dev.brink.core;

import java.util.Locale;

/** Byte sizes as users and JVM flags write them (64m, 1g, 512k, 1024) and as people read them (1.2 GiB). */
public final class Sizes {
    private Sizes() {
    }

    /** Parses 64m, 1g, 512k, 1024 (bytes); units are binary, as in -Xmx. */
    public static long parse(String text) throws BrinkUserException {
        String s = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (s.endsWith("b") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
            s = s.substring(0, s.length() - 1); // 64mb → 64m
        }
        long mult = 1;
        if (!s.isEmpty()) {
            switch (s.charAt(s.length() - 1)) {
                case 'k' -> mult = 1L << 10;
                case 'm' -> mult = 1L << 20;
                case 'g' -> mult = 1L << 30;
                case 't' -> mult = 1L << 40;
                default -> mult = 1;
            }
            if (mult != 1) s = s.substring(0, s.length() - 1);
        }
        try {
            long v = Long.parseLong(s);
            if (v <= 0) throw new NumberFormatException();
            return Math.multiplyExact(v, mult);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new BrinkUserException("bad size '" + UserText.quote(text) + "': expected a positive number with an optional unit k, m or g, like 64m");
        }
    }

    /** Bytes exactly as {@link #parse} reads them back: 64m, 1536k, or a count of bytes that is neither. */
    public static String exact(long bytes) {
        if (bytes % (1L << 20) == 0) return bytes / (1L << 20) + "m";
        return bytes % 1024 == 0 ? bytes / 1024 + "k" : Long.toString(bytes);
    }

    /** Bytes as megabytes with one decimal ("12.5 MB", 1 MB = 2^20 bytes), the unit heap sizes are read in. */
    public static String mb(double bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / (1024.0 * 1024.0));
    }

    /** 1536 → "1.5 KiB"; binary units, one decimal. */
    public static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
