package dev.brink.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capacity search SIGKILLed before any step degraded did not reach its max: it was interrupted, in a named step. */
class KilledSearchTest {
    @TempDir
    Path dir;

    @Test
    void aKilledSearchIsInterruptedInTheStepThatWasRunning() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        try (EventLog events = new EventLog(run)) {
            events.append(EventType.PHASE_START, Map.of("phase", "capacity"));
            for (int n = 1; n <= 2; n++) {
                events.append(EventType.STEP_START, Map.of("step", "capacity-x" + n));
                events.append(EventType.STEP_END, Map.of("step", "capacity-x" + n));
                CapacityStep st = new CapacityStep(n, 10.0 * n, 10.0 * n, 0, 1, 2, StepVerdictKind.OK, List.of(), List.of());
                events.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x" + n, st).fields());
            }
            events.append(EventType.STEP_START, Map.of("step", "capacity-x3"));
        }
        RunSummary s = RunReport.recoverSummary(dir);
        assertThat(s.capacity().limitedBy()).isEqualTo(LimitedBy.INTERRUPTED);
        assertThat(s.capacity().maxMultiplier()).isEqualTo(2);
        assertThat(s.interruptedIn()).isEqualTo("capacity-x3");

        RunReport.Outputs out = RunReport.write(dir);
        String md = Files.readString(out.markdown());
        assertThat(md).contains("(last step started: capacity-x3)", "capacity 2 × profile = 20 req/s so far: the search was cut short")
                .doesNotContain("stopped at its max");
        assertThat(Files.readString(out.junit())).contains("<skipped message=\"capacity 2 × profile");
    }

    @Test
    void aStepDuringWhichTheTargetDiedIsNoVerdict() throws Exception {
        List<CapacityStep> steps = List.of(
                new CapacityStep(1, 10, 10, 0, 1, 2, StepVerdictKind.OK, List.of(), List.of()),
                new CapacityStep(2, 20, 3, 0.9, 1, 2, StepVerdictKind.TARGET_DIED, List.of("the target died"), List.of()));
        var c = SummaryRecovery.fromSteps(steps);
        assertThat(c.limitedBy()).isEqualTo(LimitedBy.INTERRUPTED);
        assertThat(c.maxMultiplier()).isEqualTo(1);
        assertThat(c.firstBadMultiplier()).isEqualTo(-1);
    }
}
