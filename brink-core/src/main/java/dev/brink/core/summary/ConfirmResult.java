package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.JsonWord;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * The confirmation: a smooth ramp to a multiplier, then a hold there, judged by the same degradation rules
 * as a capacity step.
 *
 * @param multiplier  the multiplier held (the capacity search's maximum, or the plan's confirm.multiplier)
 * @param rps         the profile's rate at that multiplier
 * @param rampS       seconds of the ramp from 1 × profile up to the multiplier
 * @param holdS       seconds held (shorter than planned when the run was cut short)
 * @param verdict     holds, degraded, generator-bound or interrupted
 * @param reasons     the rules that failed during the hold, each with its numbers, for people only
 * @param achievedRps answers per second during the hold
 * @param errorRate   error share during the hold, 0..1
 * @param p99Ms       corrected p99 latency during the hold
 * @param rules       the failed rules typed (rule, measured, threshold), in the order of {@code reasons}
 * @param operations  each operation's own numbers during the hold, in plan order (empty when not recorded)
 * @param measured    what the hold measured (users or target rate, achieved rate, errors by kind, latency
 *                    percentiles): what a plan's {@code fail_on} thresholds judge; null in runs that did not record it
 */
public record ConfirmResult(int multiplier, double rps, @JsonProperty("ramp_s") double rampS,
                            @JsonProperty("hold_s") double holdS, ConfirmVerdict verdict, List<String> reasons,
                            @JsonProperty("achieved_rps") double achievedRps,
                            @JsonProperty("error_rate") double errorRate, @JsonProperty("p99_ms") double p99Ms,
                            List<TrippedRule> rules, List<OperationResult> operations, HeldLoad measured) {
    @JsonCreator
    public ConfirmResult {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        rules = rules == null ? List.of() : List.copyOf(rules);
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    /** A hold without its whole measurement (runs before it was recorded). */
    public ConfirmResult(int multiplier, double rps, double rampS, double holdS, ConfirmVerdict verdict, List<String> reasons,
                         double achievedRps, double errorRate, double p99Ms, List<TrippedRule> rules, List<OperationResult> operations) {
        this(multiplier, rps, rampS, holdS, verdict, reasons, achievedRps, errorRate, p99Ms, rules, operations, null);
    }

    /** A hold without per-operation numbers. */
    public ConfirmResult(int multiplier, double rps, double rampS, double holdS, ConfirmVerdict verdict, List<String> reasons,
                         double achievedRps, double errorRate, double p99Ms, List<TrippedRule> rules) {
        this(multiplier, rps, rampS, holdS, verdict, reasons, achievedRps, errorRate, p99Ms, rules, List.of());
    }

    /** A hold judged without typed rules (a run directory written before they were recorded). */
    public ConfirmResult(int multiplier, double rps, double rampS, double holdS, String verdict, List<String> reasons,
                         double achievedRps, double errorRate, double p99Ms) {
        this(multiplier, rps, rampS, holdS, JsonWord.parse(ConfirmVerdict.class, verdict), reasons, achievedRps, errorRate, p99Ms, List.of());
    }
}
