package dev.brink.core.event;

import dev.brink.core.EventType;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * The {@link EventType#STEP_VERDICT} event: a capacity step was judged. Written by the capacity phase after each step,
 * read by the summary rebuilt from a killed run's events (its {@code result}s are the search as far as it got).
 *
 * @param phase      the phase the step belongs to
 * @param step       the step's name ("capacity-x8")
 * @param multiplier the step's load multiplier
 * @param verdict    the step's verdict
 * @param reasons    the rules it broke, in words (for people only)
 * @param rules      the same rules, typed
 * @param result     the step as summary.json's capacity.steps has it
 */
public record StepVerdictEvent(MethodPhase phase, String step, int multiplier, StepVerdictKind verdict, List<String> reasons,
                               List<TrippedRule> rules, CapacityStep result) implements Event {
    public StepVerdictEvent {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    /** The verdict on capacity step {@code result}, named {@code step}: its verdict, reasons and rules are the result's. */
    public static StepVerdictEvent capacity(String step, CapacityStep result) {
        return new StepVerdictEvent(MethodPhase.CAPACITY, step, result.multiplier(), result.verdict(), result.reasons(), result.rules(),
                result);
    }
}
