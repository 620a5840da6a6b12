package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.load.LoadEngine;
import dev.brink.load.LoadStep;
import dev.brink.load.Plan;
import dev.brink.load.StepResult;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The capacity search: profile × N for N = start, start+step, … (each a warm-up, then the measured step),
 * judged by {@link DegradationRules}, refined by bisection; the first degraded step triggers evidence.
 */
final class CapacityPhase {
    /** Called once, at the first degraded step, while the load still runs at that rate's aftermath. */
    interface DegradationHook {
        void firstDegraded(int multiplier, StepVerdict verdict) throws InterruptedException;
    }

    static final Duration GENERATOR_WARMUP = Duration.ofSeconds(5);

    private final LoadEngine engine;
    private final Plan plan;
    private final EventLog events;
    private final PrintWriter console;
    private final StepThirds thirds;

    CapacityPhase(LoadEngine engine, Plan plan, int maxConnections, EventLog events, PrintWriter console) {
        this.engine = engine;
        this.plan = plan;
        this.events = events;
        this.console = console;
        this.thirds = new StepThirds(maxConnections, plan.slo().p99Ms());
        engine.addListener(thirds);
    }

    CapacityResult run(DegradationHook hook) throws InterruptedException, BrinkUserException {
        Plan.Capacity c = plan.phases().capacity();
        CapacitySearch search = new CapacitySearch(whole("start", c.start()), whole("step", c.step()), whole("max", c.max()), c.refine());
        DegradationRules rules = new DegradationRules(new Slo(plan.slo().errorRate(), plan.slo().p99Ms()));
        events.append("phase-start", Map.of("phase", "capacity"));
        console.printf(Locale.ROOT, "capacity search: profile %.1f req/s × N, N = %d, %d, … ≤ %d, %s per step after %s warm-up%n",
                plan.totalRps(), whole("start", c.start()), whole("start", c.start()) + whole("step", c.step()), whole("max", c.max()),
                Durations.format(c.stepDuration()), Durations.format(c.warmup()));
        // The generator's own JIT warm-up: one unjudged stretch at the start rate, so the first measured
        // steps see a compiled load path (a cold JVM misses its schedule by tens of ms in its first seconds).
        engine.run(LoadStep.open("generator-warmup", whole("start", c.start()), GENERATOR_WARMUP));
        List<CapacityStep> steps = new ArrayList<>();
        boolean evidenceTaken = false;
        OptionalInt next;
        while ((next = search.next()).isPresent()) {
            int n = next.getAsInt();
            if (!c.warmup().isZero()) {
                engine.run(LoadStep.open("capacity-x" + n + "-warmup", n, c.warmup()));
            }
            String name = "capacity-x" + n;
            thirds.begin(name);
            StepResult r = engine.run(LoadStep.open(name, n, c.stepDuration()));
            StepVerdict verdict = rules.judge(measurement(r));
            search.record(n, verdict);
            steps.add(new CapacityStep(n, r.targetRps(), r.achievedRps(), r.errorRate(), r.corrected().p50Ms(),
                    r.corrected().p99Ms(), verdict.kind().json(), verdict.reasons()));
            events.append("step-verdict", Map.of("phase", "capacity", "step", name, "multiplier", n,
                    "verdict", verdict.kind().json(), "reasons", verdict.reasons()));
            console.printf(Locale.ROOT, "  N=%-3d target %8.1f  achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms  %s%s%n",
                    n, r.targetRps(), r.achievedRps(), r.errorRate() * 100, r.corrected().p99Ms(), verdict.kind().json(),
                    verdict.reasons().isEmpty() ? "" : ": " + String.join("; ", verdict.reasons()));
            if (verdict.kind() == StepVerdict.Kind.DEGRADED && !evidenceTaken) {
                evidenceTaken = true;
                hook.firstDegraded(n, verdict);
            }
        }
        CapacitySearch.Outcome o = search.outcome();
        events.append("phase-end", Map.of("phase", "capacity", "max_multiplier", o.maxMultiplier(), "limited_by", o.limitedBy()));
        return new CapacityResult(o.maxMultiplier(), o.maxMultiplier() * plan.totalRps(), o.limitedBy(), o.firstBad(), steps);
    }

    /**
     * A step is generator-bound when it dropped requests (the backlog overflowed) or when the generator
     * was behind its schedule in more than a third of its seconds. A single jittery second (a GC pause
     * of Brink's own, the scheduler) is noted by the engine but would otherwise end the search on noise.
     */
    private StepMeasurement measurement(StepResult r) {
        long errors = r.errorCount();
        long requests = r.ok() + errors;
        boolean starved = thirds.connectionStarvedShare() > MAX_GENERATOR_BOUND_SHARE;
        boolean bound = r.dropped() > 0 || thirds.generatorBoundShare() > MAX_GENERATOR_BOUND_SHARE || starved;
        String why = null;
        if (starved) {
            why = String.format(Locale.ROOT, "all %d connections busy and up to %d requests waiting for one in %d of %d s, while the"
                            + " service answered within the SLO (uncorrected p99 %.1f ms): the connection cap, not the service,"
                            + " held the load back (raise --connections)", thirds.maxConnections(), thirds.mostWaiting(),
                    thirds.starvedSeconds(), thirds.seconds(), r.uncorrected().p99Ms());
        } else if (bound) {
            why = String.format(Locale.ROOT, "behind its own schedule in %d of %d s%s: %s", thirds.boundSeconds(), thirds.seconds(),
                    r.dropped() > 0 ? ", " + r.dropped() + " requests dropped" : "", String.join("; ", r.generatorBoundReasons()));
        }
        return new StepMeasurement(r.targetRps(), r.achievedRps(), requests, errors, r.corrected().p50Ms(), r.corrected().p99Ms(),
                thirds.firstThirdMs(), thirds.lastThirdMs(), bound, why);
    }

    /** Above this share of generator-bound seconds, a step's numbers describe the generator, not the target. */
    static final double MAX_GENERATOR_BOUND_SHARE = 1.0 / 3;

    private static int whole(String field, double v) throws BrinkUserException {
        if (v != Math.rint(v) || v < 1) {
            throw new BrinkUserException("phases.capacity." + field + " is " + v + ": the capacity search needs a whole number >= 1");
        }
        return (int) v;
    }

}
