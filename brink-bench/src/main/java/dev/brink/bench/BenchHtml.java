package dev.brink.bench;

import dev.brink.core.stats.Figures;
import dev.brink.core.stats.Significance;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code brink bench compare --html}: one self-contained page (no script, no network) in the look of Brink's run
 * report. Per benchmark, BASE and NEW side by side as horizontal box plots of every iteration on one shared axis, with
 * each fork's figure as a dot: a reader sees at once whether the forks overlap and whether one fork is an outlier.
 * The plots are SVG written here, so the page prints and opens offline.
 */
public final class BenchHtml {
    private static final int WIDTH = 640;
    private static final int ROW = 34;
    private static final int LEFT = 48;
    private static final int RIGHT = 16;

    private static final String CSS = """
            body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 24px auto; max-width: 1100px; padding: 0 16px; color: #222; }
            h1 { font-size: 22px; margin-bottom: 2px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid #ddd; }
            h3 { font-size: 15px; margin: 18px 0 4px; font-family: ui-monospace, monospace; word-break: break-all; }
            .meta { color: #666; margin-top: 0; }
            p.ok, p.bad, p.unknown { margin: 6px 0; padding: 8px 12px; border-left: 5px solid #999; background: #f6f6f6; }
            p.ok { border-color: #2ca02c; } p.bad { border-color: #d62728; } p.unknown { border-color: #ff7f0e; }
            table.steps { border-collapse: collapse; width: 100%; font-size: 13px; }
            .steps th, .steps td { border-bottom: 1px solid #eee; padding: 4px 8px; text-align: right; }
            .steps td:first-child, .steps th:first-child, .steps td:last-child, .steps th:last-child { text-align: left; }
            tr.worse td { background: #fdecea; } tr.better td { background: #e6f4e6; } tr.inconclusive td { background: #fff4e5; }
            tr.regression td { background: #f8d0cc; font-weight: 600; }
            .bench { margin: 8px 0 18px; } .note { color: #555; font-size: 13px; margin: 2px 0; }
            svg text { font: 11px system-ui, sans-serif; fill: #444; }
            @media print { body { max-width: none; margin: 0; font-size: 11px; } .bench { page-break-inside: avoid; } }
            """;

    private BenchHtml() {
    }

