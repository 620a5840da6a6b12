package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.verdict.JsonWord;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * One step of the capacity search as measured and judged.
 *
 * @param verdict ok, degraded, generator-bound or target-died
 * @param reasons the rules that failed, each with its numbers ("error rate 4.1 % > SLO 1 %"), for people only
 * @param rules   the same rules typed (rule, measured, threshold), in the same order: what readers decide by
 * @param operations each operation's own numbers in the step, in plan order (empty in a run directory written before
 *                   they were recorded)
 * @param users   a closed-model step's users (its load: such a step has no target rate, {@code targetRps} is 0); 0 for
 *                an open-model step and in a run directory written before it was recorded
 */
public record CapacityStep(int multiplier, @JsonProperty("target_rps") double targetRps,
                           @JsonProperty("achieved_rps") double achievedRps,
                           @JsonProperty("error_rate") double errorRate,
                           @JsonProperty("p50_ms") double p50Ms, @JsonProperty("p99_ms") double p99Ms,
                           StepVerdictKind verdict, List<String> reasons, List<TrippedRule> rules,
                           List<OperationResult> operations, int users) {
    @JsonCreator
    public CapacityStep {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        rules = rules == null ? List.of() : List.copyOf(rules);
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    /** An open-model step. */
    public CapacityStep(int multiplier, double targetRps, double achievedRps, double errorRate, double p50Ms, double p99Ms,
                        StepVerdictKind verdict, List<String> reasons, List<TrippedRule> rules, List<OperationResult> operations) {
        this(multiplier, targetRps, achievedRps, errorRate, p50Ms, p99Ms, verdict, reasons, rules, operations, 0);
    }

    /** "16 users" for a closed-model step, the target rate ("40.0") for an open one: what load the step was. */
    @JsonIgnore
    public String load() {
        if (users > 0) return users == 1 ? "1 user" : users + " users";
        return String.format(java.util.Locale.ROOT, "%.1f", targetRps);
    }

    /** A step without per-operation numbers. */
    public CapacityStep(int multiplier, double targetRps, double achievedRps, double errorRate, double p50Ms, double p99Ms,
                        StepVerdictKind verdict, List<String> reasons, List<TrippedRule> rules) {
        this(multiplier, targetRps, achievedRps, errorRate, p50Ms, p99Ms, verdict, reasons, rules, List.of());
    }

    /** A step judged without typed rules (a run directory written before they were recorded). */
    public CapacityStep(int multiplier, double targetRps, double achievedRps, double errorRate, double p50Ms, double p99Ms,
                        String verdict, List<String> reasons) {
        this(multiplier, targetRps, achievedRps, errorRate, p50Ms, p99Ms, JsonWord.parse(StepVerdictKind.class, verdict), reasons, List.of());
    }
}
