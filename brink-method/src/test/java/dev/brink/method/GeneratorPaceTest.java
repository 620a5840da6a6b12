package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadStep.Workload;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.ThinkTime;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Only a workload with a schedule is "behind its own schedule": a closed loop with neither think time nor pacing has
 * none, and when it is bound it was the bottleneck.
 */
class GeneratorPaceTest {
    @Test
    void openModels_haveASchedule() {
        assertThat(GeneratorPace.of(new Workload.Open(1, 1))).isEqualTo(GeneratorPace.SCHEDULE);
        assertThat(GeneratorPace.of(new Workload.Stages(List.of(new Plan.Stage("ramp", 10, 100, Duration.ofSeconds(5))), 10)))
                .isEqualTo(GeneratorPace.SCHEDULE);
    }

    @Test
    void closedLoopsWithoutThinkOrPacing_areTheirOwnLimit() {
        GeneratorPace p = GeneratorPace.of(new Workload.Closed(32, Duration.ZERO));
        assertThat(p).isEqualTo(GeneratorPace.OWN_LIMIT);
        assertThat(p.bound + " " + p.keptUp + " " + p.finding).doesNotContain("schedule").doesNotContain("behind");
        assertThat(GeneratorPace.of(new Workload.ClosedStages(List.of(new Plan.Stage("ramp", 1, 50, Duration.ofSeconds(5))),
                ThinkTime.NONE, Duration.ZERO))).isEqualTo(GeneratorPace.OWN_LIMIT);
    }

    @Test
    void closedLoopsThatThinkOrArePaced_haveTheirUsersPace() {
        assertThat(GeneratorPace.of(new Workload.Closed(10, Duration.ofMillis(200)))).isEqualTo(GeneratorPace.USERS_PACE);
        assertThat(GeneratorPace.of(new Workload.Closed(10, ThinkTime.NONE, Duration.ofSeconds(1)))).isEqualTo(GeneratorPace.USERS_PACE);
        assertThat(GeneratorPace.of(new Workload.ClosedStages(List.of(new Plan.Stage("ramp", 1, 50, Duration.ofSeconds(5))),
                ThinkTime.exponential(Duration.ofMillis(500)), Duration.ZERO))).isEqualTo(GeneratorPace.USERS_PACE);
    }
}
