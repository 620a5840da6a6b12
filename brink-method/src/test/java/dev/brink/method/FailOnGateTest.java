package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.gate.Gate;
import dev.brink.core.summary.HeldLoad;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.SoakVerdictKind;
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
    void thresholdsJudgeTheHoldAndTheSoakEachNamed() throws Exception {
        HeldLoad slow = new HeldLoad(0, 120, 118, 7080, Map.of("http-503", 90L), new HeldLoad.Latency(40, 80, 260, 400, 900));
        HeldLoad users = new HeldLoad(12, 0, 33.5, 2010, Map.of(), new HeldLoad.Latency(20, 30, 45, 60, 80));
        RunSummary s = new RunSummary("0", "p", "now", 1, false, null,
                new ConfirmResult(3, 120, 10, 60, ConfirmVerdict.HOLDS, List.of(), 118, 0.0127, 260, List.of(), List.of(), slow),
                new SoakResult(1, 5, 600, null, 0, 0, SoakVerdictKind.STABLE, "why", null, null, null, users),
                List.of(new Finding(FindingKind.GC_PRESSURE, Severity.WARNING, "full GCs", "heap", List.of(), Map.of())));
        Plan.FailOn gate = new Plan.FailOn(null, false, false, null, Gate.parse("p99>200ms,errors>1%,rate<30,findings=gc-pressure"));
        assertThat(FailOnGate.failures(gate, s)).containsExactly(
                "fail_on p99>200ms: p99 260 ms > 200 ms (the confirmation hold at 3 × profile)",
                "fail_on errors>1%: error rate 1.27 % > 1 % (90 of 7080 requests failed: http-503 90) (the confirmation hold at 3 × profile)",
                "fail_on findings=gc-pressure: warning gc-pressure: full GCs");
        // a closed soak has no target rate: a share of it cannot pass in silence, an achieved rate can be judged
        assertThat(FailOnGate.failures(new Plan.FailOn(null, false, false, null, Gate.parse("rate<95%")), s))
                .anySatisfy(x -> assertThat(x).contains("closed model").contains("the soak at 1 × profile"));
        // nothing held: a load threshold is not met in silence
        RunSummary capacityOnly = new RunSummary("0", "p", "now", 1, false, null, null, null, List.of());
        assertThat(FailOnGate.failures(new Plan.FailOn(null, false, false, null, Gate.parse("p99>1s")), capacityOnly))
                .containsExactly("fail_on 'p99>1s': no confirmation hold or soak was measured");
    }

    @Test
    void aCapacityTheSearchDidNotMeasureIsNotJudgedBelowTheGate() {
        Plan.FailOn gate = new Plan.FailOn(2.0, true, false, null);
        for (String notTheService : List.of("host-saturated", "generator", "interrupted", "none")) {
            RunSummary s = new RunSummary("0", "p", "now", 1, false,
                    new CapacityResult(0, 0, notTheService, -1, List.of()),
                    new ConfirmResult(1, 40, 10, 60, "host-saturated", List.of(), 40, 0, 10), null, List.of());
            assertThat(FailOnGate.failures(gate, s)).as(notTheService).isEmpty();
            assertThat(FailOnGate.notJudged(gate, s)).as(notTheService).hasSize(2)
                    .anySatisfy(l -> assertThat(l).startsWith("fail_on.capacity_below: not judged: the search ended on " + notTheService)
                            .contains("0 × profile held"))
                    .anySatisfy(l -> assertThat(l).isEqualTo("fail_on.confirm: not judged: the confirmation at 1 × profile was host-saturated"));
        }
        // the same capacity from a service limit is below the gate, and a generator limit above the gate passes
        RunSummary errors = new RunSummary("0", "p", "now", 1, false, new CapacityResult(1, 40, "errors", 2, List.of()), null, null, List.of());
        assertThat(FailOnGate.failures(gate, errors)).containsExactly("fail_on.capacity_below: capacity 1 × profile < 2");
        assertThat(FailOnGate.notJudged(gate, errors)).isEmpty();
        RunSummary aboveGate = new RunSummary("0", "p", "now", 1, false, new CapacityResult(3, 120, "generator", -1, List.of()), null, null, List.of());
        assertThat(FailOnGate.failures(gate, aboveGate)).isEmpty();
        assertThat(FailOnGate.notJudged(gate, aboveGate)).isEmpty();
    }

    @Test
    void noGateNeverFails() {
        assertThat(FailOnGate.failures(Plan.FailOn.NEVER, summary(0, "degraded", "died", Severity.CRITICAL))).isEmpty();
    }
}