    /** {@code gateAllocation}: whether more allocation beyond the threshold is a regression (--fail-on alloc). */
    public static String write(List<CompareReport> reports, boolean gateAllocation) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>brink bench compare</title>\n<style>\n")
                .append(CSS).append("</style></head><body>\n<h1>brink bench compare</h1>\n");
        for (CompareReport r : reports) {
            b.append("<p class=\"meta\">BASE <code>").append(esc(r.baseFile())).append("</code> → NEW <code>")
                    .append(esc(r.newFile())).append("</code></p>\n");
            int reg = r.regressions(gateAllocation).size();
            b.append(reg > 0 ? "<p class=\"bad\">" + reg + " regression" + (reg == 1 ? "" : "s") + " beyond "
                    + Figures.percent(r.options().threshold()) + "</p>\n" : "<p class=\"ok\">No regression beyond "
                    + Figures.percent(r.options().threshold()) + "</p>\n");
            table(b, r, gateAllocation);
            b.append("<h2>Distributions</h2>\n<p class=\"note\">Box: quartiles of every measurement iteration, whiskers: "
                    + "minimum and maximum; dots: each fork's figure (the unit the statistics use).</p>\n");
            for (Comparison c : r.comparisons()) {
                b.append("<div class=\"bench\"><h3>").append(esc(c.label())).append(" ").append(esc(c.mode()))
                        .append(c.primary() ? "" : " · " + esc(c.metric())).append("</h3>\n");
                b.append("<p class=\"note\">").append(esc(BenchText.change(c) + ", " + c.verdictText() + "; " + c.note()))
                        .append("</p>\n");
                plot(b, c);
                b.append("</div>\n");
            }
        }
        CompareOptions o = reports.get(0).options();
        b.append("<p class=\"note\">Forks are the unit of independence. p: Mann-Whitney U test on fork figures; interval: ")
                .append("bootstrap of the ratio of means resampling forks, ").append(BenchText.ci(o))
                .append(". Significant: p &lt; ").append(Figures.trim(o.alpha())).append(".</p>\n</body></html>\n");
        return b.toString();
    }

    private static void table(StringBuilder b, CompareReport r, boolean gateAllocation) {
        b.append("<table class=\"steps\"><tr><th>benchmark</th><th>unit</th><th>BASE</th><th>NEW</th><th>change</th><th>")
                .append(BenchText.ci(r.options())).append(" of ratio</th><th>p</th><th>forks</th><th>verdict</th></tr>\n");
        for (Comparison c : r.comparisons()) {
            String cls = c.beyondThreshold() && (c.primary() || gateAllocation) ? "regression" : switch (c.verdict()) {
                case WORSE -> "worse";
                case BETTER -> "better";
                case INCONCLUSIVE -> "inconclusive";
                case NO_CHANGE -> "same";
            };
            b.append("<tr class=\"").append(cls).append("\"><td>").append(esc(BenchText.shortLabel(c.label()))).append(" ")
                    .append(esc(c.mode())).append(c.primary() ? "" : " · " + esc(c.metric())).append("</td><td>")
                    .append(esc(c.unit())).append("</td><td>").append(esc(BenchText.figure(c.base()))).append("</td><td>")
                    .append(esc(BenchText.figure(c.news()))).append("</td><td>").append(BenchText.change(c)).append("</td><td>")
                    .append(BenchText.interval(c)).append("</td><td>").append(Significance.formatP(c.p())).append("</td><td>")
                    .append(c.base().forkMeans().length).append("/").append(c.news().forkMeans().length).append("</td><td>")
                    .append(esc(c.verdictText())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void plot(StringBuilder b, Comparison c) {
        double[] all = concat(flat(c.base().iterations()), flat(c.news().iterations()));
        double lo = Arrays.stream(all).min().orElse(0);
        double hi = Arrays.stream(all).max().orElse(1);
        if (hi == lo) { // one value everywhere: give the axis some width
            double pad = hi == 0 ? 1 : Math.abs(hi) * 0.05;
            lo -= pad;
            hi += pad;
        }
        int height = 2 * ROW + 22;
        b.append("<svg width=\"").append(WIDTH).append("\" height=\"").append(height).append("\" role=\"img\">\n");
        row(b, "BASE", c.base(), 0, lo, hi, "#1f77b4");
        row(b, "NEW", c.news(), ROW, lo, hi, "#ff7f0e");
        int axisY = 2 * ROW + 4;
        b.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>\n", LEFT, axisY,
                WIDTH - RIGHT, axisY));
        for (int i = 0; i <= 4; i++) {
            double v = lo + (hi - lo) * i / 4;
            double x = x(v, lo, hi);
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, axisY + 14,
                    esc(Figures.num(v))));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", WIDTH - RIGHT,
                axisY - 2, esc(c.unit())));
        b.append("</svg>\n");
    }

    private static void row(StringBuilder b, String name, Comparison.Side s, int top, double lo, double hi, String color) {
        double[] v = flat(s.iterations());
        Arrays.sort(v);
        int mid = top + ROW / 2;
        b.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"%d\">%s</text>\n", mid + 4, name));
        double min = x(v[0], lo, hi);
        double max = x(v[v.length - 1], lo, hi);
        double q1 = x(quantile(v, 0.25), lo, hi);
        double med = x(quantile(v, 0.5), lo, hi);
        double q3 = x(quantile(v, 0.75), lo, hi);
        b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n", min, mid, max,
                mid, color));
        b.append(String.format(Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.25\" stroke=\"%s\"/>\n",
                q1, top + 6, Math.max(q3 - q1, 1), ROW - 12, color, color));
        b.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                med, top + 6, med, top + ROW - 6, color));
        double[] forks = s.forkMeans();
        for (int i = 0; i < forks.length; i++) {
            // spread the dots vertically by fork index so equal figures stay visible
            double y = top + 9 + (ROW - 18) * (forks.length == 1 ? 0.5 : (double) i / (forks.length - 1));
            b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>fork %d: %s</title></circle>\n",
                    x(forks[i], lo, hi), y, color, i + 1, esc(Figures.num(forks[i]))));
        }
    }

    private static double x(double v, double lo, double hi) {
        return LEFT + (v - lo) / (hi - lo) * (WIDTH - LEFT - RIGHT);
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        int j = Math.min(i + 1, sorted.length - 1);
        return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
    }

    private static double[] flat(double[][] x) {
        return Arrays.stream(x).flatMapToDouble(Arrays::stream).toArray();
    }

    private static double[] concat(double[] a, double[] b) {
        double[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static String esc(String s) {
        return BenchJunit.xml(s);
    }
}
