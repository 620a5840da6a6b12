package dev.brink.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
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
    private static final JsonNode ZERO = Json.MAPPER.getNodeFactory().numberNode(0);
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
            for (JsonNode line : lines(run, s.file())) {
                if (!matches(line, s.filter())) {
                    continue;
                }
                JsonNode t = line.get("epoch_ms");
                JsonNode v = line.at(s.pointer());
                if (v.isMissingNode() && s.counter()) {
                    v = ZERO;
                }
                // writers put -1 where a JVM does not offer a figure (CPU load before its first sample): not a value
                if (t == null || !t.isNumber() || !v.isNumber() || v.asDouble() < 0) {
                    continue;
                }
                rows.computeIfAbsent(t.asLong(), k -> new Double[n])[i] = v.asDouble();
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

    private static boolean matches(JsonNode line, String filter) {
        if (filter == null) {
            return true;
        }
        int eq = filter.indexOf('=');
        return line.at(filter.substring(0, eq)).asText().equals(filter.substring(eq + 1));
    }

    private static List<JsonNode> trend(RunData run) {
        SoakResult soak = run.summary().soak();
        if (soak == null || soak.trend() == null) {
            return List.of();
        }
        SoakResult.HeapTrendLine t = soak.trend();
        return List.of(Json.MAPPER.createObjectNode().put("epoch_ms", t.fromEpochMs()).put("bytes", t.startBytes()),
                Json.MAPPER.createObjectNode().put("epoch_ms", t.toEpochMs()).put("bytes", t.endBytes()));
    }

    private static List<JsonNode> lines(RunData run, String file) {
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
