package dev.brink.core.gate;

import dev.brink.core.Finding;
import java.util.List;
import java.util.Map;

/**
 * What a gate is checked against: the numbers of one load (a one-line run, a confirmation hold, a soak) and the
 * run's findings, as plain numbers so any producer can hand them in.
 *
 * @param what        the load in words, for the failure lines ("the confirmation hold at 3 × profile"); empty for a
 *                    one-line run, which has one load
 * @param latencyMs   corrected latency (from the intended send time): p50, p90, p99, p99.9, max; null when the load
 *                    recorded no percentiles (a run directory written before they were)
 * @param requests    answered or failed requests (ok + errors)
 * @param errors      failed requests by kind (load.jsonl's words)
 * @param targetRps   the schedule's rate, 0 for a closed model (users), which has none
 * @param achievedRps answers per second
 * @param findings    the run's findings
 */
public record GateFigures(String what, double[] latencyMs, long requests, Map<String, Long> errors, double targetRps,
                          double achievedRps, List<Finding> findings) {
    public GateFigures {
        what = what == null ? "" : what;
        errors = errors == null ? Map.of() : Map.copyOf(errors);
        findings = findings == null ? List.of() : List.copyOf(findings);
        if (latencyMs != null && latencyMs.length != 5) throw new IllegalArgumentException("p50, p90, p99, p99.9, max");
        latencyMs = latencyMs == null ? null : latencyMs.clone();
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Failed requests / requests, 0 when none were made. */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errorCount() / requests;
    }
}
