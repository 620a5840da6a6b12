package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.plan.Plan;
import org.junit.jupiter.api.Test;

class DegradationRulesTest {
    private final DegradationRules rules = new DegradationRules(new Plan.Slo(0.01, 500));

    private static StepMeasurement step(double target, double achieved, long requests, long errors,
                                        double p99, double firstThird, double lastThird) {
        return new StepMeasurement(target, achieved, requests, errors, p99 / 3, p99, firstThird, lastThird, false, null,
                errors, SIGNIFICANT_Z);
    }

    /** A Mann-Kendall z well past the rule's level, for tests about the other conditions of the trend rule. */
    private static final double SIGNIFICANT_Z = 4.0;

    /** A step whose per-second p99s are these, judged the way StepJudge does (median of the thirds, the trend test). */
    private static StepMeasurement seconds(double... p99s) {
        int third = p99s.length / 3;
        double first = median(java.util.Arrays.copyOfRange(p99s, 0, third));
        double last = median(java.util.Arrays.copyOfRange(p99s, p99s.length - third, p99s.length));
        double max = java.util.Arrays.stream(p99s).max().orElse(0);
        return new StepMeasurement(200, 200, 6_000, 0, 1, max, first, last, false, null, 0, MannKendall.z(p99s, p99s.length));
    }

    private static double median(double[] v) {
        java.util.Arrays.sort(v);
        return v[v.length / 2];
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

    /**
     * A closed step (users with think time) has no target rate (0): it was a crash in the judge until a quiet
     * PetClinic run reached it. It is judged by errors, p99 and the trend only, never "achieved below the target".
     */
    @Test
    void aClosedStepHasNoTargetAndIsJudgedByErrorsAndLatency() {
        assertThat(rules.judge(step(0, 22.8, 684, 0, 46.8, 40, 45)).kind()).isEqualTo(StepVerdictKind.OK);
        StepVerdict slow = rules.judge(step(0, 22.8, 684, 0, 730, 700, 740));
        assertThat(slow.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.P99);
        StepVerdict failing = rules.judge(step(0, 22.8, 684, 40, 46.8, 40, 45));
        assertThat(failing.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.ERROR_RATE);
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
    void aMildRiseFarBelowTheSloIsNotDegraded() {
        // SLO 500 ms; the step ends near 15 % of it (75 ms), rising from 30 ms: it meets the SLO with room to spare
        double[] p99 = new double[30];
        for (int i = 0; i < p99.length; i++) {
            p99[i] = 25 + 2 * i + (i % 3 == 0 ? 4 : 0); // 25 ms → 83 ms, a 2× rise between the thirds
        }
        StepMeasurement m = seconds(p99);
        assertThat(m.p99LastThirdMs()).isGreaterThan(2 * m.p99FirstThirdMs()).isLessThan(0.16 * 500);
        assertThat(m.p99TrendZ()).isGreaterThan(DegradationRules.TREND_MIN_Z);
        assertThat(rules.judge(m).kind()).isEqualTo(StepVerdictKind.OK);
    }

    @Test
    void p99DoublingTo80PercentOfTheSloIsDegradedWithTheRuleAndItsLimits() {
        double[] p99 = new double[30];
        for (int i = 0; i < p99.length; i++) {
            p99[i] = 145 + 10.3 * i + (i % 4 == 0 ? -15 : 0); // the last third's median ~400 ms = 80 % of 500 ms
        }
        StepVerdict v = rules.judge(seconds(p99));
        assertThat(v.kind()).isEqualTo(StepVerdictKind.DEGRADED);
        assertThat(v.degradations()).extracting(Degradation::rule).containsExactly(RuleKind.P99_TREND);
        assertThat(v.reasons().get(0)).startsWith("p99 rose from ").contains("rule p99-trend")
                .contains("rises > 2×").contains("above 50 % of the SLO (250.0 ms)").contains("z > 2.33");
    }

    @Test
    void thirdsThatDifferOnlyByTheShapeOfTheNoiseAreNoTrend() {
        // a service that alternates quick seconds and seconds with a long GC pause: the thirds' medians happen to
        // be 100 ms and 400 ms, but the per-second points do not rise
        double[] p99 = {100, 400, 100, 400, 100, 400, 100, 400, 100, 400, 400, 100, 400, 100, 400};
        StepMeasurement m = seconds(p99);
        assertThat(m.p99LastThirdMs()).isGreaterThan(2 * m.p99FirstThirdMs()).isGreaterThan(250);
        assertThat(m.p99TrendZ()).isLessThan(DegradationRules.TREND_MIN_Z);
        assertThat(rules.judge(m).kind()).isEqualTo(StepVerdictKind.OK);
    }

    @Test
    void withoutPerSecondPointsNoTrendIsClaimed() {
        StepMeasurement m = new StepMeasurement(800, 800, 24_000, 0, 100, 300, 120, 310, false, null);
        assertThat(rules.judge(m).kind()).isEqualTo(StepVerdictKind.OK);
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
