package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import dev.brink.core.gate.GateFigures;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a held load measured (the confirmation hold, the soak): the load itself (users in a closed model, which has no
 * target rate; the target rate in an open one), what was achieved and how fast. What a plan's {@code fail_on}
 * thresholds are checked against, and what every output shows as the hold's load.
 *
 * @param users       a closed model's users, 0 for an open model
 * @param targetRps   the schedule's rate, 0 for a closed model
 * @param achievedRps answers per second
 * @param requests    answered or failed requests
 * @param errors      failed requests by kind (load.jsonl's words)
 * @param latencyMs   corrected latency
 */
public record HeldLoad(int users, @JsonProperty("target_rps") double targetRps, @JsonProperty("achieved_rps") double achievedRps,
                       long requests, Map<String, Long> errors, @JsonProperty("latency_ms") Latency latencyMs) {
    @JsonCreator
    public HeldLoad {
        errors = errors == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    /** Corrected latency percentiles in milliseconds. */
    public record Latency(double p50, double p90, double p99, @JsonProperty("p99_9") double p999, double max) {
    }

    @JsonIgnore
    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** "12 users" or "40.0 req/s": what load this was, in the words every output uses. */
    @JsonIgnore
    public String load() {
        if (users > 0) return users == 1 ? "1 user" : users + " users";
        return String.format(java.util.Locale.ROOT, "%.1f req/s", targetRps);
    }

    /** These numbers as a gate checks them, named {@code what} in its lines. */
    public GateFigures figures(String what, List<Finding> findings) {
        Latency l = latencyMs;
        return new GateFigures(what, l == null ? null : new double[] {l.p50(), l.p90(), l.p99(), l.p999(), l.max()}, requests,
                errors, targetRps, achievedRps, findings);
    }
}
