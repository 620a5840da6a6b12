package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LoadEngine#endStep()} is how the method stops loading a target that died: a request that arrives just
 * before a step starts (the death was noticed between two steps) must end that step, not be lost, or the step
 * loads a dead port for its whole duration.
 */
class EndStepTest {
    @TempDir
    Path dir;

    @Test
    void anEndRequestedBeforeTheStepStartsEndsThatStepOnce() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 50), LoadOptions.defaults(), RunDirectory.at(dir))) {
            engine.endStep();
            long t0 = System.nanoTime();
            StepResult ended = engine.run(LoadStep.open("ended", 1, Duration.ofSeconds(20)));
            double took = (System.nanoTime() - t0) / 1e9;
            assertThat(took).as("the step ended at once, not after its 20 s").isLessThan(10);
            assertThat(ended.durationS()).isLessThan(2);

            // the request is used up by the step it ended: the next step runs its whole duration
            StepResult next = engine.run(LoadStep.open("next", 1, Duration.ofSeconds(2)));
            assertThat(next.durationS()).isGreaterThanOrEqualTo(1.9);
            assertThat(next.ok()).isPositive();
        }
    }
}
