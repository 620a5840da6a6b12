package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.load.plan.Plan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailOnGateTest {
    private static RunSummary summary(int max, String confirm, String soak, Severity finding) {
        return new RunSummary("0", "p", "now", 1, false,
                new CapacityResult(max, max * 40.0, "errors", max + 1, List.of()),
                new ConfirmResult(max, max * 40.0, 10, 60, confirm, List.of(), max * 40.0, 0, 10),
                new SoakResult(1, 40, 600, null, 30, 0.9, soak, "why", null),
                List.of(new Finding(FindingKind.LOCK_CONTENTION, finding, "BookThreads BLOCKED on X", "X", List.of(), Map.of())));
    }

    @Test
    void eachConditionFailsWithItsNumbersAndOnlyWhenMet() {
        Plan.FailOn gate = new Plan.FailOn(20.0, true, true, "warning");
        assertThat(FailOnGate.failures(gate, summary(26, "holds", "stable", Severity.INFO))).isEmpty();
        List<String> f = FailOnGate.failures(gate, summary(12, "degraded", "leak", Severity.CRITICAL));
        assertThat(f).hasSize(4);
        assertThat(f.get(0)).isEqualTo("fail_on.capacity_below: capacity 12 × profile < 20");
        assertThat(f.get(1)).startsWith("fail_on.confirm: the confirmation at 12 × profile degraded");
        assertThat(f.get(2)).isEqualTo("fail_on.soak: the soak's verdict is leak: why");
        assertThat(f.get(3)).isEqualTo("fail_on.findings: critical lock-contention: BookThreads BLOCKED on X");
    }

    @Test
    void noGateNeverFails() {
        assertThat(FailOnGate.failures(Plan.FailOn.NEVER, summary(0, "degraded", "died", Severity.CRITICAL))).isEmpty();
    }
}
