package dev.brink.load.metrics;

import java.util.Map;

/**
 * Writes metric families in one of the two text formats Prometheus scrapes: OpenMetrics 1.0
 * ({@code application/openmetrics-text}: counter families named without {@code _total}, {@code info} and
 * {@code UNIT} lines, ending with {@code # EOF}) or the older Prometheus text format 0.0.4 ({@code text/plain}:
 * the counter's family carries {@code _total}, info is a gauge, no EOF). The differences are all here, so the
 * metrics themselves are written once. Every sample carries the constant labels (the shard) first.
 */
final class MetricsText {
    static final String OPENMETRICS_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final StringBuilder b = new StringBuilder(4096);
    private final boolean openMetrics;
    private final String constantLabels;

    MetricsText(boolean openMetrics, Map<String, String> constantLabels) {
        this.openMetrics = openMetrics;
        StringBuilder c = new StringBuilder();
        constantLabels.forEach((k, v) -> label(c, k, v));
        this.constantLabels = c.toString();
    }

    /** A counter family; then {@link #sample} with the name + {@code _total}. */
    MetricsText counter(String family, String help) {
        return header(openMetrics ? family : family + "_total", "counter", help);
    }

    MetricsText gauge(String family, String help) {
        return header(family, "gauge", help);
    }

    /** An info family: one sample {@code family_info} with value 1 and the labels. */
    MetricsText info(String family, String help, Map<String, String> labels) {
        header(openMetrics ? family : family + "_info", openMetrics ? "info" : "gauge", help);
        return sample(family + "_info", labels, 1);
    }

    /** A classic histogram in seconds, {@code le} bounds from {@link LatencyBuckets#BOUNDS_S} then +Inf. */
    MetricsText histogram(String family, String help, LatencyBuckets h) {
        header(family, "histogram", help);
        if (openMetrics) b.append("# UNIT ").append(family).append(" seconds\n");
        for (int i = 0; i <= LatencyBuckets.BOUNDS_S.length; i++) {
            String le = i < LatencyBuckets.BOUNDS_S.length ? number(LatencyBuckets.BOUNDS_S[i]) : "+Inf";
            sample(family + "_bucket", Map.of("le", le), h.cumulative(i));
        }
        sample(family + "_count", Map.of(), h.count());
        return sample(family + "_sum", Map.of(), h.sumSeconds());
    }

    MetricsText sample(String name, Map<String, String> labels, double value) {
        b.append(name);
        if (!constantLabels.isEmpty() || !labels.isEmpty()) {
            b.append('{').append(constantLabels);
            labels.forEach((k, v) -> label(b, k, v));
            if (b.charAt(b.length() - 1) == ',') b.setLength(b.length() - 1);
            b.append('}');
        }
        return value(value);
    }

    MetricsText sample(String name, double value) {
        return sample(name, Map.of(), value);
    }

    String finish() {
        if (openMetrics) b.append("# EOF\n");
        return b.toString();
    }

    private MetricsText header(String family, String type, String help) {
        b.append("# TYPE ").append(family).append(' ').append(type).append('\n');
        b.append("# HELP ").append(family).append(' ').append(escape(help, openMetrics)).append('\n');
        return this;
    }

    private MetricsText value(double v) {
        b.append(' ').append(number(v)).append('\n');
        return this;
    }

    /**
     * Integers without a fraction (counts read better), others in plain decimals ({@code le="0.0005"}, as every
     * Prometheus client writes bucket bounds, not {@code 5.0E-4}); both are numbers in either format's grammar.
     */
    static String number(double v) {
        if (Double.isNaN(v)) return "NaN";
        if (Double.isInfinite(v)) return v > 0 ? "+Inf" : "-Inf";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static void label(StringBuilder to, String name, String value) {
        to.append(name).append("=\"").append(escape(value, true)).append("\",");
    }

    /**
     * Backslash and newline in both formats; the double quote in label values (both) and in OpenMetrics help,
     * whose grammar allows no bare quote there (the older format's help must keep it bare).
     */
    private static String escape(String s, boolean quote) {
        StringBuilder e = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> e.append("\\\\");
                case '\n' -> e.append("\\n");
                case '"' -> e.append(quote ? "\\\"" : "\"");
                default -> e.append(c);
            }
        }
        return e.toString();
    }
}
