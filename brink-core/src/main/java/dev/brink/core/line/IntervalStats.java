package dev.brink.core.line;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.detail.Ranges;
import java.util.Map;

/**
 * One line of load.jsonl: what happened in one interval (normally one second; the last of a step may be
 * shorter). Totals at the top, each operation under {@code ops}. Responses are counted in the interval
 * they arrived in; {@code targetRps} is the schedule's mean rate over the interval (0 in a closed model).
 * {@code inFlight} counts requests sent and not yet answered, {@code waiting} those the schedule released but
 * that wait in the generator for a free connection (their wait counts in corrected latency), both at the
 * interval's end. {@code connections} counts the generator's links (a connection each for HTTP/1.1 and raw TCP, a call
 * slot for gRPC), {@code tcpConnections} the TCP connections they ride on (gRPC's shared HTTP/2 channels).
 *
 * <p>Part of the run-directory contract ({@link dev.brink.core.RunLines}): written by brink-load's engine (one line a
 * second, the record as it is built, nothing more allocated), read back as this record by compare, shard merge and
 * the tests. A line of an older run without a key reads as 0, empty or {@link Percentiles#EMPTY}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record IntervalStats(long epochMs, double elapsedS, String step, double intervalS, double targetRps,
                            long sent, long ok, Map<String, Long> errors, long dropped, Percentiles corrected,
                            Percentiles uncorrected, int inFlight, int waiting, int connections, boolean generatorBound,
                            Map<String, Op> ops, int tcpConnections) {
    public IntervalStats {
        errors = errors == null ? Map.of() : Map.copyOf(errors); // null: a line read back without the key
        ops = ops == null ? Map.of() : Map.copyOf(ops);
        if (corrected == null) corrected = Percentiles.EMPTY;
        if (uncorrected == null) uncorrected = Percentiles.EMPTY;
        Ranges.atLeastZero("sent", sent);
        Ranges.atLeastZero("ok", ok);
        Ranges.atLeastZero("dropped", dropped);
        Ranges.atLeastZero("interval_s", intervalS);
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
            errors = errors == null ? Map.of() : Map.copyOf(errors);
            Ranges.atLeastZero("sent", sent);
            Ranges.atLeastZero("ok", ok);
            Ranges.atLeastZero("dropped", dropped);
            if (corrected == null) corrected = Percentiles.EMPTY;
            if (uncorrected == null) uncorrected = Percentiles.EMPTY;
        }
    }

    /** Errors of every kind in the interval. */
    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
