package dev.brink.core.line;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.Map;

/**
 * One line of load.jsonl: what happened in one interval (normally one second; the last of a step may be
 * shorter). Totals at the top, each operation under {@code ops}. Responses are counted in the interval
 * they arrived in; {@code targetRps} is the schedule's mean rate over the interval (0 in a closed model).
 * {@code inFlight} counts requests sent and not yet answered, {@code waiting} those the schedule released but
 * that wait in the generator for a free connection (their wait counts in corrected latency), both at the
 * interval's end. {@code connections} counts the generator's links (a connection each for HTTP/1.1 and raw TCP, a call
 * slot for gRPC), {@code tcpConnections} the TCP connections they ride on (gRPC's shared HTTP/2 channels).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record IntervalStats(long epochMs, double elapsedS, String step, double intervalS, double targetRps,
                            long sent, long ok, Map<String, Long> errors, long dropped, Percentiles corrected,
                            Percentiles uncorrected, int inFlight, int waiting, int connections, boolean generatorBound,
                            Map<String, Op> ops, int tcpConnections) {
    public IntervalStats {
        errors = Map.copyOf(errors);
        ops = Map.copyOf(ops);
    }

    /** An interval whose links are its TCP connections (HTTP/1.1, raw TCP; merged shards). */
    public IntervalStats(long epochMs, double elapsedS, String step, double intervalS, double targetRps, long sent, long ok,
                         Map<String, Long> errors, long dropped, Percentiles corrected, Percentiles uncorrected, int inFlight,
                         int waiting, int connections, boolean generatorBound, Map<String, Op> ops) {
        this(epochMs, elapsedS, step, intervalS, targetRps, sent, ok, errors, dropped, corrected, uncorrected, inFlight, waiting,
                connections, generatorBound, ops, connections);
    }

    /** One operation's share of the interval. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Op(double targetRps, long sent, long ok, Map<String, Long> errors, long dropped,
                     Percentiles corrected, Percentiles uncorrected) {
        public Op {
            errors = Map.copyOf(errors);
        }
    }

    /** Errors of every kind in the interval. */
    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
