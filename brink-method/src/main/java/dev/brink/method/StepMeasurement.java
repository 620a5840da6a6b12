package dev.brink.method;

/**
 * What one load step measured, in the units the degradation rules use. Latencies are corrected (from
 * the intended send time). The thirds split the step's measured part (after warm-up) in time.
 *
 * @param generatorBound  the load generator could not drive this step itself (its CPU, schedule lag,
 *                        ports, dropped requests); then no rule may blame the target
 * @param generatorReason why, in words with numbers; null when not generator-bound
 */
public record StepMeasurement(double targetRps, double achievedRps, long requests, long errors,
                              double p50Ms, double p99Ms, double p99FirstThirdMs, double p99LastThirdMs,
                              boolean generatorBound, String generatorReason) {
    public StepMeasurement {
        if (!(targetRps > 0)) {
            throw new IllegalArgumentException("targetRps must be > 0, was " + targetRps);
        }
        if (requests < 0 || errors < 0 || errors > requests) {
            throw new IllegalArgumentException("need 0 <= errors <= requests, was " + errors + " of " + requests);
        }
    }

    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }
}
