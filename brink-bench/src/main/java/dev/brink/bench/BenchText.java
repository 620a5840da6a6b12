package dev.brink.bench;

import dev.brink.core.stats.Bootstrap;
import dev.brink.core.stats.Figures;
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
        int last = rows.get(0).length - 1;
        Figures.table(rows, List.of(0, 1, 2, last)).forEach(out::println);
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
                + "worse by more than %s, significantly%s.%n", Figures.trim(r.options().alpha()), Figures.percent(r.options().threshold()),
                r.options().allowInconclusive() ? "" : " or with too few forks to rule it out");
    }

    /** The row's gate mark: a regression, or one too few forks can rule out ("cannot rule out +209.0%"). */
    static String regressionMark(Comparison c) {
        return c.inconclusiveRegression() ? "  REGRESSION? cannot rule out " + change(c) : "  REGRESSION";
    }

    static String ci(CompareOptions o) {
        return Figures.trim((1 - o.alpha()) * 100) + "% CI";
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
        return Figures.num(s.mean()) + " ± " + String.format(Locale.ROOT, "%.0f%%", relativeSd(s.forkMeans()) * 100);
    }

    static String change(Comparison c) {
        return Figures.change(c.ratio());
    }

    static String interval(Comparison c) {
        return Figures.interval(c.ratioLow(), c.ratioHigh());
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
}
