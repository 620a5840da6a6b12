package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * The plan's load shape ({@code phases.stages}), run as one step and judged by the same rules as the confirmation hold.
 *
 * @param shape    the stages as written ("ramp 100->1000 req/s over 20s, hold 1000 req/s for 1m")
 * @param seconds  how long the shape ran (shorter when the run was cut short)
 * @param verdict  holds, degraded, generator-bound, interrupted or host-saturated
 * @param reasons  the rules it broke, with their numbers, for people
 * @param rules    the same rules typed
 * @param measured what the shape achieved (users or mean target rate, achieved rate, errors, latency)
 */
public record StagesResult(String shape, double seconds, ConfirmVerdict verdict, List<String> reasons, List<TrippedRule> rules,
                           HeldLoad measured) {
    @JsonCreator
    public StagesResult(@JsonProperty("shape") String shape, @JsonProperty("seconds") double seconds,
                        @JsonProperty("verdict") ConfirmVerdict verdict, @JsonProperty("reasons") List<String> reasons,
                        @JsonProperty("rules") List<TrippedRule> rules, @JsonProperty("measured") HeldLoad measured) {
        this.shape = shape;
        this.seconds = seconds;
        this.verdict = verdict;
        this.reasons = reasons == null ? List.of() : List.copyOf(reasons);
        this.rules = rules == null ? List.of() : List.copyOf(rules);
        this.measured = measured;
    }
}
