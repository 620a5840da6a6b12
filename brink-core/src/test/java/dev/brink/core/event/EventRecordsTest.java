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
import dev.brink.core.Shard;
import dev.brink.core.detail.ShardSign;
import dev.brink.core.line.Percentiles;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
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

    @Test
    void theEventsOnceWrittenAsMapsKeepTheirKeysAndWordsAndReadBack() throws Exception {
        RunDirectory run = RunDirectory.at(dir);
        CapacityStep step = new CapacityStep(3, 30, 29.5, 0.02, 1, 700, StepVerdictKind.DEGRADED, List.of("p99 700 ms > SLO 500 ms"),
                List.of(new TrippedRule(RuleKind.P99, 700, 500)));
        List<Event> written = List.of(StepVerdictEvent.capacity("capacity-x3", step),
                new StepRetry(MethodPhase.CAPACITY, "capacity-x3", StepVerdictKind.HOST_SATURATED, List.of("busy"), List.of()),
                new PhaseSkipped(MethodPhase.CONFIRM, "no multiplier held"),
                ShardEvent.of(new Shard(1, 4, "2026-11-22T10:15:00Z", Shard.SYSTEM_CLOCK, null)),
                new ShardsMerged(List.of(new ShardsMerged.Part(0, 2, "/runs/a", false, List.of(ShardSign.NO_LOAD_CLOSE), 1000, null, "none measured"))),
                new TargetDied("exited with code 137", 42, null),
                new TargetRelaunched("64m", 43),
                EvidenceEvent.of(EvidenceKind.HEAP, "evidence/heap-1.hprof.gz", 42, false).heapDump(true, true),
                new EvidenceStarted(EvidenceKind.JFR, "brink"),
                new TlsEvent("capacity-x3", "JDK", "TLSv1.3", "TLS_AES_128_GCM_SHA256", "h2", 10, 4, 0, Percentiles.EMPTY),
                new RulesEvent("p99 <= 500 ms"),
                LoadClose.INSTANCE,
                new RunEnd(true),
                new CapacityRepeatsEvent(List.of(3, 3, 4), 3, 1, 3),
                new SmallHeapSkipped("no launch"));
        List<String> types = List.of(EventType.STEP_VERDICT, EventType.STEP_RETRY, EventType.PHASE_SKIPPED, EventType.SHARD,
                EventType.SHARDS_MERGED, EventType.TARGET_DIED, EventType.TARGET_RELAUNCHED, EventType.EVIDENCE, EventType.EVIDENCE_STARTED,
                EventType.TLS, EventType.RULES, EventType.LOAD_CLOSE, EventType.RUN_END, EventType.CAPACITY_REPEATS, EventType.SMALL_HEAP_SKIPPED);
        try (EventLog log = new EventLog(run)) {
            for (int i = 0; i < written.size(); i++) log.append(types.get(i), written.get(i).fields());
        }
        List<JsonNode> lines = JsonlReader.readAll(run.file(RunDirectory.EVENTS));
        // the keys and words the map literals wrote before the records, so older run directories read the same
        assertThat(keys(lines.get(0))).containsExactly("phase", "step", "multiplier", "verdict", "reasons", "rules", "result");
        assertThat(lines.get(0).path("phase").asText()).isEqualTo("capacity");
        assertThat(lines.get(0).path("verdict").asText()).isEqualTo("degraded");
        assertThat(lines.get(0).path("rules").get(0).path("rule").asText()).isEqualTo("p99");
        assertThat(lines.get(1).path("verdict").asText()).isEqualTo("host-saturated");
        assertThat(lines.get(2).path("phase").asText()).isEqualTo("confirm");
        assertThat(keys(lines.get(3))).containsExactly("index", "count", "start_at", "clock_source", "clock_offset");
        assertThat(keys(lines.get(4).path("shards").get(0)))
                .containsExactly("index", "count", "dir", "complete", "signs", "last_epoch_ms", "clock_offset");
        assertThat(lines.get(4).path("shards").get(0).path("signs").get(0).asText()).isEqualTo("no-load-close");
        assertThat(keys(lines.get(5))).containsExactly("message", "pid");
        assertThat(keys(lines.get(7))).containsExactly("kind", "file", "pid", "live", "compressed");
        assertThat(lines.get(7).path("kind").asText()).isEqualTo("heap");
        assertThat(keys(lines.get(9))).containsExactly("step", "engine", "protocol", "cipher", "alpn", "handshakes", "resumed", "failed",
                "handshake_ms");
        assertThat(keys(lines.get(11))).isEmpty();
        assertThat(keys(lines.get(13))).containsExactly("multipliers", "median_multiplier", "spread_steps", "agreeing");
        for (int i = 0; i < written.size(); i++) {
            assertThat(Event.read(lines.get(i), written.get(i).getClass())).as(types.get(i)).isEqualTo(written.get(i));
            assertThat(Event.TYPES.get(types.get(i))).isEqualTo(written.get(i).getClass());
        }
    }

    @Test
    void everyEventTypeHasItsRecordButTheFindingWhoseDetailIsTyped() {
        assertThat(Event.TYPES.keySet()).containsExactlyInAnyOrderElementsOf(
                EventType.ALL.stream().filter(t -> !t.equals(EventType.FINDING)).toList());
    }

    private static List<String> keys(JsonNode line) {
        List<String> keys = new java.util.ArrayList<>();
        line.fieldNames().forEachRemaining(k -> {
            if (!List.of("time", "epoch_ms", "type").contains(k)) keys.add(k);
        });
        return keys;
    }
}
