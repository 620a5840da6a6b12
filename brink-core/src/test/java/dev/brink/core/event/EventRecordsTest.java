package dev.brink.core.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Event records as written to events.jsonl and read back: the keys DESIGN.md names, the phase's words. */
class EventRecordsTest {
    @TempDir
    Path dir;

    @Test
    void phaseStartAndEndWriteTheirWordsAndReadBackAsTheRecords() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        Object result = Map.of("multiplier", 3, "held", true);
        try (EventLog log = new EventLog(run)) {
            log.append(EventType.PHASE_START, new PhaseStart(MethodPhase.CONFIRM, 3.0).fields());
            log.append(EventType.PHASE_END, PhaseEnd.of(MethodPhase.CONFIRM, result).fields());
            log.append(EventType.PHASE_START, new PhaseStart(MethodPhase.CAPACITY, null).fields());
        }
        List<JsonNode> lines = JsonlReader.readAll(run.file(RunDirectory.EVENTS));
        assertThat(lines.get(0).path("phase").asText()).isEqualTo("confirm");
        assertThat(lines.get(0).path("multiplier").asDouble()).isEqualTo(3.0);
        assertThat(lines.get(2).has("multiplier")).as("no multiplier for capacity").isFalse();
        assertThat(lines.get(1).path("result")).isEqualTo(Json.MAPPER.valueToTree(result));

        assertThat(PhaseStart.read(lines.get(0))).isEqualTo(new PhaseStart(MethodPhase.CONFIRM, 3.0));
        PhaseEnd end = PhaseEnd.read(lines.get(1));
        assertThat(end.phase()).isEqualTo(MethodPhase.CONFIRM);
        assertThat(end.result().path("multiplier").asInt()).isEqualTo(3);
    }

    @Test
    void aPhaseWordNotOfTheMethodIsRefusedWithTheWords() {
        ObjectNode e = Json.MAPPER.createObjectNode().put("type", EventType.PHASE_START).put("phase", "warmup");
        assertThatThrownBy(() -> PhaseStart.read(e)).hasMessageContaining("warmup").hasMessageContaining("capacity").hasMessageContaining("soak");
        for (MethodPhase p : MethodPhase.values()) {
            assertThat(PhaseStart.read(e.deepCopy().put("phase", p.json())).phase()).isEqualTo(p);
        }
    }

    @Test
    void aGeneratorBoundSecondReadsBackAndNamesItsShardOnlyWhenMerged() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        GeneratorBound second = new GeneratorBound("capacity-x4", List.of("event loop 95 % busy"));
        try (EventLog log = new EventLog(run)) {
            log.append(EventType.GENERATOR_BOUND, second.fields());
            log.append(EventType.GENERATOR_BOUND, second.ofShard("2/4").fields());
        }
        List<JsonNode> lines = JsonlReader.readAll(run.file(RunDirectory.EVENTS));
        List<String> keys = new java.util.ArrayList<>();
        lines.get(0).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("time", "epoch_ms", "type", "step", "reasons");
        assertThat(lines.get(1).path("shard").asText()).isEqualTo("2/4");
        assertThat(GeneratorBound.read(lines.get(0))).isEqualTo(second);
        assertThat(GeneratorBound.read(lines.get(1))).isEqualTo(second.ofShard("2/4"));
    }

    @Test
    void aLoadOpenWritesOnlyTheKeysItsEngineHasAndReadsBack() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        LoadOpen engine = new LoadOpen("http://127.0.0.1:8080", "epoll", "h2c", 64, null, List.of("get", "post"));
        LoadOpen coordinator = new LoadOpen("http://127.0.0.1:8080", null, null, null, 3, List.of("get"));
        try (EventLog log = new EventLog(run)) {
            log.append(EventType.LOAD_OPEN, engine.fields());
            log.append(EventType.LOAD_OPEN, coordinator.fields());
        }
        List<JsonNode> lines = JsonlReader.readAll(run.file(RunDirectory.EVENTS));
        List<String> keys = new java.util.ArrayList<>();
        lines.get(0).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("time", "epoch_ms", "type", "target", "transport", "http", "max_connections", "operations");
        keys.clear();
        lines.get(1).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("time", "epoch_ms", "type", "target", "workers", "operations");
        assertThat(LoadOpen.read(lines.get(0))).isEqualTo(engine);
        assertThat(LoadOpen.read(lines.get(1))).isEqualTo(coordinator);
    }
}
