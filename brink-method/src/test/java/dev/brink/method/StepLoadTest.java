package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadStep;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class StepLoadTest {
    @Test
    void aClosedStepSaysItsUsersNotATargetOfZero() {
        String closed = StepLoad.column(LoadStep.closed("capacity-x16", 16, Duration.ZERO, Duration.ofSeconds(1)).workload(), 0);
        String open = StepLoad.column(LoadStep.open("capacity-x6", 6, Duration.ofSeconds(1)).workload(), 120);
        assertThat(closed).isEqualTo("users        16").doesNotContain("target");
        assertThat(open).isEqualTo("target    120.0");
        assertThat(closed).hasSameSizeAs(open); // the columns after it stay aligned
    }
}
