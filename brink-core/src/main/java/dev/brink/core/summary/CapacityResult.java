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
 */
public record CapacityResult(@JsonProperty("max_multiplier") int maxMultiplier, @JsonProperty("max_rps") double maxRps,
                             @JsonProperty("limited_by") LimitedBy limitedBy,
                             @JsonProperty("first_bad_multiplier") int firstBadMultiplier,
                             List<CapacityStep> steps) {
    @JsonCreator
    public CapacityResult {
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /** With {@code limited_by} as its summary.json word. */
    public CapacityResult(int maxMultiplier, double maxRps, String limitedBy, int firstBadMultiplier, List<CapacityStep> steps) {
        this(maxMultiplier, maxRps, JsonWord.parse(LimitedBy.class, limitedBy), firstBadMultiplier, steps);
    }
}
