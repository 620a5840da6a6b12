package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.OperationResult;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.TrippedRule;
import dev.brink.load.plan.Plan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A degraded mix names the operation that broke it, from the rules' verdict to the capacity's limited_by_operation. */
class OperationBlameTest {
    private static final Plan.Slo SLO = new Plan.Slo(0.01, 500);

    private static OperationResult op(String name, double target, double achieved, long ok, long errors, double p99) {
        return new OperationResult(name, target, achieved, ok, errors == 0 ? Map.of() : Map.of("http-503", errors),
                ok + errors == 0 ? 0 : (double) errors / (ok + errors), p99 / 4, p99 / 2, p99, p99 * 2);
    }

    private static StepMeasurement step(double p99, long requests, long errors) {
        return new StepMeasurement(100, 100, requests, errors, 5, p99, p99, p99, false, null);
    }

    @Test
    void theSlowestOperationIsNamedWhenTheMixBreaksTheLatencySlo() {
        List<OperationResult> ops = List.of(op("GET /items", 80, 80, 2400, 0, 40), op("POST /orders", 20, 20, 600, 0, 820));
        StepVerdict v = new DegradationRules(SLO).judge(step(610, 3000, 0)).blaming(ops);
        TrippedRule rule = v.rules().get(0);
        assertThat(rule.rule()).isEqualTo(RuleKind.P99);
        assertThat(rule.measured()).as("the rule keeps the step's own number").isEqualTo(610);
        assertThat(rule.operation()).isEqualTo(new TrippedRule.Worst("POST /orders", 820));
        assertThat(rule.operationText()).isEqualTo("POST /orders p99 820.0 ms > 500.0 ms");
        assertThat(v.reasons().get(0)).startsWith("p99 610.0 ms > SLO 500.0 ms").endsWith("worst: POST /orders p99 820.0 ms > 500.0 ms");

        CapacitySearch search = new CapacitySearch(5, 1, 10, false);
        search.record(search.next().getAsInt(), new StepVerdict(dev.brink.core.verdict.StepVerdictKind.OK, List.of(), null));
        search.record(search.next().getAsInt(), v);
        CapacitySearch.Outcome o = search.outcome();
        assertThat(o.limitedBy()).isEqualTo(LimitedBy.LATENCY);
        assertThat(o.operation()).isEqualTo("POST /orders");
        CapacityResult c = new CapacityResult(5, 500, o.limitedBy(), 6, List.of(new CapacityStep(6, 600, 600, 0, 5, 610,
                v.kind(), v.reasons(), v.rules(), ops)), o.operation());
        assertThat(c.limitingRule()).isEqualTo(rule);
    }

    @Test
    void theOperationFailingMostIsNamedForErrorsAndTheOneFurthestBehindForThroughput() {
        List<OperationResult> ops = List.of(op("browse", 50, 50, 1480, 20, 30), op("checkout", 10, 6, 150, 150, 30),
                op("never-answered", 0, 0, 0, 0, 0));
        StepVerdict errors = new DegradationRules(SLO).judge(step(30, 1800, 170)).blaming(ops);
        assertThat(errors.rules().get(0).operation()).isEqualTo(new TrippedRule.Worst("checkout", 0.5));
        StepVerdict slow = new DegradationRules(SLO).judge(new StepMeasurement(60, 40, 1800, 0, 5, 30, 30, 30, false, null))
                .blaming(ops);
        assertThat(slow.rules()).extracting(TrippedRule::rule).containsExactly(RuleKind.THROUGHPUT);
        assertThat(slow.rules().get(0).operation().name()).isEqualTo("checkout");
        assertThat(slow.rules().get(0).operation().measured()).isEqualTo(0.6);
    }

    @Test
    void aSingleOperationOrAGeneratorRuleNamesNoOperation() {
        StepVerdict one = new DegradationRules(SLO).judge(step(610, 3000, 0)).blaming(List.of(op("only", 100, 100, 3000, 0, 610)));
        assertThat(one.rules().get(0).operation()).isNull();
        assertThat(OperationBlame.worst(RuleKind.GENERATOR_BEHIND, List.of(op("a", 1, 1, 1, 0, 1), op("b", 1, 1, 1, 0, 2)))).isNull();
    }
}
