package dev.brink.method;

import dev.brink.core.Durations;
import dev.brink.core.EventType;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.util.List;
import java.util.Locale;

/**
 * The confirmation: ramp smoothly from 1 × profile to the multiplier (a service that survived the capacity
 * search's stairs may still fall over on a long plateau: pools fill, caches churn, GC falls behind), then hold
 * it and judge the hold as one long step by the same rules as the search.
 */
final class ConfirmPhase {
    private final PhaseContext at;

    ConfirmPhase(PhaseContext at) {
        this.at = at;
    }

    ConfirmResult run(int multiplier) throws InterruptedException {
        return run(multiplier, null);
    }

    /** @param hook takes thread dumps and a class histogram under the load again when the hold degraded; may be null */
    ConfirmResult run(int multiplier, CapacityPhase.DegradationHook hook) throws InterruptedException {
        Plan.Confirm c = at.plan().phases().confirm();
        double planned = multiplier * at.plan().totalRps();
        at.events().append(EventType.PHASE_START, new PhaseStart(MethodPhase.CONFIRM, (double) multiplier).fields());
        at.console().printf(Locale.ROOT, "confirmation: ramp to %d × profile = %s over %s, hold %s%n", multiplier,
                StepLoad.planned(at.plan(), multiplier), Durations.format(c.ramp()), Durations.format(c.hold()));
        if (!c.ramp().isZero()) {
            at.engine().run(LoadStep.rampOf(at.plan(), "confirm-ramp", Math.min(1, multiplier), multiplier, c.ramp()));
        }
        at.judge().begin("confirm-hold");
        StepResult r = at.engine().run(LoadStep.of(at.plan(), "confirm-hold", multiplier, c.hold()));
        // a hold cut short (Ctrl-C, a dead target) measured part of a hold, or a closed port: no verdict
        StepVerdict verdict = at.cutShort().getAsBoolean() ? StepVerdict.targetDied() : at.judge().judge(r);
        ConfirmVerdict word = at.cutShort().getAsBoolean() ? ConfirmVerdict.INTERRUPTED : ConfirmVerdict.of(verdict.kind());
        // a closed model has no target rate: its rate is what its users achieved, never the plan's weights × N
        double rps = at.plan().closedModel() ? r.achievedRps() : planned;
        ConfirmResult result = new ConfirmResult(multiplier, rps, c.ramp().toMillis() / 1000.0, r.durationS(), word,
                word == ConfirmVerdict.INTERRUPTED ? List.of() : verdict.reasons(), r.achievedRps(), r.errorRate(), r.corrected().p99Ms(),
                verdict.rules(), r.operations(), StepLoad.held(r));
        at.console().printf(Locale.ROOT, "  hold: %s  achieved %8.1f req/s  errors %6.2f %%  p99 %8.1f ms  %s%s%n",
                StepLoad.column(r.workload(), r.targetRps()), r.achievedRps(), r.errorRate() * 100, r.corrected().p99Ms(), word.json(),
                result.reasons().isEmpty() ? "" : ": " + String.join("; ", result.reasons()));
        StreamRows.print(at.console(), at.engine().lastStreamTimings());
        if (verdict.kind() == StepVerdictKind.DEGRADED && hook != null && !at.cutShort().getAsBoolean()) {
            EvidenceUnderLoad.run(at.engine(), at.plan(), "confirm-evidence", multiplier, () -> hook.firstDegraded(multiplier, verdict));
        }
        at.events().append(EventType.PHASE_END, PhaseEnd.of(MethodPhase.CONFIRM, result).fields());
        return result;
    }
}
