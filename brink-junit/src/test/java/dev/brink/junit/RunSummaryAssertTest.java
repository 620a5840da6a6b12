package dev.brink.junit;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;

/** The assertions on a summary as summary.json states it: each holds, fails with the diagnosis, or refuses a wrong name. */
class RunSummaryAssertTest {
    private static final Finding LEAK = new Finding(FindingKind.MEMORY_LEAK, Severity.CRITICAL,
            "com.acme.Cache.entries retains 61 % of the heap", "com.acme.Cache.entries", List.of(), Map.of());
    private static final RunSummary RUN = new RunSummary("test", "orders", "2026-11-24T00:00:00Z", 30, false,
            new CapacityResult(6, 240, LimitedBy.LATENCY, 7, List.of(new CapacityStep(7, 280, 250, 0, 20, 900,
                    StepVerdictKind.DEGRADED, List.of("p99 900 ms > SLO 500 ms"), List.of()))),
            null, null, List.of(LEAK));

    @Test
    void holdingAssertionsPass() {
        BrinkAssertions.assertThat(RUN).capacityAtLeast(6).capacityRpsAtLeast(240).metric("capacity.max_rps").isAtMost(240)
                .hasFinding(FindingKind.MEMORY_LEAK).hasFinding("memory-leak").hasNoFinding(FindingKind.DEADLOCK).notInterrupted();
    }

    @Test
    void aFailedAssertionCarriesTheDiagnosis() {
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).capacityAtLeast(7)).isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("expected capacity.max_multiplier >= 7.0, was 6.0")
                .hasMessageContaining("limited by latency at 7 × profile (p99 900 ms > SLO 500 ms)");
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).hasNoFinding("memory-leak"))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("com.acme.Cache.entries retains 61 %");
    }

    @Test
    void aPhaseTheRunDidNotHaveFailsRatherThanPasses() {
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).metric("confirm.p99_ms").isAtMost(1e9))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("the run has no confirm phase");
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).soakStable()).isInstanceOf(AssertionFailedError.class);
    }

    @Test
    void wrongNamesAreConfigurationErrors() {
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).metric("p99"))
                .isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("confirm.p99_ms");
        assertThatThrownBy(() -> BrinkAssertions.assertThat(RUN).hasNoFinding("memory_leek"))
                .isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("memory-leak");
    }
}
