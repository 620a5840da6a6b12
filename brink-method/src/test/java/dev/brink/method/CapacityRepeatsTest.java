package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.load.plan.Plan.Slo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityRepeatsTest {
    private final Slo slo = new Slo(0.01, 200);

    /** A search that held up to max (its last good step at p99LastGood ms) and degraded at max + 1. */
    private static CapacityResult search(int max, double p99LastGood) {
        List<CapacityStep> steps = new ArrayList<>();
        for (int n = 1; n <= max; n++) {
            steps.add(new CapacityStep(n, n * 100, n * 100, 0, 5, n == max ? p99LastGood : 20, "ok", List.of()));
        }
        steps.add(new CapacityStep(max + 1, (max + 1) * 100, (max + 1) * 100, 0.05, 5, 900, "degraded", List.of("errors")));
        return new CapacityResult(max, max * 100, "errors", max + 1, steps);
    }

    @Test
    void theMedianSearchIsTheCapacityAndTheSpreadIsInSteps() {
        CapacityRepeats r = CapacityRepeats.of(List.of(search(4, 50), search(3, 60), search(8, 40)), 1);
        assertThat(r.median().maxMultiplier()).isEqualTo(4);
        assertThat(r.spreadSteps()).isEqualTo(5);
        assertThat(r.agreeing()).isEqualTo(2);
        assertThat(r.sentence()).isEqualTo("capacity over 3 searches: 4, 3, 8 × profile; median 4 × profile, spread 5 steps,"
                + " 2 of 3 within ±1 step of it");
    }

    @Test
    void anEvenCountTakesTheLowerMedian() {
        assertThat(CapacityRepeats.of(List.of(search(2, 10), search(5, 10)), 1).median().maxMultiplier()).isEqualTo(2);
    }

    @Test
    void confidenceSaysHowMuchOfTheSloTheLastGoodStepUsed() {
        assertThat(CapacityRepeats.confidence(search(3, 190), slo))
                .isEqualTo("confidence: the last good step (3 × profile) used 95 % of the p99 SLO and 0 % of the error budget,"
                        + " close to the SLO: a repeat may find one step less (limit 80 %)");
        assertThat(CapacityRepeats.confidence(search(3, 60), slo)).contains("used 30 % of the p99 SLO").contains("with room below the SLO");
        assertThat(CapacityRepeats.confidence(new CapacityResult(0, 0, "errors", 1, List.of()), slo)).isNull();
    }
}
