package dev.brink.compare;

import java.util.EnumSet;
import java.util.Set;

/**
 * How to compare runs and what the gate fails on.
 *
 * @param alpha             significance level of the rank test; the ratio's interval has confidence 1 - alpha
 * @param threshold         relative change (0.05 = 5 %) a regression must exceed to fail the gate, on the point estimate
 * @param allowInconclusive the gate passes a change too few seconds can rule out; by default it fails it
 * @param failOn            what fails the gate (exit 3); empty: nothing does
 */
public record CompareSettings(double alpha, double threshold, boolean allowInconclusive, Set<GateCondition> failOn) {
    public static final double DEFAULT_ALPHA = 0.05;
    /** As brink bench compare: a gate on shared runners must not fail on the few percent a neighbour causes. */
    public static final double DEFAULT_THRESHOLD = 0.05;

    public CompareSettings {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5), was " + alpha);
        }
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold must be >= 0, was " + threshold);
        }
        failOn = failOn.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(failOn));
    }

    /** The defaults, failing on regressions. */
    public static CompareSettings defaults() {
        return new CompareSettings(DEFAULT_ALPHA, DEFAULT_THRESHOLD, false, EnumSet.of(GateCondition.REGRESSION));
    }

    public CompareSettings withFailOn(Set<GateCondition> conditions) {
        return new CompareSettings(alpha, threshold, allowInconclusive, conditions);
    }
}
