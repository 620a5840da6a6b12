package dev.brink.method;

import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The confirmation: ramp smoothly from 1 × profile to the multiplier (a service that survived the capacity
 * search's stairs may still fall over on a long plateau: pools fill, caches churn, GC falls behind), then hold
 * it and judge the hold as one long step by the same rules as the search.
 */
final class ConfirmPhase {
    private final StepDriver engine;
    private final Plan plan;
    private final StepJudge judge;
    private final EventLog events;
    private final PrintWriter console;
    private final BooleanSupplier cutShort;

    /** @param cutShort true once the run must stop (interrupted, target died): the hold then has no verdict */
    ConfirmPhase(StepDriver engine, Plan plan, StepJudge judge, EventLog events, PrintWriter console, BooleanSupplier cutShort) {
        this.cutShort = cutShort;
        this.engine = engine;
        this.plan = plan;
        this.judge = judge;
        this.events = events;
        this.console = console;
    }

    ConfirmResult run(int multiplier) throws InterruptedException {
        return run(multiplier, null);
    }

    /** @param hook takes thread dumps and a class histogram under the load again when the hold degraded; may be null */
    ConfirmResult run(int multiplier, CapacityPhase.DegradationHook hook) throws InterruptedException {
        Plan.Confirm c = plan.phases().confirm();
        double planned = multiplier * plan.totalRps();
        events.append(EventType.PHASE_START, Map.of("phase", "confirm", "multiplier", multiplier));
        console.printf(Locale.ROOT, "confirmation: ramp to %d × profile = %s over %s, hold %s%n", multiplier,
                StepLoad.planned(plan, multiplier), Durations.format(c.ramp()), Durations.format(c.hold()));
        if (!c.ramp().isZero()) {
            engine.run(LoadStep.rampOf(plan, "confirm-ramp", Math.min(1, multiplier), multiplier, c.ramp()));
        }
        judge.begin("confirm-hold");
        StepResult r = engine.run(LoadStep.of(plan, "confirm-hold", multiplier, c.hold()));
        // a hold cut short (Ctrl-C, a dead target) measured part of a hold, or a closed port: no verdict
        StepVerdict verdict = cutShort.getAsBoolean() ? StepVerdict.targetDied() : judge.judge(r);
        ConfirmVerdict word = cutShort.getAsBoolean() ? ConfirmVerdict.INTERRUPTED : ConfirmVerdict.of(verdict.kind());
        // a closed model has no target rate: its rate is what its users achieved, never the plan's weights × N
        double rps = plan.closedModel() ? r.achievedRps() : planned;
        ConfirmResult result = new ConfirmResult(multiplier, rps, c.ramp().toMillis() / 1000.0, r.durationS(), word,
                word == ConfirmVerdict.INTERRUPTED ? List.of() : verdict.reasons(), r.achievedRps(), r.errorRate(), r.corrected().p99Ms(),
                verdict.rules(), r.operations(), StepLoad.held(r));
        console.printf(Locale.ROOT, "  hold: %s  achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms  %s%s%n",
                StepLoad.column(r.workload(), r.targetRps()), r.achievedRps(), r.errorRate() * 100, r.corrected().p99Ms(), word.json(),
                result.reasons().isEmpty() ? "" : ": " + String.join("; ", result.reasons()));
        StreamRows.print(console, engine.lastStreamTimings());
        if (verdict.kind() == StepVerdictKind.DEGRADED && hook != null && !cutShort.getAsBoolean()) {
            EvidenceUnderLoad.run(engine, plan, "confirm-evidence", multiplier, () -> hook.firstDegraded(multiplier, verdict));
        }
        events.append(EventType.PHASE_END, Map.of("phase", "confirm", "result", result));
        return result;
    }
}
