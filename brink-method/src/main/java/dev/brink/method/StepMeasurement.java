package dev.brink.method;

import java.util.List;

/**
 * What one load step measured, in the units the degradation rules use. Latencies are corrected (from
 * the intended send time). The thirds split the step's measured part (after warm-up) in time.
 *
 * @param generatorBound  the load generator could not drive this step itself (its CPU, schedule lag,
 *                        ports, dropped requests); then no rule may blame the target
 * @param generatorReason why, in words with numbers; null when not generator-bound
 * @param answeredErrors  errors the service itself answered (HTTP status failures): a late generator cannot cause
 *                        those, so they count against the service even in a generator-bound step
 * @param generatorRules  the generator's rules that tripped (rule kinds about the generator), empty when not bound
 * @param p99TrendZ       the Mann-Kendall Z of the step's per-second p99s ({@link MannKendall}); NaN when the step
 *                        has no per-second points, and then no trend can be claimed
 */
public record StepMeasurement(double targetRps, double achievedRps, long requests, long errors,
                              double p50Ms, double p99Ms, double p99FirstThirdMs, double p99LastThirdMs,
                              boolean generatorBound, String generatorReason, long answeredErrors,
                              List<Degradation> generatorRules, double p99TrendZ) {
    /** A measurement with a trend test but without the generator's typed rules. */
    public StepMeasurement(double targetRps, double achievedRps, long requests, long errors, double p50Ms, double p99Ms,
                           double p99FirstThirdMs, double p99LastThirdMs, boolean generatorBound, String generatorReason,
                           long answeredErrors, double p99TrendZ) {
        this(targetRps, achievedRps, requests, errors, p50Ms, p99Ms, p99FirstThirdMs, p99LastThirdMs, generatorBound,
                generatorReason, answeredErrors, List.of(), p99TrendZ);
    }

    /** A measurement without the generator's typed rules nor per-second points (no trend test). */
    public StepMeasurement(double targetRps, double achievedRps, long requests, long errors, double p50Ms, double p99Ms,
                           double p99FirstThirdMs, double p99LastThirdMs, boolean generatorBound, String generatorReason,
                           long answeredErrors) {
        this(targetRps, achievedRps, requests, errors, p50Ms, p99Ms, p99FirstThirdMs, p99LastThirdMs, generatorBound,
                generatorReason, answeredErrors, List.of(), Double.NaN);
    }

    /** A measurement whose errors are all the service's own answers. */
    public StepMeasurement(double targetRps, double achievedRps, long requests, long errors, double p50Ms, double p99Ms,
                           double p99FirstThirdMs, double p99LastThirdMs, boolean generatorBound, String generatorReason) {
        this(targetRps, achievedRps, requests, errors, p50Ms, p99Ms, p99FirstThirdMs, p99LastThirdMs, generatorBound,
                generatorReason, errors);
    }

    public StepMeasurement {
        generatorRules = generatorRules == null ? List.of() : List.copyOf(generatorRules);
        if (answeredErrors < 0 || answeredErrors > errors) {
            throw new IllegalArgumentException("need 0 <= answeredErrors <= errors, was " + answeredErrors + " of " + errors);
        }
        if (!(targetRps >= 0)) { // 0: a closed step (users), which has no target rate
            throw new IllegalArgumentException("targetRps must be >= 0, was " + targetRps);
        }
        if (requests < 0 || errors < 0 || errors > requests) {
            throw new IllegalArgumentException("need 0 <= errors <= requests, was " + errors + " of " + requests);
        }
    }

    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }
}
