package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.verdict.JsonWord;
import dev.brink.core.verdict.LimitedBy;
import java.util.List;

/**
 * The capacity search's answer: the highest multiplier of the profile that held, what broke the next
 * one, and every step run (in the order run, refinement steps included).
 *
 * @param maxMultiplier      the highest good multiplier, 0 when even the first step degraded
 * @param maxRps             the profile's rate at that multiplier
 * @param limitedBy          errors, latency, throughput, generator, none (the search reached its max) or
 *                           interrupted (cut short by Ctrl-C, SIGTERM or a dead target before any step degraded)
 * @param firstBadMultiplier the lowest degraded multiplier, -1 when none degraded
 * @param limitedByOperation the operation that degraded first: the one the first bad step's first broken rule names
 *                           (its worst on that rule); null when no step degraded or the rule concerns no operation
 */
public record CapacityResult(@JsonProperty("max_multiplier") int maxMultiplier, @JsonProperty("max_rps") double maxRps,
                             @JsonProperty("limited_by") LimitedBy limitedBy,
                             @JsonProperty("first_bad_multiplier") int firstBadMultiplier,
                             List<CapacityStep> steps,
                             @JsonProperty("limited_by_operation") String limitedByOperation) {
    @JsonCreator
    public CapacityResult {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * The rule that named {@link #limitedByOperation} at the first bad multiplier, with the operation's own numbers; null when
     * no operation is named. Readers print it ("POST /orders p99 820.0 ms > 500.0 ms").
     */
    public dev.brink.core.verdict.TrippedRule limitingRule() {
        if (limitedByOperation == null) return null;
        for (int i = steps.size() - 1; i >= 0; i--) {
            CapacityStep s = steps.get(i);
            if (s.multiplier() != firstBadMultiplier || s.verdict() != dev.brink.core.verdict.StepVerdictKind.DEGRADED) continue;
            for (dev.brink.core.verdict.TrippedRule r : s.rules()) {
                if (r.operation() != null && r.operation().name().equals(limitedByOperation)) return r;
            }
        }
        return null;
    }

    /** A result that names no operation. */
    public CapacityResult(int maxMultiplier, double maxRps, LimitedBy limitedBy, int firstBadMultiplier, List<CapacityStep> steps) {
        this(maxMultiplier, maxRps, limitedBy, firstBadMultiplier, steps, null);
    }

    /** With {@code limited_by} as its summary.json word. */
    public CapacityResult(int maxMultiplier, double maxRps, String limitedBy, int firstBadMultiplier, List<CapacityStep> steps) {
        this(maxMultiplier, maxRps, JsonWord.parse(LimitedBy.class, limitedBy), firstBadMultiplier, steps);
    }
}
