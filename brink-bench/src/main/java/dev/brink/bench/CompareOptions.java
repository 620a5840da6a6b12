package dev.brink.bench;

import java.util.List;

/**
 * How to compare.
 *
 * @param alpha     significance level of the rank test; the interval of the ratio has confidence 1 - alpha
 * @param threshold relative change (0.05 = 5 %) a significant regression must exceed to fail the CI gate
 * @param secondary secondary metrics compared besides the score, by name without JMH's "·" prefix
 * @param allowInconclusive the gate passes an inconclusive result whose point estimate is a regression beyond the
 *                  threshold (too few forks to tell); by default it fails it
 */
public record CompareOptions(double alpha, double threshold, List<String> secondary, boolean allowInconclusive) {
    public static final double DEFAULT_ALPHA = 0.05;
    /** A gate on shared CI runners must not fail on the 1–2 % that a changed neighbour causes. */
    public static final double DEFAULT_THRESHOLD = 0.05;
    public static final List<String> DEFAULT_SECONDARY = List.of("gc.alloc.rate.norm");

    public CompareOptions {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), was " + alpha);
        }
        if (!(threshold >= 0)) {
            throw new IllegalArgumentException("threshold must be >= 0, was " + threshold);
        }
        secondary = List.copyOf(secondary);
    }

    /** Inconclusive regressions fail the gate. */
    public CompareOptions(double alpha, double threshold, List<String> secondary) {
        this(alpha, threshold, secondary, false);
    }

    public static CompareOptions defaults() {
        return new CompareOptions(DEFAULT_ALPHA, DEFAULT_THRESHOLD, DEFAULT_SECONDARY);
    }
}
