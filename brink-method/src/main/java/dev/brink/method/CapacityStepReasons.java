package dev.brink.method;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.StepVerdictKind;

/** The generator-bound step that ended a search, and why, for the finding that says so. */
record CapacityStepReasons(int multiplier, String reasons) {
    static CapacityStepReasons lastGeneratorBound(CapacityResult c) {
        for (int i = c.steps().size() - 1; i >= 0; i--) {
            CapacityStep s = c.steps().get(i);
            if (s.verdict() == StepVerdictKind.GENERATOR_BOUND) {
                return new CapacityStepReasons(s.multiplier(), String.join("; ", s.reasons()));
            }
        }
        return new CapacityStepReasons(0, "unknown");
    }
}
