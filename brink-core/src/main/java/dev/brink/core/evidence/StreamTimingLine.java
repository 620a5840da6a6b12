package dev.brink.core.evidence;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * One line of {@code streams.jsonl}: the per-message timing of one server-streaming operation over one load
 * step. A stream's total alone hides how its messages came: a stream that sends its first message late, or
 * stops for a second in the middle, can have the same total as one that trickles evenly. So every message is
 * timed on its own. Written by brink-load, part of the run-directory contract (DESIGN.md lists {@link #KEYS}).
 *
 * <p>Times are milliseconds. "Corrected" times run from the call's intended start (its place in the open
 * schedule), as the calls' own latencies do, so a generator or server stall that delayed the call's start is
 * in them; the gaps run from one message of a call to the next and cannot see such a delay.
 *
 * @param step          the load step (as in load.jsonl)
 * @param operation     the plan's operation name
 * @param calls         streaming calls that ended in the step (ok or not)
 * @param ok            of those, the calls that ended with status OK
 * @param messages      response messages received in the step
 * @param firstMessage  time from each call's intended start to its first message
 * @param message       time from each call's intended start to each of its messages
 * @param gap           time between consecutive messages of one call
 * @param total         time from each call's intended start to its end (its status)
 */
public record StreamTimingLine(String step, String operation, long calls, long ok, long messages,
                               @JsonProperty("first_message_ms") Spread firstMessage,
                               @JsonProperty("message_ms") Spread message,
                               @JsonProperty("gap_ms") Spread gap,
                               @JsonProperty("total_ms") Spread total) {
    /** The JSON keys of a line and of its {@link Spread}s, as DESIGN.md must list them. */
    public static final List<String> KEYS = List.of("step", "operation", "calls", "ok", "messages", "first_message_ms",
            "message_ms", "gap_ms", "total_ms", "count", "p50", "p90", "p99", "p999", "max");

    public StreamTimingLine {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(firstMessage, "first_message_ms");
        Objects.requireNonNull(message, "message_ms");
        Objects.requireNonNull(gap, "gap_ms");
        Objects.requireNonNull(total, "total_ms");
    }

    /** Messages per call, on average (0 without calls). */
    public double messagesPerCall() {
        return calls == 0 ? 0 : (double) messages / calls;
    }

    /** A distribution of times in milliseconds: how many values and their percentiles. */
    public record Spread(long count, double p50, double p90, double p99, double p999, double max) {
        public static final Spread EMPTY = new Spread(0, 0, 0, 0, 0, 0);

        public Spread {
            if (count < 0) throw new IllegalArgumentException("count >= 0");
        }
    }
}
