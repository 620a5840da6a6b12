package dev.brink.compare;

import dev.brink.core.stats.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code brink history}'s page: the change points first (metric, from which run, before → after), then each metric
 * across the runs as a line with its change points as dashed marks, the metrics that changed first. Self-contained:
 * inline SVG, no script, no network.
 */
public final class HistoryHtml {
    private HistoryHtml() {
    }

    public static String write(RunHistory.History h) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                + "<title>brink history</title>\n<style>\n" + CompareHtml.CSS + "</style></head><body>\n<h1>brink history</h1>\n");
        b.append("<p class=\"meta\">").append(h.runs().size()).append(" runs, from <code>").append(Svg.esc(h.runs().get(0)))
                .append("</code> to <code>").append(Svg.esc(h.runs().get(h.runs().size() - 1))).append("</code>; ")
                .append(h.series().size()).append(" metrics.</p>\n");
        List<HistorySeries> changed = h.changed();
        if (changed.isEmpty()) {
            b.append("<p class=\"pass\">No change point in any metric.</p>\n");
        } else {
            b.append("<table><tr><th>metric</th><th>from run</th><th>before</th><th>after</th><th>change</th><th>p</th></tr>\n");
            for (HistorySeries s : changed) {
                for (HistorySeries.Change c : s.changes()) {
                    b.append("<tr class=\"").append(c.worse() ? "worse" : "better").append("\"><td>").append(Svg.esc(s.name()))
                            .append("</td><td>").append(c.index() + 1).append(": ").append(Svg.esc(c.run())).append("</td><td>")
                            .append(Figures.num(c.before())).append("</td><td>").append(Figures.num(c.after())).append("</td><td>")
                            .append(String.format(Locale.ROOT, "%+.1f%%", c.changePercent())).append("</td><td>")
                            .append(Figures.num(c.p())).append("</td></tr>\n");
                }
            }
            b.append("</table>\n");
        }
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < h.runs().size(); i++) {
            labels.add(String.valueOf(i + 1));
        }
        List<HistorySeries> ordered = new ArrayList<>(changed);
        h.series().stream().filter(s -> s.changes().isEmpty()).forEach(ordered::add);
        for (HistorySeries s : ordered) {
            b.append("<h2>").append(Svg.esc(s.name())).append("</h2>\n");
            b.append(Svg.chart(labels, List.of(new Svg.Series(s.name(), "#1f77b4", s.values())), s.unit(), false,
                    s.changes().stream().map(HistorySeries.Change::index).toList()));
        }
        b.append("<p class=\"note\">Runs in the order given (1 = the first). Change points: E-divisive means (Matteson and "
                + "James 2014, as Apache Otava runs it), permutation test at p &lt; ").append(Figures.trim(RunHistory.ALPHA))
                .append(", at least ").append(RunHistory.MIN_SEGMENT).append(" runs a side, kept when the means on both sides "
                + "differ by more than the metric's noise floor.</p>\n</body></html>\n");
        return b.toString();
    }
}
