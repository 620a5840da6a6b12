package dev.brink.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins JMH result files of single-fork runs into one file in JMH's own format, as if JMH had run all the forks: the
 * raw data of each benchmark's forks side by side, {@code forks} counted, the score and percentiles recomputed over
 * every iteration. {@code brink bench run} runs each fork as its own JMH invocation (to interleave BASE and NEW), and
 * writes the joined files so they can be compared again, or read by any JMH tool.
 */
final class JmhJsonMerger {
    private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

    private JmhJsonMerger() {
    }

    /** {@code runs}: parsed result files (each a JSON array), in fork order. */
    static ArrayNode merge(List<JsonNode> runs) {
        Map<String, ObjectNode> byKey = new LinkedHashMap<>();
        Map<String, Integer> forks = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            for (JsonNode entry : run) {
                String key = entry.path("benchmark").asText() + " " + entry.path("mode").asText() + " " + entry.path("params");
                ObjectNode into = byKey.get(key);
                if (into == null) {
                    byKey.put(key, entry.deepCopy());
                    forks.put(key, 1);
                    continue;
                }
                forks.merge(key, 1, Integer::sum);
                append((ObjectNode) into.get("primaryMetric"), entry.get("primaryMetric"));
                JsonNode sec = into.get("secondaryMetrics");
                if (sec instanceof ObjectNode s) {
                    List<String> names = new ArrayList<>();
                    s.fieldNames().forEachRemaining(names::add);
                    for (String name : names) {
                        JsonNode other = entry.path("secondaryMetrics").get(name);
                        if (other == null) {
                            s.remove(name); // not measured in every fork: keeping it would misplace forks
                        } else {
                            append((ObjectNode) s.get(name), other);
                        }
                    }
                }
            }
        }
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Map.Entry<String, ObjectNode> e : byKey.entrySet()) {
            ObjectNode n = e.getValue();
            n.put("forks", forks.get(e.getKey()));
            rescore((ObjectNode) n.get("primaryMetric"));
            JsonNode sec = n.get("secondaryMetrics");
            if (sec != null) {
                for (Iterator<JsonNode> it = sec.elements(); it.hasNext(); ) {
                    rescore((ObjectNode) it.next());
                }
            }
            out.add(n);
        }
        return out;
    }

    private static void append(ObjectNode into, JsonNode from) {
        for (String field : List.of("rawData", "rawDataHistogram")) {
            if (into.get(field) instanceof ArrayNode a && from.get(field) instanceof ArrayNode b) {
                a.addAll(b);
            }
        }
    }

    /** Score = mean of every measured operation, percentiles over them; the error is left undefined ("NaN"), as JMH does. */
    private static void rescore(ObjectNode metric) {
        List<double[]> weighted = new ArrayList<>(); // {value, count}
        if (metric.get("rawData") instanceof ArrayNode raw) {
            for (JsonNode fork : raw) {
                for (JsonNode v : fork) {
                    weighted.add(new double[] {v.asDouble(), 1});
                }
            }
        } else if (metric.get("rawDataHistogram") instanceof ArrayNode hist) {
            for (JsonNode fork : hist) {
                for (JsonNode it : fork) {
                    for (JsonNode pair : it) {
                        weighted.add(new double[] {pair.get(0).asDouble(), pair.get(1).asDouble()});
                    }
                }
            }
        }
        if (weighted.isEmpty()) {
            return;
        }
        weighted.sort((a, b) -> Double.compare(a[0], b[0]));
        double sum = 0;
        double count = 0;
        for (double[] w : weighted) {
            sum += w[0] * w[1];
            count += w[1];
        }
        metric.put("score", sum / count);
        metric.put("scoreError", "NaN");
        metric.set("scoreConfidence", Json.MAPPER.createArrayNode().add("NaN").add("NaN"));
        ObjectNode pct = Json.MAPPER.createObjectNode();
        for (double p : PERCENTILES) {
            pct.put(String.valueOf(p), percentile(weighted, count, p));
        }
        metric.set("scorePercentiles", pct);
    }

    /** Nearest-rank percentile of weighted values sorted by value. */
    private static double percentile(List<double[]> sorted, double count, double p) {
        double rank = Math.max(1, Math.ceil(p / 100 * count));
        double seen = 0;
        for (double[] w : sorted) {
            seen += w[1];
            if (seen >= rank) {
                return w[0];
            }
        }
        return sorted.get(sorted.size() - 1)[0];
    }
}
