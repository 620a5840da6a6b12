package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.event.RunEnd;
import dev.brink.core.event.StepVerdictEvent;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.evidence.GcFailure;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.HostHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.JvmSample;
import dev.brink.core.line.Percentiles;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.testing.DetailSamples;
import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.verdict.StepVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The line records write exactly the keys RunLines names (made from the records, so the check is that Jackson writes
 * what the record's components say: no getter adds a key, no naming drops one), and read back what they wrote.
 */
class RunLinesTest {
    @TempDir
    Path dir;

    private static final Percentiles P = new Percentiles(10, 1, 2, 3, 4, 5);

    static IntervalStats interval() {
        IntervalStats.Op op = new IntervalStats.Op(50, 10, 9, Map.of("http-503", 1L), 0, P, P);
        return new IntervalStats(1_000, 1.0, "capacity-x1", 1.0, 100, 10, 9, Map.of("http-503", 1L), 0, P, P, 2, 0, 8, false,
                Map.of("get", op, "post", op), 4);
    }

    static GeneratorHealth generator() {
        return new GeneratorHealth(1_000, 0.5, 0.9, 12, 7.5, 8, 100, 28_000, 3, 0, List.of("event loop 90 % busy"), 1 << 20,
                4_000, 1, List.of(GeneratorIssue.values()[0]));
    }

    static HostHealth host() {
        return new HostHealth(1_000, 2, 0.95, 0.8, 0.15, 0, 0, 3, 2.5, 0.6, 0.9, 0.8, 0.2, 40, 120, false);
    }

    static GcEventLine gc() {
        return new GcEventLine(1_000, 900, "G1 Young Generation", "end of minor GC", "G1 Evacuation Pause", 3.5,
                Map.of("G1 Eden Space", 10L), Map.of("G1 Eden Space", 0L), Map.of("G1 Eden Space", 20L),
                Set.of(GcFailure.EVACUATION_FAILED), 7L); // a failed, numbered collection: every key of the line written
    }

    static JvmSample jvm() {
        JvmSample.Usage heap = new JvmSample.Usage(10 << 20, 64 << 20, 256 << 20);
        return new JvmSample("1970-01-01T00:00:01Z", 1_000, 42, 5_000, heap, new JvmSample.Usage(5 << 20, 8 << 20, -1), 6L << 20,
                Map.of("G1 Old Gen", new JvmSample.Pool(JvmSample.Pool.HEAP, 6 << 20, 32 << 20, 256 << 20, 6L << 20)),
                Map.of("G1 Young Generation", new JvmSample.Collector(3, 12)), new JvmSample.Threads(20, 15, 22, 30, 0, 4, 1, 10, 5, 0),
                new JvmSample.Cpu(0.25, 2_000_000_000L, 0.5, 1.5, 2, 300_000_000L), new JvmSample.Classes(5_000, 5_100, 100),
                Map.of("direct", new JvmSample.Buffer(3, 1 << 16, 1 << 16)), new JvmSample.Fds(40, 1 << 20));
    }

    /** Every line record, by its file. */
    static Map<String, Record> lines() {
        return Map.of(RunDirectory.LOAD, interval(), RunDirectory.GENERATOR, generator(), RunDirectory.HOST, host(), RunDirectory.GC, gc(),
                RunDirectory.JVM, jvm());
    }

    @Test
    void eachLineRecordWritesExactlyTheContractsKeysInOrder() throws Exception {
        Map<String, Record> lines = lines();
        assertThat(lines.keySet()).isEqualTo(RunLines.RECORDS.keySet());
        for (Map.Entry<String, Record> e : lines.entrySet()) {
            Path file = dir.resolve(e.getKey());
            try (JsonlWriter w = new JsonlWriter(file)) {
                w.append(e.getValue());
            }
            JsonNode written = JsonlReader.readAll(file).get(0);
            List<String> keys = new ArrayList<>();
            written.fieldNames().forEachRemaining(keys::add);
            assertThat(keys).as(e.getKey()).isEqualTo(RunLines.KEYS.get(e.getKey()));
            List<Object> read = List.copyOf(JsonlReader.readAll(file, RunLines.RECORDS.get(e.getKey())));
            assertThat(read).as(e.getKey()).containsExactly(e.getValue());
        }
        assertThat(RunLines.KEYS.get(RunDirectory.LOAD)).contains("epoch_ms", "tcp_connections", "ops", "generator_bound");
        // the keys jvm.jsonl had when they were listed by hand, in their order
        assertThat(RunLines.KEYS.get(RunDirectory.JVM)).containsExactly("time", "epoch_ms", "pid", "uptime_ms", "heap", "non_heap",
                "heap_after_gc", "pools", "gc", "threads", "cpu", "classes", "buffers", "fds");
    }

    @Test
    void eachRenamedKeyOfEachLineRecordIsReportedByContractCheck() throws Exception {
        Map<String, Record> lines = lines();
        for (Map.Entry<String, Record> e : lines.entrySet()) {
            try (JsonlWriter w = new JsonlWriter(dir.resolve(e.getKey()))) {
                w.append(e.getValue());
            }
        }
        assertThat(ContractCheck.violations(dir, "")).noneMatch(v -> v.startsWith("field "));
        int renamed = 0;
        for (String file : lines.keySet()) {
            Path p = dir.resolve(file);
            String line = Files.readString(p);
            for (String key : RunLines.KEYS.get(file)) {
                Files.writeString(p, line.replace("\"" + key + "\":", "\"" + key + "_x\":"));
                assertThat(ContractCheck.violations(dir, "")).as(file + " " + key)
                        .contains("field " + key + "_x of " + file + " is not in the contract");
                renamed++;
            }
            Files.writeString(p, line);
        }
        assertThat(renamed).isEqualTo(lines.keySet().stream().mapToInt(f -> RunLines.KEYS.get(f).size()).sum()).isGreaterThan(50);
    }

    @Test
    void aDriftedWordOfAnEventOrADetailAndANegativeCountAreReportedWhereTheyAre() throws Exception {
        for (Map.Entry<String, Record> e : lines().entrySet()) {
            try (JsonlWriter w = new JsonlWriter(dir.resolve(e.getKey()))) {
                w.append(e.getValue());
            }
        }
        Finding gc = DetailSamples.findings().stream().filter(f -> f.kind() == FindingKind.GC_PRESSURE).findFirst().orElseThrow();
        CapacityStep step = new CapacityStep(2, 20, 20, 0, 1, 2, StepVerdictKind.OK, List.of(), List.of());
        try (EventLog log = new EventLog(RunDirectory.at(dir))) {
            log.append(EventType.RUN_END, new RunEnd(false).fields());
            log.append(EventType.STEP_VERDICT, StepVerdictEvent.capacity("capacity-x2", step).fields());
            log.append(EventType.FINDING, Map.of("finding", gc));
        }
        assertThat(ContractCheck.violations(dir, "")).noneMatch(v -> v.contains(": expected"));

        Path events = dir.resolve(RunDirectory.EVENTS);
        List<String> written = Files.readAllLines(events);
        ObjectNode verdict = (ObjectNode) Json.MAPPER.readTree(written.get(1));
        verdict.put("verdict", "degradd");
        ObjectNode finding = (ObjectNode) Json.MAPPER.readTree(written.get(2));
        ((ObjectNode) finding.path("finding").path("detail")).put("cause", "system-gc");
        Files.write(events, List.of(written.get(0), Json.MAPPER.writeValueAsString(verdict), Json.MAPPER.writeValueAsString(finding)));
        Path load = dir.resolve(RunDirectory.LOAD);
        ObjectNode second = (ObjectNode) Json.MAPPER.readTree(Files.readString(load));
        Files.writeString(load, Files.readString(load) + Json.MAPPER.writeValueAsString(second.put("sent", -5)) + "\n");

        assertThat(ContractCheck.violations(dir, "")).contains(
                "events.jsonl:2: step-verdict verdict: expected one of ok, degraded, generator-bound, target-died, host-saturated, got 'degradd'",
                "detail of gc-pressure: cause: expected one of heap, explicit, metadata, humongous, gc-locker, code-cache, tool, other,"
                        + " got 'system-gc'",
                "load.jsonl:2: sent: expected >= 0, got -5");
        assertThat(ContractCheck.violations(dir, "")).noneMatch(v -> v.startsWith("load.jsonl:1:") || v.startsWith("events.jsonl:1:"));
    }

    @Test
    void aLineOfAnOlderRunWithoutSomeKeysReadsAsZeroAndEmpty() throws Exception {
        Path file = dir.resolve(RunDirectory.LOAD);
        Files.writeString(file, "{\"epoch_ms\":5,\"step\":\"capacity-x1\",\"interval_s\":1.0,\"ok\":3}\n");
        IntervalStats line = JsonlReader.readAll(file, IntervalStats.class).get(0);
        assertThat(line.ok()).isEqualTo(3);
        assertThat(line.ops()).isEmpty();
        assertThat(line.errors()).isEmpty();
        assertThat(line.corrected()).isEqualTo(Percentiles.EMPTY);
        assertThat(line.tcpConnections()).isZero();

        Path gen = dir.resolve(RunDirectory.GENERATOR);
        Files.writeString(gen, "{\"epoch_ms\":5,\"process_cpu\":0.2}\n");
        GeneratorHealth g = JsonlReader.readAll(gen, GeneratorHealth.class).get(0);
        assertThat(g.bound()).isFalse();
        assertThat(g.issues()).isEmpty();

        Path jvm = dir.resolve(RunDirectory.JVM);
        Files.writeString(jvm, "{\"epoch_ms\":5,\"cpu\":{\"process_load\":0.2,\"process_cpu_ns\":7}}\n{\"epoch_ms\":6}\n");
        List<JvmSample> samples = JsonlReader.readAll(jvm, JvmSample.class);
        assertThat(samples.get(0).cpu().jitCpuNs()).as("the compiler's CPU of an older run: not known").isEqualTo(-1);
        assertThat(samples.get(0).cpu().processCpuNs()).isEqualTo(7);
        assertThat(samples.get(1).cpu()).isNull();
        assertThat(samples.get(1).gcCount()).isZero();
    }

    @Test
    void aLineThatIsNotTheRecordIsNamedByFileAndLine() throws Exception {
        Path file = dir.resolve(RunDirectory.LOAD);
        Files.writeString(file, "{\"epoch_ms\":5}\n{\"epoch_ms\":\"soon\"}\n");
        assertThatThrownBy(() -> JsonlReader.readAll(file, IntervalStats.class))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(file + ":2: expected a load.jsonl line (");
    }

    @Test
    void aPointerIsHeldOnlyWhereTheRecordHasIt() {
        assertThat(RunLines.holds(RunDirectory.LOAD, "/corrected/p99_ms")).isTrue();
        assertThat(RunLines.holds(RunDirectory.LOAD, "/ops/a~1b/corrected/p99_ms")).isTrue();
        assertThat(RunLines.holds(RunDirectory.LOAD, "/errors/http-503")).isTrue();
        assertThat(RunLines.holds(RunDirectory.GENERATOR, "/reasons")).isTrue();
        assertThat(RunLines.holds(RunDirectory.LOAD, "/corrected/p98_ms")).isFalse();
        assertThat(RunLines.holds(RunDirectory.LOAD, "/correctd/p99_ms")).isFalse();
        assertThat(RunLines.holds(RunDirectory.LOAD, "/ok/more")).isFalse();
        assertThat(RunLines.holds(RunDirectory.GENERATOR, "/process_cpu")).isTrue();
        assertThat(RunLines.holds(RunDirectory.JVM, "/heap/used")).isTrue();
        assertThat(RunLines.holds(RunDirectory.JVM, "/cpu/jit_cpu_ns")).isTrue();
        assertThat(RunLines.holds(RunDirectory.JVM, "/pools/G1 Old Gen/after_gc")).isTrue();
        assertThat(RunLines.holds(RunDirectory.JVM, "/cpu/jit_ns")).isFalse();
    }
}
