package dev.brink.report;

import dev.brink.core.RunDirectory;
import dev.brink.core.summary.SoakResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Arrays;

/**
 * Turns a {@link ChartSpec} into the arrays uPlot draws: one shared x (epoch seconds) and one y array per
 * series, null where a series has no value. Long runs are downsampled to at most {@link #MAX_POINTS}
 * points by buckets that keep each bucket's maximum, so a 24-hour run stays light and no spike is lost.
 */
final class ChartData {
    static final int MAX_POINTS = 1500;
    /** Not a file: the soak's fitted heap-after-GC line from summary.json, as two points {epoch_ms, bytes}. */
    static final String SOAK_TREND = "summary.json#soak.trend";

    private ChartData() {
    }

    /** The chart as a JSON-ready map, or null when none of its series has any data in this run. */
    static Map<String, Object> build(ChartSpec spec, RunData run) {
        int n = spec.series().size();
        Columns[] files = new Columns[n];
        for (int i = 0; i < n; i++) {
            files[i] = columns(run, spec.series().get(i).file());
        }
        long[] times = times(files);
        double[][] values = new double[n][times.length];
        boolean[] has = new boolean[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            ChartSpec.Series s = spec.series().get(i);
            Arrays.fill(values[i], Double.NaN);
            Columns file = files[i];
            for (int r = 0; r < file.rows(); r++) {
                long t = file.epochMs(r);
                double v = file.value(s.pointer(), r);
                if (Double.isNaN(v) && s.counter()) {
                    v = 0;
                }
                // writers put -1 where a JVM does not offer a figure (CPU load before its first sample): not a value
                if (t == Columns.NO_TIME || Double.isNaN(v) || v < 0) {
                    continue;
                }
                int at = Arrays.binarySearch(times, t);
                double[] col = values[i];
                col[at] = Double.isNaN(col[at]) ? v : Math.max(col[at], v);
                any = true;
                has[i] = true;
            }
        }
        if (!any) {
            return null;
        }
        int bucket = Math.max(1, (times.length + MAX_POINTS - 1) / MAX_POINTS);
        List<Object> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ys.add(new ArrayList<>());
        }
        for (int from = 0; from < times.length; from += bucket) {
            int to = Math.min(times.length, from + bucket);
            xs.add(times[from] / 1000.0);
            for (int i = 0; i < n; i++) {
                double max = Double.NaN;
                for (int k = from; k < to; k++) {
                    double v = values[i][k];
                    if (!Double.isNaN(v) && (Double.isNaN(max) || v > max)) {
                        max = v;
                    }
                }
                ys.get(i).add(Double.isNaN(max) ? null : max);
            }
        }
        List<Map<String, Object>> series = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (!has[i]) {
                continue; // a series this run has no data for (no soak, no such error kind) stays out of the legend
            }
            ChartSpec.Series s = spec.series().get(i);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", s.label());
            m.put("color", s.color());
            m.put("values", ys.get(i));
            series.add(m);
        }
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("id", spec.id());
        chart.put("title", spec.title());
        chart.put("unit", spec.unit());
        chart.put("x", xs);
        chart.put("series", series);
        return chart;
    }

    /** Every distinct time stamp of the files the chart reads, sorted: the chart's x before downsampling. */
    private static long[] times(Columns[] files) {
        List<Columns> distinct = new ArrayList<>();
        int total = 0;
        for (Columns c : files) {
            if (distinct.stream().noneMatch(d -> d == c)) {
                distinct.add(c);
                total += c.rows();
            }
        }
        long[] all = new long[total];
        int k = 0;
        for (Columns c : distinct) {
            for (int r = 0; r < c.rows(); r++) {
                if (c.epochMs(r) != Columns.NO_TIME) {
                    all[k++] = c.epochMs(r);
                }
            }
        }
        Arrays.sort(all, 0, k);
        int u = 0;
        for (int i = 0; i < k; i++) {
            if (u == 0 || all[i] != all[u - 1]) {
                all[u++] = all[i];
            }
        }
        return Arrays.copyOf(all, u);
    }

    private static Columns trend(RunData run) {
        SoakResult soak = run.summary().soak();
        if (soak == null || soak.trend() == null) {
            return new Columns();
        }
        SoakResult.HeapTrendLine t = soak.trend();
        return Columns.of(new long[] {t.fromEpochMs(), t.toEpochMs()}, "/bytes", new double[] {t.startBytes(), t.endBytes()});
    }

    private static Columns columns(RunData run, String file) {
        return switch (file) {
            case RunDirectory.LOAD -> run.load();
            case RunDirectory.JVM -> run.jvm();
            case RunDirectory.GC -> run.gc();
            case RunDirectory.GENERATOR -> run.generator();
            case SOAK_TREND -> trend(run);
            default -> throw new IllegalArgumentException("no chart data in " + file);
        };
    }
}
