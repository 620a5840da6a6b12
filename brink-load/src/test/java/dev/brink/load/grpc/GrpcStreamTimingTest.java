package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.StreamTimingLine;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each message of a server stream is timed on its own, into streams.jsonl, against a real grpc-java server. */
class GrpcStreamTimingTest {
    @Test
    void timesEachMessageOfAStreamAndItsGaps(@TempDir Path dir) throws Exception {
        try (GrpcTestServer server = new GrpcTestServer()) {
            // a streaming operation (3 events 200 ms apart: the first at once, the last ~400 ms after the call started)
            // beside a unary one, which has no line
            Plan plan = new Plan("streams", new Plan.Target(URI.create("grpc://127.0.0.1:" + server.port()), null,
                    GrpcLoadTest.byProto("shared")), List.of(
                    new Plan.Operation("watch", 20, new Plan.Request("POST", GrpcTestServer.WATCH, List.of(),
                            "{\"sku\": \"s\", \"count\": 3, \"gap_ms\": 200}"), Plan.Check.DEFAULT),
                    new Plan.Operation("reserve", 20, new Plan.Request("POST", GrpcTestServer.RESERVE, List.of(),
                            "{\"sku\": \"s\"}"), Plan.Check.DEFAULT)), null, null, null);
            try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults().withMaxConnections(64), RunDirectory.at(dir))) {
                StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
                assertThat(r.errors()).isEmpty();
                assertThat(r.ok()).isEqualTo(40);
                List<StreamTimingLine> lines = engine.lastStreamTimings();
                assertThat(lines).hasSize(1);
                StreamTimingLine s = lines.get(0);
                assertThat(s.step()).isEqualTo("x1");
                assertThat(s.operation()).isEqualTo("watch");
                assertThat(s.calls()).isEqualTo(20);
                assertThat(s.ok()).isEqualTo(20);
                assertThat(s.messages()).isEqualTo(60);
                assertThat(s.firstMessage().count()).isEqualTo(20);
                assertThat(s.message().count()).isEqualTo(60);
                assertThat(s.gap().count()).isEqualTo(40);
                // the server's timer never fires early, so a stream's last message comes >= 400 ms after its start; a
                // starved client may read two messages in one go, so only some gap must be near 200 ms (half of it here)
                assertThat(s.gap().max()).isGreaterThanOrEqualTo(100.0);
                // a gap runs from the previous message, never from the call's start: no longer than a message's time
                assertThat(s.gap().max()).isLessThanOrEqualTo(s.message().max());
                assertThat(s.message().max()).isGreaterThanOrEqualTo(395.0);
                assertThat(s.firstMessage().p50()).isLessThanOrEqualTo(s.message().p50());
                assertThat(s.total().p50()).isGreaterThanOrEqualTo(395.0).isGreaterThanOrEqualTo(s.message().p50());
            }
        }
        List<JsonNode> file = JsonlReader.readAll(dir.resolve(RunDirectory.STREAMS));
        assertThat(file).hasSize(1);
        JsonNode line = file.get(0);
        for (String key : List.of("step", "operation", "calls", "ok", "messages", "first_message_ms", "message_ms", "gap_ms", "total_ms")) {
            assertThat(line.has(key)).as(key).isTrue();
        }
        assertThat(line.path("operation").asText()).isEqualTo("watch");
        assertThat(line.path("messages").asLong()).isEqualTo(60);
        assertThat(line.path("gap_ms").path("count").asLong()).isEqualTo(40);
        assertThat(line.path("gap_ms").path("max").asDouble()).isGreaterThanOrEqualTo(100.0);
    }
}
