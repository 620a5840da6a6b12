package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.summary.CapacityResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The soak runs at the plan's multiplier; what it says beside it depends on the capacity the run found. */
class SoakMultiplierReasonTest {
    private static CapacityResult capacity(int max) {
        return new CapacityResult(max, max * 100, "errors", max + 1, List.of());
    }

    @Test
    void aboveTheCapacityItSaysTheLoadIsMeantToStress() {
        assertThat(SoakPhase.multiplierReason(3, capacity(2))).isEqualTo("the plan's phases.soak.multiplier, above the capacity"
                + " just found (2 × profile): a leak grows with the request rate, so it shows within the hold; latency and errors"
                + " above the SLO are expected there");
    }

    @Test
    void withinTheCapacityOrWithoutOneItSaysSo() {
        assertThat(SoakPhase.multiplierReason(2, capacity(2))).isEqualTo("the plan's phases.soak.multiplier, within the capacity just found (2 × profile)");
        assertThat(SoakPhase.multiplierReason(1, null)).isEqualTo("the plan's phases.soak.multiplier (no capacity found in this run to compare it with)");
        assertThat(SoakPhase.multiplierReason(1, capacity(0))).contains("no capacity found");
    }
}
