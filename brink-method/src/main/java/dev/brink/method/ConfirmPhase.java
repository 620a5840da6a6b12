package dev.brink.method;

import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.load.LoadEngine;
import dev.brink.load.LoadStep;
import dev.brink.load.Plan;
import dev.brink.load.StepResult;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/**
 * The confirmation: ramp smoothly from 1 × profile to the multiplier (a service that survived the capacity
 * search's stairs may still fall over on a long plateau: pools fill, caches churn, GC falls behind), then hold
 * it and judge the hold as one long step by the same rules as the search.
 */
final class ConfirmPhase {
    private final LoadEngine engine;
    private final Plan plan;
    private final StepJudge judge;
    private final EventLog events;
    private final PrintWriter console;

    ConfirmPhase(LoadEngine engine, Plan plan, StepJudge judge, EventLog events, PrintWriter console) {
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
        double rps = multiplier * plan.totalRps();
        events.append("phase-start", Map.of("phase", "confirm", "multiplier", multiplier));
        console.printf(Locale.ROOT, "confirmation: ramp to %d × profile = %.1f req/s over %s, hold %s%n", multiplier, rps,
                Durations.format(c.ramp()), Durations.format(c.hold()));
        if (!c.ramp().isZero()) {
            engine.run(LoadStep.ramp("confirm-ramp", Math.min(1, multiplier), multiplier, c.ramp()));
        }
        judge.begin("confirm-hold");
        StepResult r = engine.run(LoadStep.open("confirm-hold", multiplier, c.hold()));
        StepVerdict verdict = judge.judge(r);
        String word = verdict.kind() == StepVerdict.Kind.OK ? "holds" : verdict.kind().json();
        ConfirmResult result = new ConfirmResult(multiplier, rps, c.ramp().toMillis() / 1000.0, r.durationS(), word,
                verdict.reasons(), r.achievedRps(), r.errorRate(), r.corrected().p99Ms());
        console.printf(Locale.ROOT, "  hold: target %8.1f  achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms  %s%s%n",
                r.targetRps(), r.achievedRps(), r.errorRate() * 100, r.corrected().p99Ms(), word,
                verdict.reasons().isEmpty() ? "" : ": " + String.join("; ", verdict.reasons()));
        if (verdict.kind() == StepVerdict.Kind.DEGRADED && hook != null) {
            EvidenceUnderLoad.run(engine, "confirm-evidence", multiplier, () -> hook.firstDegraded(multiplier, verdict));
        }
        events.append("phase-end", Map.of("phase", "confirm", "result", result));
        return result;
    }
}
