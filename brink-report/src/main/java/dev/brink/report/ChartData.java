package dev.brink.report;

import dev.brink.core.RunDirectory;
import dev.brink.core.summary.SoakResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
        TreeMap<Long, Double[]> rows = new TreeMap<>();
        int n = spec.series().size();
        boolean any = false;
        boolean[] has = new boolean[n];
        for (int i = 0; i < n; i++) {
            ChartSpec.Series s = spec.series().get(i);
            Columns file = columns(run, s.file());
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
                rows.computeIfAbsent(t, k -> new Double[n])[i] = v;
                any = true;
                has[i] = true;
            }
        }
        if (!any) {
            return null;
        }
        List<Object> xs = new ArrayList<>();
        List<List<Double>> ys = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ys.add(new ArrayList<>());
        }
        int bucket = Math.max(1, (rows.size() + MAX_POINTS - 1) / MAX_POINTS);
        int inBucket = 0;
        Double[] acc = new Double[n];
        long bucketStart = 0;
        for (Map.Entry<Long, Double[]> e : rows.entrySet()) {
            if (inBucket == 0) {
                bucketStart = e.getKey();
            }
            for (int i = 0; i < n; i++) {
                Double v = e.getValue()[i];
                if (v != null && (acc[i] == null || v > acc[i])) {
                    acc[i] = v;
                }
            }
            if (++inBucket == bucket) {
                flush(xs, ys, bucketStart, acc);
                inBucket = 0;
                acc = new Double[n];
            }
        }
        if (inBucket > 0) {
            flush(xs, ys, bucketStart, acc);
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

    private static void flush(List<Object> xs, List<List<Double>> ys, long startMs, Double[] acc) {
        xs.add(startMs / 1000.0);
        for (int i = 0; i < acc.length; i++) {
            ys.get(i).add(acc[i]);
        }
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
