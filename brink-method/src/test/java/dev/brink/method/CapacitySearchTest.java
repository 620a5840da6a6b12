package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {
    private static final StepVerdict OK = new StepVerdict(StepVerdictKind.OK, List.of(), null);

    private static StepVerdict errors() {
        return new StepVerdict(StepVerdictKind.DEGRADED,
                List.of(new Degradation(RuleKind.ERROR_RATE, 0.05, 0.01, "error rate 5.00 % > SLO 1.00 %")), null);
    }

    /** Runs the search against a "service" that degrades from multiplier `limit` on; returns the multipliers run. */
    private static List<Integer> walk(CapacitySearch s, IntFunction<StepVerdict> service) {
        List<Integer> run = new ArrayList<>();
        OptionalInt n;
        while ((n = s.next()).isPresent()) {
            run.add(n.getAsInt());
            s.record(n.getAsInt(), service.apply(n.getAsInt()));
        }
        return run;
    }

    @Test
    void stepsUpUntilTheFirstDegradedStep() {
        CapacitySearch s = new CapacitySearch(1, 1, 100, false);
        assertThat(walk(s, n -> n >= 27 ? errors() : OK)).hasSize(27).endsWith(26, 27);
        CapacitySearch.Outcome o = s.outcome();
        assertThat(o.maxMultiplier()).isEqualTo(26);
        assertThat(o.firstBad()).isEqualTo(27);
        assertThat(o.limitedBy()).isEqualTo(LimitedBy.ERRORS);
        assertThat(o.why()).isEqualTo("error rate 5.00 % > SLO 1.00 %");
    }

    @Test
    void refinementBisectsBetweenLastGoodAndFirstBad() {
        CapacitySearch s = new CapacitySearch(10, 10, 100, true);
        List<Integer> run = walk(s, n -> n >= 27 ? errors() : OK);
        assertThat(run).startsWith(10, 20, 30).containsSubsequence(25, 27, 26).doesNotHaveDuplicates();
        assertThat(s.outcome().maxMultiplier()).isEqualTo(26);
        assertThat(s.outcome().firstBad()).isEqualTo(27);
    }

    @Test
    void reachingMaxWithoutDegradingIsLimitedByNone() {
        CapacitySearch s = new CapacitySearch(1, 2, 7, true);
        assertThat(walk(s, n -> OK)).containsExactly(1, 3, 5, 7);
        assertThat(s.outcome().maxMultiplier()).isEqualTo(7);
        assertThat(s.outcome().limitedBy()).isEqualTo(LimitedBy.NONE);
        assertThat(s.outcome().firstBad()).isEqualTo(-1);
    }

    @Test
    void aFirstStepThatDegradesIsCapacityZeroAfterTryingBelowIt() {
        CapacitySearch s = new CapacitySearch(4, 4, 40, true);
        List<Integer> run = walk(s, n -> errors());
        assertThat(run).containsExactly(4, 2, 1);
        assertThat(s.outcome().maxMultiplier()).isZero();
        assertThat(s.outcome().firstBad()).isEqualTo(1);
    }

    @Test
    void aGeneratorBoundStepStopsTheSearchAndBlamesTheGenerator() {
        CapacitySearch s = new CapacitySearch(1, 1, 100, true);
        List<Integer> run = walk(s, n -> n == 5
                ? new StepVerdict(StepVerdictKind.GENERATOR_BOUND, List.of(), "schedule lag p99 12 ms > 5 ms")
                : OK);
        assertThat(run).containsExactly(1, 2, 3, 4, 5);
        assertThat(s.outcome().limitedBy()).isEqualTo(LimitedBy.GENERATOR);
        assertThat(s.outcome().maxMultiplier()).isEqualTo(4);
        assertThat(s.outcome().why()).isEqualTo("schedule lag p99 12 ms > 5 ms");
    }

    @Test
    void resultsMustComeBackInOrder() {
        CapacitySearch s = new CapacitySearch(1, 1, 3, false);
        s.next();
        assertThatThrownBy(s::next).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.record(2, OK)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new CapacitySearch(0, 1, 3, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
