package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClosedModelTest {
    @Test
    void neverMoreThanTheUsersInFlight() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 1), LoadOptions.defaults().withMaxConnections(16), null)) {
            server.mode = TestServer.Mode.DELAY;
            server.delayMs = 5;
            List<Integer> inFlight = new ArrayList<>();
            engine.addListener((i, g) -> inFlight.add(i.inFlight()));
            StepResult r = engine.run(LoadStep.closed("users", 4, Duration.ZERO, Duration.ofSeconds(2)));

            assertThat(server.maxInProgress.get()).isEqualTo(4);
            assertThat(r.maxInFlight()).isLessThanOrEqualTo(4);
            assertThat(inFlight).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(4));
            assertThat(r.ok()).isGreaterThan(100); // 4 users × 2 s / ≥5 ms: at most 1600
            assertThat(r.ok()).isLessThanOrEqualTo(1600);
            assertThat(r.errors()).isEmpty();
            assertThat(server.accepted.get()).isLessThanOrEqualTo(4);
        }
    }

    @Test
    void thinkTimeSpacesEachUsersRequests() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 1), LoadOptions.defaults(), null)) {
            StepResult r = engine.run(LoadStep.closed("think", 2, Duration.ofMillis(100), Duration.ofSeconds(2)));
            // 2 users, each at most one request per 100 ms think: at most ~2 × 21
            assertThat(r.ok()).isBetween(10L, 44L);
            assertThat(server.maxInProgress.get()).isLessThanOrEqualTo(2);
        }
    }
}
