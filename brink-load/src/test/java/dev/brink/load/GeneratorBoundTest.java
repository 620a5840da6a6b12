package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorBoundTest {
    @TempDir
    Path dir;

    @Test
    void aFullBacklogDropsRequestsAndMarksTheStepGeneratorBound() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 200),
                     LoadOptions.defaults().withMaxConnections(1).withBacklogLimit(10), RunDirectory.at(dir))) {
            server.mode = TestServer.Mode.DELAY;
            server.delayMs = 50; // one connection serves at most 20 req/s: the schedule wants 200
            StepResult r = engine.run(LoadStep.open("too-much", 1, Duration.ofSeconds(2)));

            assertThat(r.dropped()).isGreaterThan(200);
            assertThat(r.sent() + r.dropped()).isEqualTo(400); // nothing silently skipped
            // the backlog still waiting at the drain's end was never sent, but that is the slow target's, not an overflow
            assertThat(r.unsent()).isBetween(0L, 10L);
            assertThat(r.overflowed() + r.unsent()).isEqualTo(r.dropped());
            assertThat(r.overflowed()).isGreaterThan(190);
            assertThat(r.generatorBound()).isTrue();
            assertThat(r.generatorBoundReasons()).anyMatch(s -> s.startsWith("dropped"));
            List<JsonNode> lines = JsonlReader.readAll(dir.resolve(RunDirectory.LOAD));
            assertThat(lines).anyMatch(l -> l.get("generator_bound").asBoolean() && l.get("dropped").asLong() > 0);
            assertThat(JsonlReader.readAll(dir.resolve(RunDirectory.EVENTS))).anyMatch(e -> e.get("type").asText().equals("generator-bound"));
        }
    }

    @Test
    void nioTransportWorksToo() throws Exception {
        try (TestServer server = new TestServer();
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 100), LoadOptions.defaults().withTransport("nio"), null)) {
            assertThat(engine.transport()).isEqualTo("nio");
            StepResult r = engine.run(LoadStep.open("nio", 1, Duration.ofSeconds(1)));
            assertThat(r.ok()).isEqualTo(100);
            assertThat(server.requests.get()).isEqualTo(100);
        }
    }
}
