package dev.brink.compare;

import dev.brink.core.StepNames;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.Outcome;

/**
 * Whether the method could judge a step: a step whose typed verdict is not judged (host-saturated: it measured the
 * machine; generator-bound: the generator fell behind; target-died) says nothing about the service, so it is left
 * out of a comparison, as the capacity search leaves it out of the capacity. Read from summary.json's verdicts
 * (a capacity step's last measurement, the confirmation's hold); steps the method does not judge (a one-line run's,
 * the soak's load) count as judged.
 */
final class StepJudgement {
    private StepJudgement() {
    }

    /** Why {@code step} of the run is no measurement of the service, or null when it is one. */
    static String notJudged(RunSummary s, String step) {
        if (s == null) {
            return null;
        }
        if (step.startsWith(StepNames.CAPACITY_PREFIX) && s.capacity() != null) {
            CapacityStep last = null;
            for (CapacityStep c : s.capacity().steps()) {
                if (StepNames.capacity(c.multiplier()).equals(step)) {
                    last = c;
                }
            }
            return last != null && last.verdict().outcome() == Outcome.NOT_JUDGED ? last.verdict().json() : null;
        }
        if (step.equals(StepNames.CONFIRM_HOLD) && s.confirm() != null && s.confirm().verdict().outcome() == Outcome.NOT_JUDGED) {
            return s.confirm().verdict().json();
        }
        return null;
    }
}
