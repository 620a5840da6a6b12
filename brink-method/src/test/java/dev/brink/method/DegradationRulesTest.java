package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.Plan;
import org.junit.jupiter.api.Test;

class DegradationRulesTest {
    private final DegradationRules rules = new DegradationRules(new Plan.Slo(0.01, 500));

    private static StepMeasurement step(double target, double achieved, long requests, long errors,
                                        double p99, double firstThird, double lastThird) {
        return new StepMeasurement(target, achieved, requests, errors, p99 / 3, p99, firstThird, lastThird, false, null);
    }

    @Test
    void aStepWithinEveryLimitIsOk() {
        StepVerdict v = rules.judge(step(1000, 998, 30_000, 30, 120, 110, 125));
        assertThat(v.kind()).isEqualTo(StepVerdictKind.OK);
        assertThat(v.reasons()).isEmpty();
    }

    @Test
    void errorsAboveTheSloDegradeWithTheirNumbers() {
        StepVerdict v = rules.judge(step(1040, 1040, 31_200, 1_280, 80, 70, 90));
        assertThat(v.kind()).isEqualTo(StepVerdictKind.DEGRADED);
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.ERROR_RATE);
        assertThat(v.reasons()).containsExactly("error rate 4.10 % > SLO 1.00 % (1280 of 31200 requests failed)");
    }

    @Test
    void p99AboveTheSloIsLatency() {
        StepVerdict v = rules.judge(step(500, 500, 15_000, 0, 730, 700, 740));
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.P99);
        assertThat(v.reasons().get(0)).isEqualTo("p99 730.0 ms > SLO 500.0 ms");
    }

    @Test
    void achievedBelow95PercentOfTargetIsThroughput() {
        StepVerdict v = rules.judge(step(2000, 1890, 56_700, 0, 90, 80, 95));
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.THROUGHPUT);
        assertThat(v.reasons().get(0)).contains("achieved 1890.0 req/s = 94.5 % of the target 2000.0 req/s");
        assertThat(rules.judge(step(2000, 1901, 57_030, 0, 90, 80, 95)).kind()).isEqualTo(StepVerdictKind.OK);
    }

    @Test
    void p99DoublingWithinTheStepIsATrendEvenUnderTheSlo() {
        StepVerdict v = rules.judge(step(800, 800, 24_000, 0, 300, 120, 310));
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.P99_TREND);
        assertThat(v.degradations().get(0).rule().limitedBy()).isEqualTo(LimitedBy.LATENCY);
    }

    @Test
    void aTinyLatencyDoublingIsNoise() {
        // 0.4 ms → 0.9 ms doubles, but is far below anything the SLO cares about
        assertThat(rules.judge(step(100, 100, 3_000, 0, 0.9, 0.4, 0.9)).kind()).isEqualTo(StepVerdictKind.OK);
    }

    @Test
    void everyBrokenRuleIsReportedInRuleOrder() {
        StepVerdict v = rules.judge(step(3000, 1500, 45_000, 9_000, 2_000, 400, 2_500));
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(
                RuleKind.ERROR_RATE, RuleKind.P99, RuleKind.THROUGHPUT, RuleKind.P99_TREND);
    }

    @Test
    void aGeneratorBoundStepIsNotTheTargetsFaultForLatencyRateOrTimeouts() {
        // 9000 timeouts, none answered by the service: a late generator can time out on its own
        StepMeasurement m = new StepMeasurement(5000, 3000, 90_000, 9_000, 1, 900, 100, 900, true,
                "in 4 of 5 s: generator CPU 97 % of its core", 0);
        StepVerdict v = rules.judge(m);
        assertThat(v.kind()).isEqualTo(StepVerdictKind.GENERATOR_BOUND);
        assertThat(v.degradations()).isEmpty();
        assertThat(v.reasons()).containsExactly("in 4 of 5 s: generator CPU 97 % of its core");
    }

    @Test
    void errorsTheServiceAnsweredCountEvenWhenTheGeneratorWasBehind() {
        StepMeasurement m = new StepMeasurement(1100, 1100, 6_600, 2_909, 20, 454, 100, 400, true,
                "behind its own schedule in 4 of 7 s: schedule lag p99 9.6 ms (limit 5 ms)", 2_909);
        StepVerdict v = rules.judge(m);
        assertThat(v.kind()).isEqualTo(StepVerdictKind.DEGRADED);
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.ERROR_RATE);
        assertThat(v.reasons().get(0)).startsWith("error rate 44.08 % > SLO 1.00 % (2909 of 6600 requests answered with an error")
                .contains("latency is not judged", "schedule lag p99 9.6 ms");
    }
}
