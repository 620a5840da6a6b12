package dev.brink.core.stats;

import java.util.List;
import java.util.Locale;

/**
 * How the comparisons print their numbers and tables ({@code brink bench compare}, {@code brink compare}): one
 * precision and one layout, so a figure reads the same in both.
 */
public final class Figures {
    private Figures() {
    }

    /** Four significant digits, no exponent for the usual range of scores and latencies. */
    public static String num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        double a = Math.abs(v);
        if (a != 0 && (a < 1e-3 || a >= 1e9)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        int digits = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    /** "5%" for 0.05. */
    public static String percent(double fraction) {
        return trim(fraction * 100) + "%";
    }

    /** At most four decimals, without trailing zeros: 0.05, 5, 12.5. */
    public static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** A ratio NEW/BASE as a signed change: "+12.3%", "-4.0%", "+inf". */
    public static String change(double ratio) {
        if (Double.isInfinite(ratio)) {
            return "+inf";
        }
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    /** "[0.9712, 1.021]": an interval of the ratio. */
    public static String interval(double low, double high) {
        return "[" + num(low) + ", " + num(high) + "]";
    }

    /**
     * Rows as aligned text lines, two spaces between columns, trailing blanks cut; the columns in {@code left} are
     * aligned left, the others (numbers) right.
     */
    public static List<String> table(List<String[]> rows, List<Integer> left) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        return rows.stream().map(row -> {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String spaces = " ".repeat(width[i] - row[i].length());
                b.append(left.contains(i) ? row[i] + spaces : spaces + row[i]).append(i == row.length - 1 ? "" : "  ");
            }
            return b.toString().stripTrailing();
        }).toList();
    }
}
