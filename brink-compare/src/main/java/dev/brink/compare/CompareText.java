package dev.brink.compare;

import dev.brink.core.Finding;
import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import dev.brink.core.stats.Verdict;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The terminal table of {@code brink compare}: per step the whole load's metrics, and each operation's metrics that
 * changed (or could not be decided); the phases, the findings, what was not compared, and how the verdicts were
 * reached. Every row is in {@code --json}, {@code --markdown} and {@code --html}.
 */
public final class CompareText {
    private CompareText() {
    }

    public static void write(RunComparison c, PrintWriter out) {
        out.printf(Locale.ROOT, "BASE %s%nNEW  %s%n", c.base(), c.news());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"step", "operation", "metric", "unit", "BASE", "NEW", "change", ci(c.settings()) + " of NEW/BASE",
            "p (Holm)", "units", "verdict"});
        int hidden = 0;
        for (MetricComparison m : c.metrics()) {
            if (!shown(m)) {
                hidden++;
                continue;
            }
            rows.add(new String[] {m.step(), m.operationLabel(), m.metric().json(), m.metric().unit(), Figures.num(m.base()),
                Figures.num(m.news()), Figures.change(m.ratio()), Figures.interval(m.ratioLow(), m.ratioHigh()),
                Significance.formatP(m.pAdjusted()), units(m), m.verdictText() + mark(m)});
        }
        Figures.table(rows, List.of(0, 1, 2, 3, 10)).forEach(out::println);
        if (hidden > 0) {
            out.println(hidden + " more operation rows: no significant change (all rows: --json, --markdown, --html)");
        }
        for (PhaseChange p : c.phases()) {
            out.printf(Locale.ROOT, "%-8s  %s → %s: %s (%s)%s%n", p.phase().word(), p.base(), p.news(), p.verdictText(),
                    p.note(), p.regression() ? "  REGRESSION" : "");
        }
        FindingChanges f = c.findings();
        for (Finding x : f.added()) {
            out.println("finding new:      " + x.severity().jsonName() + " " + x.kind().jsonName() + ": " + x.title());
        }
        for (Finding x : f.resolved()) {
            out.println("finding resolved: " + x.severity().jsonName() + " " + x.kind().jsonName() + ": " + x.title());
        }
        if (!f.unchanged().isEmpty()) {
            out.println("findings in both: " + f.unchanged().size());
        }
        for (String n : c.notCompared()) {
            out.println("not compared: " + n);
        }
        out.println(footnote(c.settings()));
    }

    /** The whole load's rows always; an operation's only when it changed or could not be decided. */
    static boolean shown(MetricComparison m) {
        return m.operation().isEmpty() || m.verdict() != Verdict.NO_CHANGE;
    }

    static String units(MetricComparison m) {
        return m.baseUnits() + "/" + m.newUnits() + (m.secondsPerUnit() == 1 ? " s" : " × " + m.secondsPerUnit() + " s");
    }

    /** The row's gate mark: a regression, or one too few seconds can rule out. */
    static String mark(MetricComparison m) {
        if (!m.regression()) {
            return "";
        }
        return m.verdict() == Verdict.INCONCLUSIVE ? "  REGRESSION? cannot rule out " + Figures.change(m.ratio()) : "  REGRESSION";
    }

    static String ci(CompareSettings s) {
        return Figures.trim((1 - s.alpha()) * 100) + "% CI";
    }

    /** How the verdicts were reached, in words a reader of any output needs. */
    public static String footnote(CompareSettings s) {
        return "Seconds are the unit (blocks of 2, 4, 8 … s in steps over " + StepSeconds.MAX_UNITS + " s): p is the "
                + "Mann-Whitney U test on the units' own figures, adjusted by Holm's method over the comparison's metrics, the interval a bootstrap of the step's figure resampling "
                + "units. Significant: p < " + Figures.trim(s.alpha()) + "; a change within a metric's noise floor (latency "
                + RunComparer.floor(RunMetric.P50) + " to " + RunComparer.floor(RunMetric.MAX) + ", throughput "
                + RunComparer.floor(RunMetric.THROUGHPUT) + ", error rate " + RunComparer.floor(RunMetric.ERROR_RATE)
                + ") is no significant change. The gate fails on worse by more than " + Figures.percent(s.threshold())
                + ", significantly" + (s.allowInconclusive() ? "" : " or with too few seconds to rule it out") + ". A latency "
                + "change that other processes on the host can account for (one side ran more of its seconds while they took CPU "
                + "the target or Brink waited for) is inconclusive: the host was shared.";
    }
}
