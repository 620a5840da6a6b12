package dev.brink.load.engine;

import dev.brink.core.Durations;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.ThinkTime;
import java.time.Duration;
import java.util.List;
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

    /**
     * A load shape ({@code stages:}, {@code --stages}) as one step: an open model's stages in req/s become multipliers of
     * the plan's profile rate, a closed model's stages are users, with the plan's think time and pacing.
     */
    public static LoadStep stages(String name, Plan.Stages stages, Plan plan) {
        if (!stages.users()) return new LoadStep(name, new Workload.Stages(stages.stages(), plan.totalRps()), stages.duration());
        Plan.Users u = plan.users();
        return new LoadStep(name, new Workload.ClosedStages(stages.stages(), u == null ? ThinkTime.NONE : u.think(),
                u == null ? Duration.ZERO : u.pacing()), stages.duration());
    }

    /** The shape of {@code stages}, each stage's values × {@code scale}. */
    public static Shape shape(List<Plan.Stage> stages, double scale) {
        double[] f = new double[stages.size()];
        double[] t = new double[stages.size()];
        double[] s = new double[stages.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = stages.get(i).from() * scale;
            t[i] = stages.get(i).to() * scale;
            s[i] = stages.get(i).duration().toNanos() / 1e9;
        }
        return new Shape(f, t, s);
    }

    /** The stages as load.jsonl's step-start event records them: kind, from, to, duration_s. */
    private static List<java.util.Map<String, Object>> json(List<Plan.Stage> stages) {
        return stages.stream().map(s -> {
            java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
            m.put("kind", s.kind());
            m.put("from", s.from());
            m.put("to", s.to());
            m.put("duration_s", s.duration().toMillis() / 1000.0);
            return m;
        }).toList();
    }

    /** What generates the requests of a step. */
    public sealed interface Workload {
        /**
         * The open schedule's multiplier over the step (one segment for a constant step or a ramp); null for a closed
         * model, which has no rate.
         */
        default Shape rateShape(double seconds) {
            return null;
        }

        /**
         * Open model through {@code stages} (req/s): each stage's rate over {@code profileRps} is the profile's
         * multiplier, one stage after another on the same schedule (no drain between them: the load moves as the
         * shape says).
         */
        record Stages(@com.fasterxml.jackson.annotation.JsonIgnore List<Plan.Stage> stages,
                      @com.fasterxml.jackson.annotation.JsonIgnore double profileRps) implements Workload {
            public Stages {
                stages = List.copyOf(stages);
                if (stages.isEmpty()) throw new IllegalArgumentException("a stage at least");
                if (!(profileRps > 0)) throw new IllegalArgumentException("profileRps > 0");
            }

            @com.fasterxml.jackson.annotation.JsonProperty("model")
            public String model() {
                return "open";
            }

            /** In req/s, as written. */
            @com.fasterxml.jackson.annotation.JsonProperty("stages")
            public List<java.util.Map<String, Object>> stagesJson() {
                return json(stages);
            }

            @Override
            public Shape rateShape(double seconds) {
                return shape(stages, 1 / profileRps);
            }
        }

        /**
         * Closed model through {@code stages} of users: at each moment the shape's users (rounded) send, each thinking
         * {@code thinkTime} after an answer; users beyond it finish their request and wait until the shape needs them.
         */
        record ClosedStages(@com.fasterxml.jackson.annotation.JsonIgnore List<Plan.Stage> stages,
                            @com.fasterxml.jackson.annotation.JsonIgnore ThinkTime thinkTime,
                            @com.fasterxml.jackson.annotation.JsonIgnore Duration pacing) implements Workload {
            public ClosedStages {
                stages = List.copyOf(stages);
                if (stages.isEmpty()) throw new IllegalArgumentException("a stage at least");
                for (Plan.Stage st : stages) {
                    if (Math.max(st.from(), st.to()) > Plan.Users.MAX) throw new IllegalArgumentException("users <= " + Plan.Users.MAX);
                }
            }

            @com.fasterxml.jackson.annotation.JsonProperty("model")
            public String model() {
                return "closed";
            }

            /** In users, as written. */
            @com.fasterxml.jackson.annotation.JsonProperty("stages")
            public List<java.util.Map<String, Object>> stagesJson() {
                return json(stages);
            }

            /** The most users the shape asks for at once. */
            @com.fasterxml.jackson.annotation.JsonIgnore
            public int maxUsers() {
                return (int) Math.max(1, Math.ceil(stages.stream().mapToDouble(s -> Math.max(s.from(), s.to())).max().orElse(1)));
            }
        }

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

            @Override
            public Shape rateShape(double seconds) {
                return Shape.linear(from, to, seconds);
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
