package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.event.StepRetry;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.function.BooleanSupplier;

/**
 * The capacity search: profile × N for N = start, start+step, … (each a warm-up, then the measured step),
 * judged by {@link DegradationRules}, refined by bisection; the first degraded step triggers evidence.
 */
final class CapacityPhase {
    /**
     * Called once, for the first degraded step, on a helper thread while the load runs again at that rate
     * (thread dumps of an idle service show nothing: the contention exists only under the load that caused it).
     */
    interface DegradationHook {
        void firstDegraded(int multiplier, StepVerdict verdict);
    }

    static final Duration GENERATOR_WARMUP = Duration.ofSeconds(5);
    /**
     * A target Brink just launched is as cold as the generator: its JIT needs some thousands of requests too. The
     * longest it gets; {@link WarmupSettling} ends the warm-up earlier once the target's latency has settled.
     */
    static final Duration LAUNCHED_TARGET_WARMUP = Duration.ofSeconds(20);
    static final String WARMUP_STEP = "generator-warmup";

    private final StepDriver engine;
    private final Plan plan;
    private final EventLog events;
    private final PrintWriter console;
    private final StepJudge judge;
    private final BooleanSupplier goOn;
    private final BooleanSupplier targetDied;
    private final Duration warmup;
    private final WarmupSettling settling;

    /**
     * The listener that ends a launched target's warm-up once its latency settled. The caller registers it on the
     * engine once and hands it to every search of the run: each search arms it for its own warm-up only, so
     * {@code --repeat K} does not pile up K listeners on the engine.
     */
    static WarmupSettling warmupSettling(StepDriver engine) {
        return new WarmupSettling(engine, WARMUP_STEP, (int) GENERATOR_WARMUP.toSeconds(), (int) LAUNCHED_TARGET_WARMUP.toSeconds());
    }

    /**
     * @param goOn       false once the run must stop (interrupted, target died): the search ends after the current step
     * @param targetDied true once the target died: the step it died in is no verdict
     * @param settling   for a target Brink launched (cold: a longer warm-up, ended once latency settled), registered on
     *                   the engine by the caller ({@link #warmupSettling}); null for a running target (the generator's
     *                   warm-up only)
     */
    CapacityPhase(StepDriver engine, Plan plan, StepJudge judge, EventLog events, PrintWriter console, BooleanSupplier goOn,
                  BooleanSupplier targetDied, WarmupSettling settling) {
        this.targetDied = targetDied;
        this.warmup = settling != null ? LAUNCHED_TARGET_WARMUP : GENERATOR_WARMUP;
        this.settling = settling;
        this.goOn = goOn;
        this.engine = engine;
        this.plan = plan;
        this.events = events;
        this.console = console;
        this.judge = judge;
    }

