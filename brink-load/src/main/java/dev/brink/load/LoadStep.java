package dev.brink.load;

import dev.brink.core.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * One step of load: a name (shown in load.jsonl and events), a workload and how long to hold it.
 * A capacity search runs {@code LoadStep.open("x5", 5, d)}, {@code open("x6", 6, d)} … one after another
 * on the same connections; a confirmation runs {@code ramp(...)} then {@code open(...)}.
 */
public record LoadStep(String name, Workload workload, Duration duration) {
    public LoadStep {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workload, "workload");
        if (duration.toMillis() < 1) throw new IllegalArgumentException("duration >= 1ms");
        // the schedule counts nanoseconds in a long and multiplies them by rates: see Durations.MAX
        if (duration.compareTo(Durations.MAX) > 0) throw new IllegalArgumentException("duration <= " + Durations.MAX_TEXT);
    }

    /** Open model at a constant multiplier of the profile's rates. */
    public static LoadStep open(String name, double multiplier, Duration duration) {
        return new LoadStep(name, new Workload.Open(multiplier, multiplier), duration);
    }

    /** Open model whose multiplier moves linearly from {@code from} to {@code to} over the duration. */
    public static LoadStep ramp(String name, double from, double to, Duration duration) {
        return new LoadStep(name, new Workload.Open(from, to), duration);
    }

    /** Closed model: {@code users} virtual users, each sends, waits for the answer, thinks, sends again. */
    public static LoadStep closed(String name, int users, Duration think, Duration duration) {
        return new LoadStep(name, new Workload.Closed(users, think), duration);
    }

    /** What generates the requests of a step. */
    public sealed interface Workload {
        /**
         * Open model: operation i is sent at {@code rps_i × multiplier(t)} whether or not answers come back;
         * latency counts from each request's intended send time. The multiplier moves linearly from
         * {@code from} to {@code to} (equal for a constant rate).
         */
        record Open(double from, double to) implements Workload {
            @com.fasterxml.jackson.annotation.JsonProperty("model")
            public String model() {
                return "open";
            }

            public Open {
                if (!(from >= 0 && to >= 0) || Double.isInfinite(from) || Double.isInfinite(to)) {
                    throw new IllegalArgumentException("multipliers must be >= 0");
                }
            }
        }

        /** Closed model: at most {@code users} requests in flight; operations chosen by their rps weights. */
        record Closed(int users, @com.fasterxml.jackson.annotation.JsonIgnore Duration think) implements Workload {
            @com.fasterxml.jackson.annotation.JsonProperty("model")
            public String model() {
                return "closed";
            }

            @com.fasterxml.jackson.annotation.JsonProperty("think_ms")
            public long thinkMs() {
                return think.toMillis();
            }

            public Closed {
                if (users < 1 || users > 60_000) throw new IllegalArgumentException("users 1..60000");
                Objects.requireNonNull(think, "think");
                if (think.isNegative()) throw new IllegalArgumentException("think >= 0");
            }
        }
    }
}
