package dev.brink.report;

import dev.brink.compare.RunMetric;
import dev.brink.compare.StepFigures;
import dev.brink.compare.Svg;
import dev.brink.core.stats.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * report.html's knee: Gatling's chart of response time against achieved rate (one point per capacity step: where the
 * curve turns up is the knee), then the last good and the first bad step side by side and the differential flame
 * graph of the two ({@link StackDiff}).
 */
final class KneeHtml {
    private static final RunMetric[] PERCENTILES = {RunMetric.P50, RunMetric.P90, RunMetric.P99, RunMetric.P999};
    private static final String[] COLOURS = {"#1f77b4", "#2ca02c", "#ff7f0e", "#d62728"};

    private KneeHtml() {
    }

    static void render(StringBuilder h, RunData run, Knee knee) {
        if (knee == null) {
            return;
        }
        if (knee.problem() != null) {
            h.append("<p class=\"missing\">The knee: ").append(Html.text(knee.problem())).append("</p>\n");
            return;
        }
        chart(h, knee);
        if (knee.sideBySide()) {
            sideBySide(h, run, knee);
            flame(h, knee);
        }
    }

    /** Percentiles against achieved rate, one point per capacity step. */
    private static void chart(StringBuilder h, Knee knee) {
        List<StepFigures> steps = knee.steps().values().stream().filter(s -> s.whole().containsKey(RunMetric.THROUGHPUT)).toList();
        if (steps.size() < 2) {
            return;
        }
        double[] x = steps.stream().mapToDouble(s -> s.whole().get(RunMetric.THROUGHPUT)).toArray();
        List<String> labels = steps.stream().map(s -> s.step().substring(Knee.CAPACITY.length()) + " × profile").toList();
        List<Svg.Series> series = new ArrayList<>();
        for (int i = 0; i < PERCENTILES.length; i++) {
            RunMetric m = PERCENTILES[i];
            double[] y = steps.stream().mapToDouble(s -> s.whole().getOrDefault(m, Double.NaN)).toArray();
            if (java.util.Arrays.stream(y).anyMatch(v -> !Double.isNaN(v))) {
                series.add(new Svg.Series(m.json(), COLOURS[i], y));
            }
        }
        h.append("<h2>The knee: latency against achieved rate</h2>\n<p class=\"meta\">One point per capacity step (corrected "
                + "latency from latency.hlog, the step's whole histogram; a percentile only where 10 requests lie beyond it); "
                + "where the curves turn up is where the service stops keeping up.</p>\n");
        h.append(Svg.xy(x, labels, series, "achieved req/s", "ms", true));
    }

    private static void sideBySide(StringBuilder h, RunData run, Knee knee) {
        int g = knee.good().multiplier();
        int b = knee.bad().multiplier();
        StepFigures gf = knee.steps().get(Knee.CAPACITY + g);
        StepFigures bf = knee.steps().get(Knee.CAPACITY + b);
        h.append("<h2>The last good step against the first bad one</h2>\n<table class=\"steps knee-diff\"><thead><tr><th>figure</th>")
                .append("<th>").append(g).append(" × profile (last good)</th><th>").append(b).append(" × profile (first bad)</th>")
                .append("<th>change</th></tr></thead><tbody>\n");
        row(h, "target req/s", knee.good().targetRps(), knee.bad().targetRps());
        for (RunMetric m : RunMetric.values()) {
            double gv = gf == null ? Double.NaN : gf.whole().getOrDefault(m, Double.NaN);
            double bv = bf == null ? Double.NaN : bf.whole().getOrDefault(m, Double.NaN);
            String label = switch (m) {
                case THROUGHPUT -> "achieved req/s";
                case ERROR_RATE -> "error rate";
                case CPU_PER_REQUEST -> "target CPU per request, ms";
                case GC_PER_REQUEST -> "target GC per request, ms";
                default -> m.json() + " latency, ms";
            };
            if (!Double.isNaN(gv) || !Double.isNaN(bv)) {
                row(h, label, gv, bv);
            }
        }
        double[] gt = Knee.threads(run, knee.goodWindow());
        double[] bt = Knee.threads(run, knee.badWindow());
        for (int i = 0; i < Knee.THREAD_STATES.length; i++) {
            if (!Double.isNaN(gt[i]) || !Double.isNaN(bt[i])) {
                row(h, "target threads " + Knee.THREAD_STATES[i].replace('_', ' ') + " (mean)", gt[i], bt[i]);
            }
        }
        h.append("</tbody></table>\n");
        if (gf != null && bf != null) {
            List<String> labels = new ArrayList<>();
            List<Double> gv = new ArrayList<>();
            List<Double> bv = new ArrayList<>();
            for (RunMetric m : new RunMetric[] {RunMetric.P50, RunMetric.P90, RunMetric.P99, RunMetric.P999, RunMetric.MAX}) {
                if (gf.whole().containsKey(m) || bf.whole().containsKey(m)) {
                    labels.add(m.json());
                    gv.add(gf.whole().getOrDefault(m, Double.NaN));
                    bv.add(bf.whole().getOrDefault(m, Double.NaN));
                }
            }
            h.append("<p class=\"meta\">Latency distributions of the two steps (ms, log scale).</p>\n");
            h.append(Svg.chart(labels, List.of(new Svg.Series(g + " × (last good)", "#2ca02c", gv.stream().mapToDouble(d -> d).toArray()),
                    new Svg.Series(b + " × (first bad)", "#d62728", bv.stream().mapToDouble(d -> d).toArray())), "ms", true, List.of()));
        }
    }

    private static void flame(StringBuilder h, Knee knee) {
        StackDiff diff = knee.diff();
        if (diff == null) {
            h.append("<p class=\"meta\">No differential flame graph: it needs the JFR folded stacks of both steps "
                    + "(evidence/stacks-x").append(knee.good().multiplier()).append(".folded and stacks-x")
                    .append(knee.bad().multiplier()).append(".folded; brink run --jfr records them).</p>\n");
            return;
        }
        FlameGraphHtml.Node root = diff.tree();
        h.append("<h2>What grew faster than the load</h2>\n<p class=\"meta\">The first bad step's JFR execution samples, each "
                + "frame as wide as its share there; ").append(String.format(Locale.ROOT, "the load grew %.2f ×", knee.bad().achievedRps()
                / knee.good().achievedRps())).append(" from the last good step. <span style=\"color:#c62828\">■</span> red: the "
                + "frame's samples per second grew more than ").append(Figures.trim(StackDiff.FASTER)).append(" × as fast as the "
                + "load (deeper: up to ").append(Figures.trim(StackDiff.FULL)).append(" × or new); <span style=\"color:#1565c0\">■"
                + "</span> blue: less than 1/").append(Figures.trim(StackDiff.FASTER)).append(" of it. Both steps' stacks: ")
                .append(Html.text(RunReport.KNEE_DIFF)).append(" (difffolded format: stack, last good count, first bad count).</p>\n");
        FlameGraphHtml.svg(h, root, root.samples, diff.paint());
    }

    private static void row(StringBuilder h, String label, double good, double bad) {
        String change = Double.isNaN(good) || Double.isNaN(bad) || good == 0 ? "" : Figures.change(bad / good);
        h.append("<tr><td>").append(Html.text(label)).append("</td><td>").append(cell(good)).append("</td><td>").append(cell(bad))
                .append("</td><td>").append(change).append("</td></tr>\n");
    }

    private static String cell(double v) {
        return Double.isNaN(v) ? "–" : Figures.num(v);
    }
}
