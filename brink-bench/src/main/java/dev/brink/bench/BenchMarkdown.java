package dev.brink.bench;

import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import java.util.List;

/**
 * A Markdown table fit for a pull-request comment: regressions first in bold, every benchmark one row, a footnote
 * saying how the verdicts were reached so a reviewer need not know brink bench.
 */
public final class BenchMarkdown {
    private BenchMarkdown() {
    }

    /** {@code gateAllocation}: whether more allocation beyond the threshold is a regression (--fail-on alloc). */
    public static String write(List<CompareReport> reports, boolean gateAllocation) {
        StringBuilder b = new StringBuilder();
        long regressions = 0;
        long allocation = 0;
        for (CompareReport r : reports) {
            regressions += r.regressions(gateAllocation).size();
            allocation += gateAllocation ? 0 : r.regressions(true).size() - r.regressions(false).size();
        }
        b.append("### brink bench: ");
        b.append(regressions == 0 ? "no regression" : "**" + regressions + " regression" + (regressions == 1 ? "" : "s") + "**");
        if (allocation > 0) {
            b.append(", ").append(allocation).append(" allocation increase").append(allocation == 1 ? "" : "s")
                    .append(" beyond ").append(Figures.percent(reports.get(0).options().threshold()));
        }
        b.append("\n\n");
        for (CompareReport r : reports) {
            b.append("`").append(cell(r.baseFile())).append("` → `").append(cell(r.newFile())).append("`\n\n");
            b.append("| benchmark | metric | BASE | NEW | change | ").append(BenchText.ci(r.options()))
                    .append(" of ratio | p | forks | verdict |\n");
            b.append("|---|---|--:|--:|--:|--:|--:|--:|---|\n");
            for (Comparison c : r.comparisons()) {
                String verdict = c.verdictText();
                if (c.beyondThreshold() && (c.primary() || gateAllocation)) {
                    verdict = "**" + verdict + (c.inconclusiveRegression() ? " (regression? cannot rule out " + BenchText.change(c)
                            + ")**" : " (regression)**");
                }
                b.append("| `").append(cell(BenchText.shortLabel(c.label()))).append("` ").append(c.mode())
                        .append(" | ").append(c.primary() ? "score" : c.metric()).append(" (").append(cell(c.unit())).append(")")
                        .append(" | ").append(BenchText.figure(c.base()))
                        .append(" | ").append(BenchText.figure(c.news()))
                        .append(" | ").append(BenchText.change(c))
                        .append(" | ").append(BenchText.interval(c))
                        .append(" | ").append(Significance.formatP(c.p()))
                        .append(" | ").append(c.base().forkMeans().length).append("/").append(c.news().forkMeans().length)
                        .append(" | ").append(verdict).append(" |\n");
            }
            for (String k : r.onlyInBase()) {
                b.append("\nOnly in BASE: `").append(cell(k)).append("`");
            }
            for (String k : r.onlyInNew()) {
                b.append("\nOnly in NEW: `").append(cell(k)).append("`");
            }
            b.append("\n\n");
        }
        CompareOptions o = reports.get(0).options();
        b.append("<sub>Forks are the unit of independence: each fork's figure is the mean of its iterations; p is the ")
                .append("Mann-Whitney U test on fork figures, the interval a bootstrap of the ratio of means resampling forks. ")
                .append("A regression is worse by more than ").append(Figures.percent(o.threshold()))
                .append(", significantly (p < ").append(Figures.trim(o.alpha())).append(")")
                .append(o.allowInconclusive() ? "" : " or with too few forks to rule it out").append(".</sub>\n");
        return b.toString();
    }

    /** Text inside a table cell: a pipe would end the cell, a newline the row. */
    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ").replace("`", "'");
    }
}
