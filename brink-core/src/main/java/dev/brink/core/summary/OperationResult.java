package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.TreeMap;

/**
 * One operation's share of a measured step (a profile entry or a flow step): a mix can hold one slow or failing
 * operation under a total that looks healthy, so every step keeps each operation's own numbers.
 *
 * @param name        the operation's name in the plan
 * @param targetRps   its scheduled mean rate (0 in a closed model and for flow steps after the first)
 * @param achievedRps its answers (ok + errors) per second of the step
 * @param errors      its error counts by kind (the labels of load.jsonl: http-503, extract-failed, …)
 * @param errorRate   errors / (ok + errors), 0..1
 * @param p50Ms       corrected latency (from the intended send time), as the step's totals
 */
public record OperationResult(String name, @JsonProperty("target_rps") double targetRps,
                              @JsonProperty("achieved_rps") double achievedRps, long ok, Map<String, Long> errors,
                              @JsonProperty("error_rate") double errorRate, @JsonProperty("p50_ms") double p50Ms,
                              @JsonProperty("p90_ms") double p90Ms, @JsonProperty("p99_ms") double p99Ms,
                              @JsonProperty("max_ms") double maxMs) {
    @JsonCreator
    public OperationResult {
        errors = errors == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
