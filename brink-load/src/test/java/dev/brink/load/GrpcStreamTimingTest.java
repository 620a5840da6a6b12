package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.StreamTimingLine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each message of a server stream is timed on its own, into streams.jsonl, against a real grpc-java server. */
class GrpcStreamTimingTest {
    @Test
    void timesEachMessageOfAStreamAndItsGaps(@TempDir Path dir) throws Exception {
        // 5 events 100 ms apart: the first at once, the last ~400 ms after the call started
        try (GrpcTestServer server = new GrpcTestServer();
             LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(server.port(), GrpcLoadTest.byProto("shared"), 20,
                     GrpcTestServer.WATCH, "{\"sku\": \"s\", \"count\": 5, \"gap_ms\": 100}"),
                     LoadOptions.defaults().withMaxConnections(64), RunDirectory.at(dir))) {
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
            assertThat(r.errors()).isEmpty();
            assertThat(r.ok()).isEqualTo(20);
            List<StreamTimingLine> lines = engine.lastStreamTimings();
            assertThat(lines).hasSize(1);
            StreamTimingLine s = lines.get(0);
            assertThat(s.step()).isEqualTo("x1");
            assertThat(s.operation()).isEqualTo("call");
            assertThat(s.calls()).isEqualTo(20);
            assertThat(s.ok()).isEqualTo(20);
            assertThat(s.messages()).isEqualTo(100);
            assertThat(s.firstMessage().count()).isEqualTo(20);
            assertThat(s.message().count()).isEqualTo(100);
            assertThat(s.gap().count()).isEqualTo(80);
            // the server's timer never fires early, so a stream's last message comes >= 400 ms after its start, and
            // some gap is >= 100 ms (a starved client may read a few messages in one go: not every gap is)
            assertThat(s.gap().max()).isGreaterThanOrEqualTo(95.0);
            assertThat(s.message().max()).isGreaterThanOrEqualTo(395.0);
            assertThat(s.firstMessage().p50()).isLessThanOrEqualTo(s.message().p50());
            assertThat(s.total().p50()).isGreaterThanOrEqualTo(395.0).isGreaterThanOrEqualTo(s.message().p50());
            // the calls' own latency is the streams' total
            assertThat(r.corrected().p50Ms()).isGreaterThanOrEqualTo(395.0);
        }
        List<JsonNode> file = JsonlReader.readAll(dir.resolve(RunDirectory.STREAMS));
        assertThat(file).hasSize(1);
        JsonNode line = file.get(0);
        for (String key : List.of("step", "operation", "calls", "ok", "messages", "first_message_ms", "message_ms", "gap_ms", "total_ms")) {
            assertThat(line.has(key)).as(key).isTrue();
        }
        assertThat(line.path("messages").asLong()).isEqualTo(100);
        assertThat(line.path("gap_ms").path("count").asLong()).isEqualTo(80);
        assertThat(line.path("gap_ms").path("max").asDouble()).isGreaterThanOrEqualTo(95.0);
    }

    @Test
    void unaryCallsWriteNoStreamTiming(@TempDir Path dir) throws Exception {
        try (GrpcTestServer server = new GrpcTestServer();
             LoadEngine engine = LoadEngine.open(GrpcLoadTest.plan(server.port(), GrpcLoadTest.byProto("shared"), 50,
                     GrpcTestServer.RESERVE, "{\"sku\": \"s\"}"), LoadOptions.defaults(), RunDirectory.at(dir))) {
            StepResult r = engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(1)));
            assertThat(r.ok()).isEqualTo(50);
            assertThat(engine.lastStreamTimings()).isEmpty();
        }
        assertThat(dir.resolve(RunDirectory.STREAMS)).doesNotExist();
    }
}
