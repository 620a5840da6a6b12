package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.LoadStep;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The generator's self-watch reaches a step's verdict as a type: seconds whose generator health carries the issue
 * {@code leaking} make the step generator-bound by rule {@code generator-leaking}, even when the service answered
 * within its SLO and the generator kept its schedule in most seconds (report 002's leak grows before it slows).
 */
class GeneratorLeakingRuleTest {
    private static final Plan.Slo SLO = new Plan.Slo(0.01, 200);
    private static final Percentiles FAST = new Percentiles(1000, 2, 3, 5, 8, 10);

    @Test
    void aStepWithLeakingSecondsIsGeneratorBoundByTheTypedRule() {
        StepJudge judge = judgeFed(10, 3);
        StepVerdict v = judge.judge(result());
        assertThat(v.kind()).isEqualTo(StepVerdictKind.GENERATOR_BOUND);
        assertThat(v.rules()).extracting(TrippedRule::rule).containsExactly(RuleKind.GENERATOR_LEAKING);
        assertThat(v.rules().get(0).measured()).isEqualTo(0.3);
        assertThat(RuleKind.GENERATOR_LEAKING.limitedBy()).isEqualTo(LimitedBy.GENERATOR);
        assertThat(v.rules().get(0).text()).isEqualTo("the load generator is leaking in 30 % of the seconds");
    }

    @Test
    void theSameStepWithoutTheIssueIsOk() {
        StepVerdict v = judgeFed(10, 0).judge(result());
        assertThat(v.kind()).isEqualTo(StepVerdictKind.OK);
        assertThat(v.rules()).isEmpty();
    }

    private static StepJudge judgeFed(int seconds, int leaking) {
        StepThirds thirds = new StepThirds(64, SLO.p99Ms());
        StepJudge judge = new StepJudge(thirds, SLO);
        judge.begin("x2");
        for (int i = 0; i < seconds; i++) {
            List<GeneratorIssue> issues = i >= seconds - leaking ? List.of(GeneratorIssue.LEAKING) : List.of();
            GeneratorHealth g = new GeneratorHealth(1000L * i, 0.2, 0.1, 0, 1, 8, 100, 28000, 0, 0,
                    issues.isEmpty() ? List.of() : List.of("leaking: the load generator is leaking"), (64L + 8 * i) << 20, 4000, 0, issues);
            // the engine marks a leaking second bound too, but it is a minority of the step: the share rule alone would pass it
            thirds.onInterval(new IntervalStats(1000L * i, i, "x2", 1, 100, 100, 100, Map.of(), 0, FAST, FAST, 2, 0, 8,
                    !issues.isEmpty(), Map.of()), g);
        }
        return judge;
    }

    private static StepResult result() {
        return new StepResult("x2", new LoadStep.Workload.Open(2, 2), 10, 100, 100, 1000, 1000, Map.of(), 0, 0, FAST, FAST, 4, null, List.of(), List.of());
    }
}
