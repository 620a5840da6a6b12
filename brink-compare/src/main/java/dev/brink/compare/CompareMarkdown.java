package dev.brink.compare;

import dev.brink.core.Finding;
import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import java.util.List;

/**
 * {@code brink compare --markdown}: a pull-request comment. The gate's result first, then per comparison the rows of
 * the terminal table (regressions in bold), the phases, the findings, and a footnote on how the verdicts were reached.
 */
public final class CompareMarkdown {
    private CompareMarkdown() {
    }

    public static String write(List<RunComparison> comparisons) {
        StringBuilder b = new StringBuilder();
        long failures = comparisons.stream().mapToLong(c -> c.gateFailures().size()).sum();
        b.append("### brink compare: ").append(failures == 0 ? "the gate passes"
                : "**" + failures + " gate failure" + (failures == 1 ? "" : "s") + "**").append("\n\n");
        for (RunComparison c : comparisons) {
            b.append("`").append(cell(c.base())).append("` → `").append(cell(c.news())).append("`\n\n");
            b.append("| step | operation | metric | BASE | NEW | change | ").append(CompareText.ci(c.settings()))
                    .append(" of ratio | p (Holm) | units | verdict |\n|---|---|---|--:|--:|--:|--:|--:|--:|---|\n");
            for (MetricComparison m : c.metrics()) {
                if (!CompareText.shown(m)) {
                    continue;
                }
                String verdict = m.verdictText() + CompareText.mark(m);
                b.append("| ").append(cell(m.step())).append(" | ").append(cell(m.operationLabel())).append(" | ")
                        .append(m.metric().json()).append(" (").append(m.metric().unit()).append(") | ")
                        .append(Figures.num(m.base())).append(" | ").append(Figures.num(m.news())).append(" | ")
                        .append(Figures.change(m.ratio())).append(" | ").append(Figures.interval(m.ratioLow(), m.ratioHigh()))
                        .append(" | ").append(Significance.formatP(m.pAdjusted())).append(" | ").append(CompareText.units(m)).append(" | ")
                        .append(m.regression() ? "**" + verdict.strip() + "**" : verdict).append(" |\n");
            }
            for (PhaseChange p : c.phases()) {
                b.append("\n- ").append(p.phase().word()).append(": ").append(cell(p.base())).append(" → ").append(cell(p.news()))
                        .append(": ").append(p.regression() ? "**" + p.verdictText() + "**" : p.verdictText())
                        .append(" (").append(cell(p.note())).append(")");
            }
            for (Finding f : c.findings().added()) {
                b.append("\n- new finding: ").append(f.severity().jsonName()).append(" ").append(f.kind().jsonName()).append(": ")
                        .append(cell(f.title()));
            }
            for (Finding f : c.findings().resolved()) {
                b.append("\n- resolved finding: ").append(f.kind().jsonName()).append(": ").append(cell(f.title()));
            }
            for (String n : c.notCompared()) {
                b.append("\n- not compared: ").append(cell(n));
            }
            b.append("\n\n");
        }
        b.append("<sub>").append(CompareText.footnote(comparisons.get(0).settings())).append("</sub>\n");
        return b.toString();
    }

    /** Text inside a table cell: a pipe would end the cell, a newline the row. */
    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ").replace("`", "'");
    }
}
