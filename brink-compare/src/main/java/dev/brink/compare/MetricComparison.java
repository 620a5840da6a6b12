package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.stats.Verdict;

/**
 * One metric of one step and operation, BASE against NEW.
 *
 * @param step           the load step ("capacity-x8", "confirm-hold", "soak", or a one-line run's step)
 * @param operation      the operation, "" for the whole load
 * @param base           BASE's figure over the whole step (a percentile of the merged histogram; Σ/Σ for the others)
 * @param news           NEW's figure
 * @param ratio          news / base: the point estimate the verdict and the gate use
 * @param ratioLow       lower end of the bootstrap interval of the ratio (resampling units)
 * @param ratioHigh      upper end
 * @param p              two-sided Mann-Whitney p-value of the units' own figures
 * @param pAdjusted      p adjusted by Holm's method over every metric of the comparison: what the verdict decides by
 * @param baseUnits      independent units of BASE (seconds, or blocks of {@code secondsPerUnit} seconds)
 * @param newUnits       of NEW
 * @param secondsPerUnit seconds in one unit (1 up to 150 seconds a step)
 * @param verdict        better, worse, no significant change or inconclusive
 * @param moreSeconds    for an inconclusive verdict, how many more seconds each side's step needs; else 0
 * @param regression     what the gate fails on ({@code Significance.gateFails}): worse beyond the threshold,
 *                       significantly or (unless allowed) inconclusively
 * @param sharedHost     for a latency change the host's other work can account for (then inconclusive): both sides'
 *                       shares of shared seconds ({@link SharedHost}); else null
 * @param note           why, for people
 */
public record MetricComparison(String step, String operation, RunMetric metric, double base, double news, double ratio,
                               @JsonProperty("ratio_low") double ratioLow, @JsonProperty("ratio_high") double ratioHigh,
                               double p, @JsonProperty("p_adjusted") double pAdjusted, @JsonProperty("base_units") int baseUnits, @JsonProperty("new_units") int newUnits,
                               @JsonProperty("seconds_per_unit") int secondsPerUnit, Verdict verdict,
                               @JsonProperty("more_seconds") int moreSeconds, boolean regression,
                               @JsonProperty("shared_host") HostShares sharedHost, String note) {

    /** Change in percent, (ratio - 1) × 100. */
    @JsonIgnore
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    /** The operation as printed: "all" for the whole load. */
    @JsonIgnore
    public String operationLabel() {
        return operation.isEmpty() ? "all" : operation;
    }

    /** The verdict as a person reads it for this metric ("slower", "more errors", "inconclusive: …"). */
    @JsonIgnore
    public String verdictText() {
        return switch (verdict) {
            case BETTER, WORSE -> direction(verdict == Verdict.BETTER);
            case NO_CHANGE -> "no significant change";
            case INCONCLUSIVE -> "inconclusive" + (sharedHost != null ? ": the host was shared"
                    : moreSeconds > 0 ? ": hold the step " + moreSeconds + " s longer" : "");
        };
    }

    private String direction(boolean better) {
        return switch (metric) {
            case THROUGHPUT -> better ? "higher throughput" : "lower throughput";
            case ERROR_RATE -> better ? "fewer errors" : "more errors";
            case CPU_PER_REQUEST -> better ? "less CPU per request" : "more CPU per request";
            case GC_PER_REQUEST -> better ? "less GC per request" : "more GC per request";
            default -> better ? "faster" : "slower";
        };
    }
}
