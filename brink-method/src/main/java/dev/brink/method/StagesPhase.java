package dev.brink.method;

import dev.brink.core.EventType;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.summary.StagesResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.util.List;
import java.util.Locale;

/**
 * The plan's load shape ({@code phases.stages}: ramps, holds and spikes of req/s or users), run as one step on the same
 * open (or closed) schedule and judged by the degradation rules as the confirmation hold is: a service that carries a
 * constant load may still fall over on a ramp or a spike. load.jsonl holds each second's target, so report.html's load
 * chart draws the shape beside what was achieved.
 */
final class StagesPhase {
    static final String STEP = "stages";

    private final PhaseContext at;

    StagesPhase(PhaseContext at) {
        this.at = at;
    }

    StagesResult run() throws InterruptedException {
        Plan.Stages stages = at.plan().phases().stages();
        at.events().append(EventType.PHASE_START, new PhaseStart(MethodPhase.STAGES, null).fields());
        at.console().printf(Locale.ROOT, "stages: %s%n", stages.text());
        if (at.judge() != null) at.judge().begin(STEP);
        StepResult r = at.engine().run(LoadStep.stages(STEP, stages, at.plan()));
        boolean cut = at.cutShort().getAsBoolean();
        StepVerdict verdict = cut || at.judge() == null ? null : at.judge().judge(r);
        ConfirmVerdict word = cut ? ConfirmVerdict.INTERRUPTED : verdict == null ? ConfirmVerdict.HOLDS : ConfirmVerdict.of(verdict.kind());
        List<String> reasons = verdict == null ? List.of() : verdict.reasons();
        StagesResult result = new StagesResult(stages.text(), r.durationS(), word, reasons, verdict == null ? List.of() : verdict.rules(),
                StepLoad.held(r));
        at.console().printf(Locale.ROOT, "  stages: achieved %.1f req/s (mean), errors %.2f %%, p99 %.1f ms  %s%s%n", r.achievedRps(),
                r.errorRate() * 100, r.corrected().p99Ms(), word.json(), reasons.isEmpty() ? "" : ": " + String.join("; ", reasons));
        at.events().append(EventType.PHASE_END, PhaseEnd.of(MethodPhase.STAGES, result).fields());
        return result;
    }
}
