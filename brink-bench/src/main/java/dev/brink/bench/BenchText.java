package dev.brink.bench;

import dev.brink.core.stats.Bootstrap;
import dev.brink.core.stats.Significance;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The terminal table of {@code brink bench compare}, one row per benchmark and metric, benchstat-like. */
public final class BenchText {
    private BenchText() {
    }

    /** {@code gateAllocation}: whether more allocation beyond the threshold is marked as a regression (--fail-on alloc). */
    public static void write(CompareReport r, boolean gateAllocation, PrintWriter out) {
        out.printf(Locale.ROOT, "BASE %s%nNEW  %s%n", r.baseFile(), r.newFile());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"benchmark", "mode", "unit", "BASE", "NEW", "change", ci(r.options()) + " of NEW/BASE", "p",
            "forks", "verdict"});
        for (Comparison c : r.comparisons()) {
            rows.add(new String[] {c.primary() ? shortLabel(c.label()) : "  " + c.metric(), c.primary() ? c.mode() : "",
                c.unit(), figure(c.base()), figure(c.news()), change(c), interval(c),
                Significance.formatP(c.p()),
                c.base().forkMeans().length + "/" + c.news().forkMeans().length,
                c.verdictText() + (c.beyondThreshold() && (c.primary() || gateAllocation) ? regressionMark(c) : "")});
        }
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean left = i == 0 || i == 1 || i == 2 || i == row.length - 1;
                String cell = left ? pad(row[i], width[i], false) : pad(row[i], width[i], true);
                b.append(cell).append(i == row.length - 1 ? "" : "  ");
            }
            out.println(b.toString().stripTrailing());
        }
        for (String k : r.onlyInBase()) {
            out.println("only in BASE: " + k);
        }
        for (String k : r.onlyInNew()) {
            out.println("only in NEW:  " + k);
        }
        for (String s : r.skipped()) {
            out.println("not compared: " + s);
        }
        out.printf(Locale.ROOT, "BASE/NEW: mean of fork figures ± their relative standard deviation; each fork's figure is "
                + "the mean of its iterations.%nForks are the unit: p is the Mann-Whitney U test on fork figures, the "
                + "interval a bootstrap of the ratio of means resampling forks. Significant: p < %s; the gate fails on "
                + "worse by more than %s, significantly%s.%n", trim(r.options().alpha()), percent(r.options().threshold()),
                r.options().allowInconclusive() ? "" : " or with too few forks to rule it out");
    }

    /** The row's gate mark: a regression, or one too few forks can rule out ("cannot rule out +209.0%"). */
    static String regressionMark(Comparison c) {
        return c.inconclusiveRegression() ? "  REGRESSION? cannot rule out " + change(c) : "  REGRESSION";
    }

    static String ci(CompareOptions o) {
        return trim((1 - o.alpha()) * 100) + "% CI";
    }

    /** "Class.method(params)": the package adds width, not information, in a table of one project's benchmarks. */
    static String shortLabel(String label) {
        int paren = label.indexOf('(');
        String name = paren < 0 ? label : label.substring(0, paren);
        int method = name.lastIndexOf('.');
        int cls = method <= 0 ? -1 : name.lastIndexOf('.', method - 1);
        return cls < 0 ? label : label.substring(cls + 1);
    }

    static String figure(Comparison.Side s) {
        return num(s.mean()) + " ± " + String.format(Locale.ROOT, "%.0f%%", relativeSd(s.forkMeans()) * 100);
    }

    static String change(Comparison c) {
        if (Double.isInfinite(c.ratio())) {
            return "+inf";
        }
        return String.format(Locale.ROOT, "%+.1f%%", c.changePercent());
    }

    static String interval(Comparison c) {
        return "[" + num(c.ratioLow()) + ", " + num(c.ratioHigh()) + "]";
    }

    static double relativeSd(double[] x) {
        if (x.length < 2) {
            return 0;
        }
        double m = Bootstrap.mean(x);
        double ss = 0;
        for (double v : x) {
            ss += (v - m) * (v - m);
        }
        return m == 0 ? 0 : Math.sqrt(ss / (x.length - 1)) / Math.abs(m);
    }

    /** Four significant digits, no exponent for the usual range of scores. */
    static String num(double v) {
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

    static String percent(double fraction) {
        return trim(fraction * 100) + "%";
    }

    static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.4f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    private static String pad(String s, int w, boolean right) {
        if (s.length() >= w) {
            return s;
        }
        String spaces = " ".repeat(w - s.length());
        return right ? spaces + s : s + spaces;
    }
}
