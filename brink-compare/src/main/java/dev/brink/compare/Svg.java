package dev.brink.compare;

import java.util.List;
import java.util.Locale;

/**
 * Line charts as inline SVG for the comparison and history pages: no script, no network, so the pages print and open
 * offline as report.html's flame graph does. One chart: categories along x (percentiles, or runs in time order),
 * one or more series of values, an optional log y axis, and vertical marks (change points) between categories.
 */
public final class Svg {
    static final int WIDTH = 720;
    static final int HEIGHT = 200;
    private static final int LEFT = 56;
    private static final int RIGHT = 12;
    private static final int TOP = 10;
    private static final int BOTTOM = 36;

    /** One line: a name, a colour and a value per category (NaN: no point). */
    public record Series(String name, String colour, double[] values) {
    }

    private Svg() {
    }

    /**
     * @param marks category indexes i where a change begins: a dashed line is drawn between i - 1 and i
     */
    public static String chart(List<String> categories, List<Series> series, String unit, boolean logY, List<Integer> marks) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v) && !Double.isInfinite(v) && (!logY || v > 0)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (lo > hi) {
            return "";
        }
        if (!logY) {
            lo = Math.min(0, lo);
        }
        if (hi == lo) {
            hi = lo == 0 ? 1 : lo * 1.1 + (logY ? 0 : 1);
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg viewBox=\"0 0 %d %d\" width=\"100%%\" role=\"img\" font-family=\"sans-serif\" "
                + "font-size=\"10\">%n", WIDTH, HEIGHT));
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        int n = categories.size();
        double step = n > 1 ? plotW / (n - 1) : 0;
        for (int t = 0; t <= 4; t++) {
            double f = t / 4.0;
            double v = logY ? Math.exp(Math.log(lo) + f * (Math.log(hi) - Math.log(lo))) : lo + f * (hi - lo);
            double y = TOP + plotH * (1 - f);
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, WIDTH - RIGHT, y, y, LEFT - 4, y + 3,
                    dev.brink.core.stats.Figures.num(v)));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\">%s</text>%n", TOP + 8, esc(unit)));
        int every = Math.max(1, n / 12);
        for (int i = 0; i < n; i += every) {
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", LEFT + i * step,
                    HEIGHT - BOTTOM + 14, esc(categories.get(i))));
        }
        for (int m : marks) {
            double x = LEFT + (m - 0.5) * step;
            b.append(String.format(Locale.ROOT, "<line class=\"mark\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" stroke=\"#d62728\" "
                    + "stroke-dasharray=\"4 3\"/>%n", x, x, TOP, TOP + plotH));
        }
        int legendX = LEFT;
        for (Series s : series) {
            StringBuilder path = new StringBuilder();
            for (int i = 0; i < s.values().length; i++) {
                double v = s.values()[i];
                if (Double.isNaN(v) || Double.isInfinite(v) || logY && v <= 0) {
                    continue;
                }
                double f = logY ? (Math.log(v) - Math.log(lo)) / (Math.log(hi) - Math.log(lo)) : (v - lo) / (hi - lo);
                double x = LEFT + i * step;
                double y = TOP + plotH * (1 - f);
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"><title>%s %s: %s %s</title>"
                        + "</circle>%n", x, y, s.colour(), esc(s.name()), esc(categories.get(i)),
                        dev.brink.core.stats.Figures.num(v), esc(unit)));
            }
            b.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(s.colour()).append("\" stroke-width=\"1.5\"/>\n");
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\">■ %s</text>%n", legendX, HEIGHT - 6, s.colour(),
                    esc(s.name())));
            legendX += 12 + 7 * s.name().length();
        }
        return b.append("</svg>\n").toString();
    }

    /**
     * A chart with a numeric x axis (Gatling's response time against achieved rate: one point per capacity step), points
     * joined in the order of x, a log y axis when {@code logY}; each point's tooltip names it ({@code labels}).
     */
    public static String xy(double[] x, List<String> labels, List<Series> series, String xUnit, String yUnit, boolean logY) {
        Integer[] order = new Integer[x.length];
        for (int i = 0; i < x.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(x[a], x[b]));
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v) && (!logY || v > 0)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        double x0 = Math.min(0, x.length == 0 ? 0 : x[order[0]]);
        double x1 = x.length == 0 ? 1 : x[order[x.length - 1]] * 1.05;
        if (lo > hi || !(x1 > x0)) {
            return "";
        }
        if (hi == lo) {
            hi = lo * 2 + 1;
        }
        double yLo = logY ? Math.log(lo) : Math.min(0, lo);
        double yHi = logY ? Math.log(hi) : hi;
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "<svg class=\"knee\" viewBox=\"0 0 %d %d\" width=\"100%%\" role=\"img\" "
                + "font-family=\"sans-serif\" font-size=\"10\">%n", WIDTH, HEIGHT));
        for (int t = 0; t <= 4; t++) {
            double f = t / 4.0;
            double yv = yLo + f * (yHi - yLo);
            double y = TOP + plotH * (1 - f);
            b.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT, WIDTH - RIGHT, y, y, LEFT - 4, y + 3,
                    dev.brink.core.stats.Figures.num(logY ? Math.exp(yv) : yv)));
            double xv = x0 + f * (x1 - x0);
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    LEFT + f * plotW, HEIGHT - BOTTOM + 14, dev.brink.core.stats.Figures.num(xv)));
        }
        b.append(String.format(Locale.ROOT, "<text x=\"4\" y=\"%d\">%s</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                TOP + 8, esc(yUnit), WIDTH - RIGHT, HEIGHT - BOTTOM + 26, esc(xUnit)));
        int legendX = LEFT;
        for (Series s : series) {
            StringBuilder path = new StringBuilder();
            for (int i : order) {
                double v = s.values()[i];
                if (Double.isNaN(v) || logY && v <= 0) {
                    continue;
                }
                double px = LEFT + plotW * (x[i] - x0) / (x1 - x0);
                double py = TOP + plotH * (1 - ((logY ? Math.log(v) : v) - yLo) / (yHi - yLo));
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", px, py));
                b.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s %s: %s %s at %s %s"
                        + "</title></circle>%n", px, py, s.colour(), esc(s.name()), esc(labels.get(i)),
                        dev.brink.core.stats.Figures.num(v), esc(yUnit), dev.brink.core.stats.Figures.num(x[i]), esc(xUnit)));
            }
            b.append("<path d=\"").append(path).append("\" fill=\"none\" stroke=\"").append(s.colour()).append("\" stroke-width=\"1.5\"/>\n");
            b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"%s\">■ %s</text>%n", legendX, HEIGHT - 6, s.colour(),
                    esc(s.name())));
            legendX += 12 + 7 * s.name().length();
        }
        return b.append("</svg>\n").toString();
    }

    /** Text for HTML and SVG: XML's escapes are HTML's. */
    public static String esc(String s) {
        return dev.brink.core.Xml.escape(s);
    }
}
