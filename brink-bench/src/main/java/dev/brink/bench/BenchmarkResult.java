package dev.brink.bench;

import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One entry of a JMH result file: a benchmark method in one mode with one parameter set. {@code secondary} is keyed by
 * the metric's name without JMH's "·" prefix (JMH before 1.36 wrote "·gc.alloc.rate.norm", later versions
 * "gc.alloc.rate.norm"), so files of different JMH versions compare.
 */
public record BenchmarkResult(String benchmark, BenchMode mode, SortedMap<String, String> params, int threads,
                              String jmhVersion, Metric primary, Map<String, Metric> secondary) {
    public BenchmarkResult {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(primary, "primary");
        params = new TreeMap<>(params);
        secondary = Map.copyOf(secondary);
    }

    /** What matches a result of one file with its counterpart in another: method, mode and parameters. */
    public String key() {
        return label() + " " + mode.jmhName();
    }

    /**
     * The benchmark as a person reads it: the method with its parameters, JMH's own notation. A password in a URI
     * parameter (jdbc:postgresql://user:secret@host) is shown as "***": benchmarks of clients take connection strings
     * as @Param, and Brink never prints a secret.
     */
    public String label() {
        if (params.isEmpty()) {
            return benchmark;
        }
        return benchmark + params.entrySet().stream().map(e -> e.getKey() + "=" + redact(e.getValue()))
                .collect(Collectors.joining(",", "(", ")"));
    }

    private static final Pattern URI_PASSWORD = Pattern.compile("(://[^/:@\\s]*):[^@/\\s]*@");

    static String redact(String value) {
        return URI_PASSWORD.matcher(value).replaceAll("$1:***@");
    }
}
