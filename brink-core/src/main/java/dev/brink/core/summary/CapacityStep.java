package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One step of the capacity search as measured and judged.
 *
 * @param verdict ok, degraded or generator-bound
 * @param reasons the rules that failed, each with its numbers ("error rate 4.1 % > SLO 1 %")
 */
public record CapacityStep(int multiplier, @JsonProperty("target_rps") double targetRps,
                           @JsonProperty("achieved_rps") double achievedRps,
                           @JsonProperty("error_rate") double errorRate,
                           @JsonProperty("p50_ms") double p50Ms, @JsonProperty("p99_ms") double p99Ms,
                           String verdict, List<String> reasons) {
    public CapacityStep {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }
}
