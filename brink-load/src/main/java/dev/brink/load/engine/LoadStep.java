package dev.brink.load.engine;

import dev.brink.core.Durations;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.ThinkTime;
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

    /**
     * A step of {@code plan} at {@code multiplier}: its rates × multiplier in an open model, its users ×
     * multiplier (rounded, at least 1) with their think time and pacing in a closed one. The capacity search,
     * the confirmation and the soak call this, so either model is searched the same way.
     */
    public static LoadStep of(Plan plan, String name, double multiplier, Duration duration) {
        if (!plan.closedModel()) return open(name, multiplier, duration);
        Plan.Users u = plan.users();
        return new LoadStep(name, new Workload.Closed(users(u, multiplier), u.think(), u.pacing()), duration);
    }

    /**
     * A ramp of {@code plan} from multiplier {@code from} to {@code to}. A closed model has no rate to ramp:
     * its users start together, so the step holds {@code to}'s users (a ramp is a warm-up there, not a measure).
     */
    public static LoadStep rampOf(Plan plan, String name, double from, double to, Duration duration) {
        return plan.closedModel() ? of(plan, name, to, duration) : ramp(name, from, to, duration);
    }

    private static int users(Plan.Users u, double multiplier) {
        return (int) Math.max(1, Math.min(Plan.Users.MAX, Math.round(u.count() * multiplier)));
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

        /**
         * Closed model: at most {@code users} requests in flight; flows (or operations) chosen by their weights;
         * each user thinks {@code thinkTime} after an answer and starts its flows at least {@code pacing} apart.
         */
        record Closed(int users, @com.fasterxml.jackson.annotation.JsonIgnore ThinkTime thinkTime,
                      @com.fasterxml.jackson.annotation.JsonIgnore Duration pacing) implements Workload {
            @com.fasterxml.jackson.annotation.JsonProperty("model")
            public String model() {
                return "closed";
            }

            @com.fasterxml.jackson.annotation.JsonProperty("think_ms")
            public long thinkMs() {
                return thinkTime.mean().toMillis();
            }

            /** The mean think time. */
            @com.fasterxml.jackson.annotation.JsonIgnore
            public Duration think() {
                return thinkTime.mean();
            }

            public Closed {
                if (users < 1 || users > Plan.Users.MAX) throw new IllegalArgumentException("users 1.." + Plan.Users.MAX);
                Objects.requireNonNull(thinkTime, "thinkTime");
                Objects.requireNonNull(pacing, "pacing");
                if (pacing.isNegative()) throw new IllegalArgumentException("pacing >= 0");
            }

            /** A constant think time, no pacing. */
            public Closed(int users, Duration think) {
                this(users, ThinkTime.constant(think), Duration.ZERO);
            }
        }
    }
}
