package dev.brink.core.gate;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One condition of a gate, in k6's spirit but written as the failure ({@code p99>200ms} fails when the p99 is above
 * 200 ms). Typed when parsed ({@link Gate#parse}), so evaluating it never reads text.
 *
 * @param metric   what is compared
 * @param op       how
 * @param value    the limit in the metric's unit: ms for latency, a share 0..1 for error and rate shares, a count
 *                 for errors, req/s for rate; unused for findings
 * @param severity findings of this severity compared by {@code op} ({@link Metric#FINDINGS_SEVERITY})
 * @param kind     findings of this kind ({@link Metric#FINDINGS_KIND})
 * @param text     the term as the user wrote it
 */
public record Threshold(Metric metric, Op op, double value, Severity severity, FindingKind kind, String text) {
    /** What a threshold compares. */
    public enum Metric {
        P50(0), P90(1), P99(2), P999(3), MAX(4),
        /** Failed requests / requests, 0..1 ({@code errors>1%}). */
        ERROR_RATE(-1),
        /** Failed requests, a count ({@code errors>0}). */
        ERRORS(-1),
        /** Achieved rate / target rate, 0..1 ({@code rate<95%}); an open model only. */
        RATE_SHARE(-1),
        /** Achieved rate in req/s ({@code rate<500}). */
        RATE(-1),
        /** Findings of a severity or worse ({@code findings>=warning}). */
        FINDINGS_SEVERITY(-1),
        /** Findings of one kind ({@code findings=port-exhaustion}). */
        FINDINGS_KIND(-1);

        /** Index into {@link GateFigures#latencyMs}, -1 for the others. */
        final int percentile;

        Metric(int percentile) {
            this.percentile = percentile;
        }

        public boolean latency() {
            return percentile >= 0;
        }

        /** True for the thresholds on findings, which read no load. */
        public boolean findings() {
            return this == FINDINGS_SEVERITY || this == FINDINGS_KIND;
        }
    }

    /** A comparison: the threshold fails when {@code measured op value} holds. */
    public enum Op {
        GT(">"), GE(">="), LT("<"), LE("<="), EQ("=");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(double measured, double limit) {
            return switch (this) {
                case GT -> measured > limit;
                case GE -> measured >= limit;
                case LT -> measured < limit;
                case LE -> measured <= limit;
                case EQ -> measured == limit;
            };
        }
    }

    public Threshold {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(text, "text");
        if (metric == Metric.FINDINGS_SEVERITY) Objects.requireNonNull(severity, "severity");
        if (metric == Metric.FINDINGS_KIND) Objects.requireNonNull(kind, "kind");
    }

    /**
     * Why {@code f} fails this threshold, one line with the measured number ("p99 812.4 ms > 200 ms"), or null when it
     * passes. A number the load did not measure (no latency recorded, no target rate) fails: a gate that cannot be
     * checked must not pass in silence.
     */
    public String failure(GateFigures f) {
        String where = f.what().isEmpty() ? "" : " (" + f.what() + ")";
        if (metric.latency()) {
            if (f.latencyMs() == null) return text + ": no latency was recorded" + where;
            double v = f.latencyMs()[metric.percentile];
            return op.holds(v, value) ? String.format(Locale.ROOT, "%s: %s %s ms %s %s ms%s", text, name(), num(v), op.symbol, num(value), where) : null;
        }
        return switch (metric) {
            case ERROR_RATE -> op.holds(f.errorRate(), value) ? String.format(Locale.ROOT, "%s: error rate %s %% %s %s %% (%d of %d requests failed%s)%s",
                    text, num(f.errorRate() * 100), op.symbol, num(value * 100), f.errorCount(), f.requests(), topErrors(f.errors(), ": "), where) : null;
            case ERRORS -> op.holds(f.errorCount(), value) ? String.format(Locale.ROOT, "%s: %d failed requests %s %s%s%s", text, f.errorCount(),
                    op.symbol, num(value), topErrors(f.errors(), " — "), where) : null;
            case RATE_SHARE -> {
                if (f.targetRps() <= 0) yield text + ": a closed model (users) has no target rate to compare with; use rate<N (req/s)" + where;
                double share = f.achievedRps() / f.targetRps();
                yield op.holds(share, value) ? String.format(Locale.ROOT, "%s: achieved %s req/s = %s %% of the target %s req/s, %s %s %%%s", text,
                        num(f.achievedRps()), num(share * 100), num(f.targetRps()), op.symbol, num(value * 100), where) : null;
            }
            case RATE -> op.holds(f.achievedRps(), value) ? String.format(Locale.ROOT, "%s: achieved %s req/s %s %s req/s%s", text,
                    num(f.achievedRps()), op.symbol, num(value), where) : null;
            case FINDINGS_SEVERITY, FINDINGS_KIND -> {
                List<Finding> hit = f.findings().stream().filter(this::matches).toList();
                yield hit.isEmpty() ? null : text + ": " + hit.stream().map(x -> x.severity().jsonName() + " " + x.kind().jsonName()
                        + ": " + x.title()).collect(Collectors.joining(" | "));
            }
            default -> throw new IllegalStateException(metric.name());
        };
    }

    /** Whether {@code f} is a finding this threshold counts (findings thresholds only). */
    boolean matches(Finding f) {
        if (metric == Metric.FINDINGS_KIND) return f.kind() == kind;
        // severities are ordered most severe first: a smaller ordinal is worse
        int worse = severity.ordinal() - f.severity().ordinal();
        return switch (op) {
            case GE -> worse >= 0;
            case GT -> worse > 0;
            case EQ -> worse == 0;
            case LE -> worse <= 0;
            case LT -> worse < 0;
        };
    }

    private String name() {
        return metric == Metric.P999 ? "p99.9" : metric.name().toLowerCase(Locale.ROOT);
    }

    /** The most frequent error kinds, most first: "connect-refused 120, http-503 4". */
    public static String topErrors(Map<String, Long> errors, String prefix) {
        if (errors.isEmpty()) return "";
        return prefix + errors.entrySet().stream().filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(3).map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }
}
