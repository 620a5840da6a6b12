package dev.brink.core.event;

import dev.brink.core.EventType;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * The {@link EventType#STEP_RETRY} event: a generator-bound or host-saturated capacity step is measured once more (a
 * hiccup of the machine measured nothing about the service).
 *
 * @param phase   the phase the step belongs to
 * @param step    the step's name
 * @param verdict the first measurement's verdict
 * @param reasons its reasons, in words
 * @param rules   its rules, typed
 */
public record StepRetry(MethodPhase phase, String step, StepVerdictKind verdict, List<String> reasons, List<TrippedRule> rules)
        implements Event {
    public StepRetry {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        rules = rules == null ? List.of() : List.copyOf(rules);
    }
}
