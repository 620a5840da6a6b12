package dev.brink.method;

import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * The judgement of one step: ok, degraded (with every rule it broke, in rule order), generator-bound (the load
 * generator, not the target, could not keep up: never counted as the target's limit; {@code degradations} are
 * then the generator's rules that tripped), or target-died (the step measured a dead port).
 *
 * @param generatorReason why the generator was the limit, who took the CPU of a host-saturated step, or how a
 *                        target that stopped answering failed, in words; null otherwise
 */
public record StepVerdict(StepVerdictKind kind, List<Degradation> degradations, String generatorReason) {

    /** A step other processes saturated the host in; {@code why} names who was short of CPU and who took it. */
    static StepVerdict hostSaturated(String why) {
        return new StepVerdict(StepVerdictKind.HOST_SATURATED, List.of(), why);
    }

    public StepVerdict {
        degradations = List.copyOf(degradations);
        if (kind == StepVerdictKind.DEGRADED && degradations.isEmpty()) {
            throw new IllegalArgumentException("a degraded step needs at least one broken rule");
        }
    }

    /** A step during which the target died: no rule is judged, its errors were a closed port. */
    static StepVerdict targetDied() {
        return new StepVerdict(StepVerdictKind.TARGET_DIED, List.of(), null);
    }

    /** A step in which the target answered nothing ({@code why}: the counts): no rule is judged. */
    static StepVerdict targetGone(String why) {
        return new StepVerdict(StepVerdictKind.TARGET_DIED, List.of(), why);
    }

    /**
     * This verdict with each broken rule naming the operation worst on it ({@link OperationBlame}); unchanged for a step
     * of one operation, where the totals are that operation's.
     */
    StepVerdict blaming(List<dev.brink.core.summary.OperationResult> operations) {
        if (operations.size() < 2 || degradations.isEmpty()) return this;
        return new StepVerdict(kind, degradations.stream().map(d -> d.blaming(OperationBlame.worst(d.rule(), operations))).toList(),
                generatorReason);
    }

    /** The sentences a report shows for this step: the broken rules, or why the generator was the limit. */
    public List<String> reasons() {
        if (kind == StepVerdictKind.GENERATOR_BOUND || kind == StepVerdictKind.HOST_SATURATED) {
            return generatorReason == null ? List.of() : List.of(generatorReason);
        }
        if (kind == StepVerdictKind.TARGET_DIED) {
            return List.of(generatorReason != null ? generatorReason
                    : "the target died during the step: its errors were a closed port, not the service's answers");
        }
        return degradations.stream().map(Degradation::text).toList();
    }

    /** The rules that tripped, typed: what summary.json and the events record and every reader decides by. */
    public List<TrippedRule> rules() {
        return degradations.stream().map(Degradation::tripped).toList();
    }
}