    /** @param hook takes the evidence under the first degraded step's load again; null: no evidence, no load run again */
    CapacityResult run(DegradationHook hook) throws InterruptedException, BrinkUserException {
        Plan.Capacity c = plan.phases().capacity();
        CapacitySearch search = new CapacitySearch(whole(c.start()), whole(c.step()), whole(c.max()), c.refine());
        events.append(EventType.PHASE_START, new PhaseStart(MethodPhase.CAPACITY, null).fields());
        console.printf(Locale.ROOT, "capacity search: profile %s × N, N = %d, %d, … ≤ %d, %s per step after %s warm-up%n",
                plan.closedModel() ? plan.users().count() + " users" : String.format(Locale.ROOT, "%.1f req/s", plan.totalRps()), whole(c.start()), whole(c.start()) + whole(c.step()), whole(c.max()),
                Durations.format(c.stepDuration()), Durations.format(c.warmup()));
        // The JIT warm-up of the generator (and of a target Brink launched): one unjudged stretch at the start rate, so the first measured
        // steps see a compiled load path (a cold JVM misses its schedule by tens of ms in its first seconds).
        console.printf(Locale.ROOT, "  warm-up: %s%s at %d × profile before the first step, not judged%n",
                settling != null ? "up to " : "", Durations.format(warmup), whole(c.start()));
        console.flush();
        if (settling != null) settling.arm();
        engine.run(LoadStep.of(plan, WARMUP_STEP, whole(c.start()), warmup));
        if (settling != null) {
            int after = settling.disarm();
            if (after > 0) {
                console.printf(Locale.ROOT, "  warm-up ended after %d s: median latency settled at %.1f ms over the last %d s%n", after,
                        settling.settledP50Ms(), WarmupSettling.WINDOW);
            }
        }
        List<CapacityStep> steps = new ArrayList<>();
        boolean evidenceTaken = false;
        OptionalInt next;
        boolean cut = false;
        try {
            while (goOn.getAsBoolean() && (next = search.next()).isPresent()) {
                int n = next.getAsInt();
                if (!c.warmup().isZero()) {
                    engine.run(LoadStep.of(plan, "capacity-x" + n + "-warmup", n, c.warmup()));
                }
                String name = "capacity-x" + n;
                StepResult r = measure(name, n, c.stepDuration());
                StepVerdict verdict = judge.judge(r);
                if ((verdict.kind() == StepVerdictKind.GENERATOR_BOUND || verdict.kind() == StepVerdictKind.HOST_SATURATED)
                        && goOn.getAsBoolean()) {
                    // a generator-bound or host-saturated step measured nothing about the service; a hiccup of the machine
                    // (another process, Brink's own GC) passes, so it is measured once more before the search stops on it
                    console.printf(Locale.ROOT, "  N=%-3d %s (%s): measuring it once more%n", n, verdict.kind().json(),
                            String.join("; ", verdict.reasons()));
                    events.append(EventType.STEP_RETRY, new StepRetry(MethodPhase.CAPACITY, name, verdict.kind(), verdict.reasons(),
                            verdict.rules()).fields());
                    if (verdict.kind() == StepVerdictKind.HOST_SATURATED) {
                        // kept in the steps: the summary shows the machine was busy, not only the re-measure
                        steps.add(new CapacityStep(n, r.targetRps(), r.achievedRps(), r.errorRate(), r.corrected().p50Ms(),
                                r.corrected().p99Ms(), verdict.kind(), verdict.reasons(), verdict.rules(), r.operations(),
                                StepLoad.users(r.workload())));
                    }
                    r = measure(name, n, c.stepDuration());
                    verdict = judge.judge(r);
                }
                if (verdict.kind() == StepVerdictKind.TARGET_DIED) {
                    // the target answered nothing: the judge said how it failed; the run stops after this step
                } else if (targetDied.getAsBoolean()) {
                    // the step's errors were a closed port: no capacity verdict, and no evidence from a dead target
                    verdict = StepVerdict.targetDied();
                } else {
                    search.record(n, verdict);
                }
                CapacityStep step = new CapacityStep(n, r.targetRps(), r.achievedRps(), r.errorRate(), r.corrected().p50Ms(),
                        r.corrected().p99Ms(), verdict.kind(), verdict.reasons(), verdict.rules(), r.operations(),
                        StepLoad.users(r.workload()));
                steps.add(step);
                events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity(name, step).fields());
                console.printf(Locale.ROOT, "  N=%-3d %s  achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms  %s%s%n",
                        n, StepLoad.column(r.workload(), r.targetRps()), r.achievedRps(), r.errorRate() * 100, r.corrected().p99Ms(), verdict.kind().json(),
                        verdict.reasons().isEmpty() ? "" : ": " + String.join("; ", verdict.reasons()));
                StreamRows.print(console, engine.lastStreamTimings());
                if (r.operations().size() > 1) {
                    for (var op : r.operations()) {
                        console.printf(Locale.ROOT, "         %-24s achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms%n",
                                op.name(), op.achievedRps(), op.errorRate() * 100, op.p99Ms());
                    }
                }
                if (verdict.kind() == StepVerdictKind.DEGRADED && !evidenceTaken && hook != null && goOn.getAsBoolean()) {
                    evidenceTaken = true;
                    evidenceUnderLoad(n, verdict, hook);
                }
            }
        } catch (InterruptedException e) {
            cut = true;
            Thread.currentThread().interrupt(); // the caller stops the run; the steps so far are its result
        }
        CapacitySearch.Outcome o = search.outcome();
        // cut short (Ctrl-C, a dead target) before any step degraded: the search never reached its end
        LimitedBy limitedBy = o.firstBad() < 0 && o.limitedBy() != LimitedBy.GENERATOR && o.limitedBy() != LimitedBy.HOST_SATURATED
                && (cut || !goOn.getAsBoolean()) ? LimitedBy.INTERRUPTED : o.limitedBy();
        // a closed model has no target rate: its capacity in req/s is what its users achieved at the last good step
        double maxRps = !plan.closedModel() ? o.maxMultiplier() * plan.totalRps() : steps.stream()
                .filter(s -> s.multiplier() == o.maxMultiplier()).mapToDouble(CapacityStep::achievedRps).max().orElse(0);
        CapacityResult result = new CapacityResult(o.maxMultiplier(), maxRps, limitedBy, o.firstBad(), steps,
                limitedBy == o.limitedBy() ? o.operation() : null);
        events.append(EventType.PHASE_END, PhaseEnd.of(MethodPhase.CAPACITY, result).fields());
        return result;
    }

    private StepResult measure(String name, int n, Duration duration) throws InterruptedException {
        judge.begin(name);
        return engine.run(LoadStep.of(plan, name, n, duration));
    }

    private void evidenceUnderLoad(int n, StepVerdict verdict, DegradationHook hook) throws InterruptedException {
        EvidenceUnderLoad.run(engine, plan, "capacity-x" + n + "-evidence", n, () -> hook.firstDegraded(n, verdict));
    }

    /** Plan.Capacity holds whole multipliers >= 1 only (the binder names a fractional one at its place in the plan). */
    private static int whole(double v) {
        return (int) v;
    }

}
