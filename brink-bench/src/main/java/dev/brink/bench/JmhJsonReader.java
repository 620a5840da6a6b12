package dev.brink.bench;

import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a JMH result file ({@code -rf json}) of JMH 1.21 to 1.37. What differs between versions and is accepted here:
 * no {@code params} (no @Param), no {@code jmhVersion} (the oldest versions); {@code "NaN"} written as a string where a
 * statistic is undefined (one fork, one iteration); secondary metric names with or without the "·" prefix; sample mode
 * with {@code rawDataHistogram} (fork → iteration → [value, count] pairs) instead of {@code rawData}.
 *
 * <p>Every error names the file and where: line and column for malformed JSON, the JSON path (such as
 * {@code [3].primaryMetric.rawData[1][0]}) for a well-formed file that is not what JMH writes. Secondary metrics
 * that cannot be read are left out rather than failing the file: JMH's profilers add metrics (percentiles, GC
 * counts) whose shape brink bench does not need.
 */
public final class JmhJsonReader {
    private JmhJsonReader() {
    }

    public static List<BenchmarkResult> read(Path file) throws BrinkUserException {
        return parse(file.toString(), InputFiles.readBytes(file, InputKind.JMH_RESULT));
    }

    /** Parses {@code bytes}; {@code name} is used in error messages only. */
    public static List<BenchmarkResult> parse(String name, byte[] bytes) throws BrinkUserException {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(bytes);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr();
            throw new BrinkUserException(name + where + ": not valid JSON (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new BrinkUserException(name + ": cannot read: " + e.getMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new BrinkUserException(name + ": empty file, expected a JMH result (-rf json)");
        }
        if (!root.isArray()) {
            throw new BrinkUserException(name + ": not a JMH result file: expected a JSON array of benchmark results, found "
                    + kind(root));
        }
        if (root.isEmpty()) {
            throw new BrinkUserException(name + ": holds no benchmark result (an empty JSON array)");
        }
        List<BenchmarkResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(entry(new Where(name, "[" + i + "]"), root.get(i)));
        }
        return results;
    }

    /** A file and a JSON path in it, for error messages. */
    private record Where(String file, String path) {
        Where field(String f) {
            return new Where(file, path + "." + f);
        }

        Where index(int i) {
            return new Where(file, path + "[" + i + "]");
        }

        BrinkUserException error(String expected, JsonNode found) {
            return new BrinkUserException(file + ": " + path + ": expected " + expected + ", found " + kind(found));
        }
    }

    private static BenchmarkResult entry(Where w, JsonNode n) throws BrinkUserException {
        if (!n.isObject()) {
            throw w.error("a benchmark result object (not a JMH result file?)", n);
        }
        if (!n.has("benchmark") && !n.has("primaryMetric")) {
            throw new BrinkUserException(w.file() + ": not a JMH result file: " + w.path()
                    + " has neither \"benchmark\" nor \"primaryMetric\"");
        }
        String benchmark = text(w.field("benchmark"), n.get("benchmark"));
        String modeName = text(w.field("mode"), n.get("mode"));
        BenchMode mode = BenchMode.fromJmh(modeName);
        if (mode == null) {
            throw new BrinkUserException(w.file() + ": " + w.path() + ".mode: expected thrpt, avgt, sample or ss, found \""
                    + modeName + "\"");
        }
        JsonNode threadsNode = n.get("threads");
        int threads = threadsNode != null && threadsNode.canConvertToInt() ? threadsNode.intValue() : 1;
        JsonNode version = n.get("jmhVersion");
        TreeMap<String, String> params = new TreeMap<>();
        JsonNode p = n.get("params");
        if (p != null && !p.isNull()) {
            if (!p.isObject()) {
                throw w.field("params").error("an object of parameter values", p);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = p.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                params.put(e.getKey(), e.getValue().asText());
            }
        }
        Metric primary = metric(w.field("primaryMetric"), n.get("primaryMetric"), true);
        Map<String, Metric> secondary = new LinkedHashMap<>();
        JsonNode s = n.get("secondaryMetrics");
        if (s != null && s.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = s.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = e.getKey().startsWith("\u00b7") ? e.getKey().substring(1) : e.getKey();
                try {
                    secondary.put(key, metric(w.field("secondaryMetrics").field(e.getKey()), e.getValue(), false));
                } catch (BrinkUserException unreadable) {
                    // a profiler's metric of a shape we do not compare; the primary score is what matters
                }
            }
        }
        return new BenchmarkResult(benchmark, mode, params, threads, version == null ? "" : version.asText(),
                primary, secondary);
    }

    private static Metric metric(Where w, JsonNode n, boolean primary) throws BrinkUserException {
        if (n == null || !n.isObject()) {
            throw w.error("an object with scoreUnit and rawData", n);
        }
        String unit = text(w.field("scoreUnit"), n.get("scoreUnit"));
        JsonNode raw = n.get("rawData");
        JsonNode hist = n.get("rawDataHistogram");
        List<ForkSamples> forks = new ArrayList<>();
        if (raw != null && !raw.isNull()) {
            Where rw = w.field("rawData");
            array(rw, raw, "an array of forks");
            for (int f = 0; f < raw.size(); f++) {
                JsonNode fork = raw.get(f);
                array(rw.index(f), fork, "an array of iteration values");
                if (fork.isEmpty()) {
                    continue; // JMH writes [] for a fork whose iterations all failed
                }
                double[] v = new double[fork.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = number(rw.index(f).index(i), fork.get(i));
                }
                forks.add(ForkSamples.unweighted(v));
            }
        } else if (hist != null && !hist.isNull()) {
            Where hw = w.field("rawDataHistogram");
            array(hw, hist, "an array of forks");
            for (int f = 0; f < hist.size(); f++) {
                ForkSamples fork = histogramFork(hw.index(f), hist.get(f));
                if (fork != null) {
                    forks.add(fork);
                }
            }
        } else {
            throw w.error("rawData or rawDataHistogram (JMH writes one of them for every metric)", n);
        }
        if (forks.isEmpty()) {
            throw new BrinkUserException(w.file() + ": " + w.path() + ": no measurement in any fork"
                    + (primary ? " (did every iteration fail?)" : ""));
        }
        return new Metric(unit, forks);
    }

    /** A sample-mode fork: each iteration is a histogram of [value, count]; the iteration's figure is its mean. */
    private static ForkSamples histogramFork(Where w, JsonNode fork) throws BrinkUserException {
        array(w, fork, "an array of iterations");
        List<double[]> its = new ArrayList<>();
        for (int i = 0; i < fork.size(); i++) {
            Where iw = w.index(i);
            JsonNode it = fork.get(i);
            array(iw, it, "an array of [value, count] pairs");
            double sum = 0;
            double count = 0;
            for (int k = 0; k < it.size(); k++) {
                JsonNode pair = it.get(k);
                array(iw.index(k), pair, "a [value, count] pair");
                if (pair.size() != 2) {
                    throw iw.index(k).error("a [value, count] pair", pair);
                }
                double value = number(iw.index(k).index(0), pair.get(0));
                double c = number(iw.index(k).index(1), pair.get(1));
                if (c < 0) {
                    throw iw.index(k).index(1).error("a count >= 0", pair.get(1));
                }
                sum += value * c;
                count += c;
            }
            if (count > 0) {
                its.add(new double[] {sum / count, count});
            }
        }
        if (its.isEmpty()) {
            return null;
        }
        double[] v = new double[its.size()];
        double[] wts = new double[its.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = its.get(i)[0];
            wts[i] = its.get(i)[1];
        }
        return new ForkSamples(v, wts);
    }

    private static void array(Where w, JsonNode n, String expected) throws BrinkUserException {
        if (n == null || !n.isArray()) {
            throw w.error(expected, n);
        }
    }

    private static String text(Where w, JsonNode n) throws BrinkUserException {
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            throw w.error("a non-empty string", n);
        }
        return n.asText();
    }

    /** A finite number. JMH writes NaN and infinities as strings; in raw data they mean a broken measurement. */
    private static double number(Where w, JsonNode n) throws BrinkUserException {
        if (n == null || !n.isNumber()) {
            throw w.error("a number", n);
        }
        double d = n.doubleValue();
        if (!Double.isFinite(d)) {
            throw w.error("a finite number", n);
        }
        return d;
    }

    private static String kind(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        if (n.isObject()) {
            return "an object";
        }
        if (n.isArray()) {
            return "an array";
        }
        if (n.isTextual()) {
            String t = n.asText();
            return "the string \"" + (t.length() > 30 ? t.substring(0, 30) + "…" : t) + "\"";
        }
        return n.isNull() ? "null" : n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT) + " " + n;
    }
}
