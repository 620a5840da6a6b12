package dev.brink.compare;

import dev.brink.core.Finding;
import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code brink compare --html}: one self-contained page (inline SVG, no script, no network). The gate's result, the
 * phases and findings, then per step the latency percentiles of BASE and NEW drawn on one log axis and every metric's
 * row, coloured by verdict.
 */
public final class CompareHtml {
    static final String CSS = """
            body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1120px; padding: 0 16px; color: #222; }
            h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 26px; border-bottom: 1px solid #ddd; }
            .meta, .note { color: #666; font-size: 13px; }
            p.pass, p.fail { padding: 8px 12px; border-left: 5px solid; background: #f7f7f7; }
            p.pass { border-color: #2ca02c; } p.fail { border-color: #d62728; }
            table { border-collapse: collapse; width: 100%; font-size: 13px; margin: 6px 0 14px; }
            th, td { border-bottom: 1px solid #eee; padding: 3px 7px; text-align: right; }
            th:nth-child(-n+3), td:nth-child(-n+3), td:last-child, th:last-child { text-align: left; }
            tr.worse td { background: #fdecea; } tr.better td { background: #e6f4e6; }
            tr.inconclusive td { background: #fff4e5; } tr.regression td { background: #f8d0cc; font-weight: 600; }
            """;

    private CompareHtml() {
    }

    public static String write(List<RunComparison> comparisons) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<title>brink compare</title>\n<style>\n" + CSS + "</style></head><body>\n<h1>brink compare</h1>\n");
        for (RunComparison c : comparisons) {
            b.append("<p class=\"meta\">BASE <code>").append(Svg.esc(c.base())).append("</code> → NEW <code>")
                    .append(Svg.esc(c.news())).append("</code></p>\n");
            List<String> gate = c.gateFailures();
            if (gate.isEmpty()) {
                b.append("<p class=\"pass\">The gate passes").append(c.settings().failOn().isEmpty() ? " (no --fail-on)" : "")
                        .append(".</p>\n");
            } else {
                b.append("<p class=\"fail\">").append(gate.size()).append(" gate failure").append(gate.size() == 1 ? "" : "s")
                        .append(":<br>").append(String.join("<br>", gate.stream().map(Svg::esc).toList())).append("</p>\n");
            }
            phasesAndFindings(b, c);
            Map<String, List<MetricComparison>> bySteps = new LinkedHashMap<>();
            for (MetricComparison m : c.metrics()) {
                bySteps.computeIfAbsent(m.step(), k -> new ArrayList<>()).add(m);
            }
            bySteps.forEach((step, rows) -> step(b, step, rows, c.settings()));
            if (!c.notCompared().isEmpty()) {
                b.append("<h2>Not compared</h2>\n<ul>\n");
                c.notCompared().forEach(n -> b.append("<li>").append(Svg.esc(n)).append("</li>\n"));
                b.append("</ul>\n");
            }
        }
        b.append("<p class=\"note\">").append(Svg.esc(CompareText.footnote(comparisons.get(0).settings()))).append("</p>\n</body></html>\n");
        return b.toString();
    }

    private static void phasesAndFindings(StringBuilder b, RunComparison c) {
        if (c.phases().isEmpty() && c.findings().added().isEmpty() && c.findings().resolved().isEmpty()) {
            return;
        }
        b.append("<ul>\n");
        for (PhaseChange p : c.phases()) {
            b.append("<li><b>").append(p.phase().word()).append("</b>: ").append(Svg.esc(p.base())).append(" → ")
                    .append(Svg.esc(p.news())).append(": ").append(p.regression() ? "<b>" + p.verdictText() + "</b>" : p.verdictText())
                    .append(" <span class=\"note\">(").append(Svg.esc(p.note())).append(")</span></li>\n");
        }
        for (Finding f : c.findings().added()) {
            b.append("<li>new finding: ").append(f.severity().jsonName()).append(" ").append(f.kind().jsonName()).append(": ")
                    .append(Svg.esc(f.title())).append("</li>\n");
        }
        for (Finding f : c.findings().resolved()) {
            b.append("<li>resolved finding: ").append(f.kind().jsonName()).append(": ").append(Svg.esc(f.title())).append("</li>\n");
        }
        b.append("<li>findings in both: ").append(c.findings().unchanged().size()).append("</li>\n</ul>\n");
    }

    private static void step(StringBuilder b, String step, List<MetricComparison> rows, CompareSettings s) {
        b.append("<h2>").append(Svg.esc(step)).append("</h2>\n");
        List<MetricComparison> latency = rows.stream().filter(m -> m.operation().isEmpty() && m.metric().latency()).toList();
        if (!latency.isEmpty()) {
            List<String> labels = latency.stream().map(m -> m.metric().json()).toList();
            double[] base = latency.stream().mapToDouble(MetricComparison::base).toArray();
            double[] news = latency.stream().mapToDouble(MetricComparison::news).toArray();
            b.append(Svg.chart(labels, List.of(new Svg.Series("BASE", "#1f77b4", base), new Svg.Series("NEW", "#d62728", news)),
                    "ms", true, List.of()));
        }
        b.append("<table><tr><th>operation</th><th>metric</th><th>unit</th><th>BASE</th><th>NEW</th><th>change</th><th>")
                .append(CompareText.ci(s)).append(" of ratio</th><th>p (Holm)</th><th>units</th><th>verdict</th></tr>\n");
        for (MetricComparison m : rows) {
            String cls = m.regression() ? "regression" : switch (m.verdict()) {
                case WORSE -> "worse";
                case BETTER -> "better";
                case INCONCLUSIVE -> "inconclusive";
                case NO_CHANGE -> "same";
            };
            b.append("<tr class=\"").append(cls).append("\"><td>").append(Svg.esc(m.operationLabel())).append("</td><td>")
                    .append(m.metric().json()).append("</td><td>").append(m.metric().unit()).append("</td><td>")
                    .append(Figures.num(m.base())).append("</td><td>").append(Figures.num(m.news())).append("</td><td>")
                    .append(Figures.change(m.ratio())).append("</td><td>").append(Figures.interval(m.ratioLow(), m.ratioHigh()))
                    .append("</td><td>").append(Significance.formatP(m.pAdjusted())).append("</td><td>").append(CompareText.units(m))
                    .append("</td><td title=\"").append(Svg.esc(m.note())).append("\">").append(Svg.esc(m.verdictText() + CompareText.mark(m)))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
    }
}
