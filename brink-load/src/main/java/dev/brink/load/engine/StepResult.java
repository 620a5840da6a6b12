package dev.brink.load.engine;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.Percentiles;
import dev.brink.core.summary.OperationResult;
import java.util.List;
import java.util.Map;

/**
 * What one {@link LoadStep} achieved, counting every response that arrived from its start until its
 * in-flight requests were answered or timed out.
 *
 * @param targetRps    the schedule's mean rate (0 for a closed model)
 * @param achievedRps  answered requests (ok + errors with a response or a failure) per second of the step
 * @param errors       error counts by kind: connect-refused, connect-timeout, request-timeout, reset,
 *                     http-NNN, grpc-CODE, check-failed, invalid-value (a CSV value a request could not carry),
 *                     extract-failed (a value a flow step should take from its response was not there),
 *                     tls-handshake, the HTTP/2 kinds h2-refused-stream, h2-cancel, h2-internal-error,
 *                     h2-enhance-your-calm, h2-stream-reset and h2-goaway, other
 * @param errorRate    errors / (ok + errors); dropped requests are not in it (they are the generator's)
 * @param dropped      requests never sent: the backlog was full ({@code generator.dropped}, the generator's limit), or
 *                     they still waited for a connection when the step's drain ended ({@link #unsent()}, the target's)
 * @param maxInFlight  the most requests in flight at any interval end
 * @param generator    the worst value of each generator-health field over the step
 * @param generatorBoundReasons why the generator could not drive this step; empty when it could
 * @param operations   each operation's own rate, errors and corrected latency in the step, in plan order
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record StepResult(String step, LoadStep.Workload workload, double durationS, double targetRps, double achievedRps,
                         long sent, long ok, Map<String, Long> errors, double errorRate, long dropped,
                         Percentiles corrected, Percentiles uncorrected, int maxInFlight, GeneratorHealth generator,
                         List<String> generatorBoundReasons, List<OperationResult> operations) {
    public StepResult {
        errors = Map.copyOf(errors);
        generatorBoundReasons = List.copyOf(generatorBoundReasons);
        operations = List.copyOf(operations);
    }

    /**
     * Requests never sent because, when the step's drain ended, they still waited for a connection: every connection
     * was held by a request the target had not answered. The target's slowness, not the generator's limit (a full
     * backlog is {@code generator.dropped}).
     */
    public long unsent() {
        return Math.max(0, dropped - overflowed());
    }

    /** Requests dropped because the generator's backlog was full: the generator's own limit. */
    public long overflowed() {
        return generator == null ? dropped : Math.min(dropped, generator.dropped());
    }

    public boolean generatorBound() {
        return !generatorBoundReasons.isEmpty();
    }

    /**
     * Errors the service answered itself (an HTTP status failure, a failed check), as opposed to timeouts,
     * resets and refused connections, which a late or starved generator can cause on its own.
     */
    public long answeredErrorCount() {
        return errors.entrySet().stream().filter(e -> e.getKey().startsWith("http-") || e.getKey().equals(ErrorKind.CHECK_FAILED.label)
                        || e.getKey().startsWith("grpc-") && !GRPC_NOT_ANSWERED.contains(e.getKey()))
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** gRPC statuses a client library reports on its own when no answer came (no connection, deadline, cancel). */
    private static final java.util.Set<String> GRPC_NOT_ANSWERED = java.util.Set.of("grpc-UNAVAILABLE",
            "grpc-DEADLINE_EXCEEDED", "grpc-CANCELLED");

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
