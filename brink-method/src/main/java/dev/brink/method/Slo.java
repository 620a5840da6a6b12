package dev.brink.method;

/**
 * The service-level objective a step must meet (plan's {@code slo:}).
 *
 * @param errorRate highest tolerated share of failed requests, 0..1 (0.01 = 1 %)
 * @param p99Ms     highest tolerated corrected p99 latency, milliseconds
 */
public record Slo(double errorRate, double p99Ms) {
    public Slo {
        if (!(errorRate >= 0 && errorRate <= 1)) {
            throw new IllegalArgumentException("slo.error_rate must be within 0..1, was " + errorRate);
        }
        if (!(p99Ms > 0)) {
            throw new IllegalArgumentException("slo.p99_ms must be > 0, was " + p99Ms);
        }
    }
}
