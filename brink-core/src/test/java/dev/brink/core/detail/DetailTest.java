package dev.brink.core.detail;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.brink.core.FindingDetail;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.summary.HolderKind;
import dev.brink.core.testing.DetailSamples;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The typed details: each record's keys are its kind's FindingDetail keys, a record written and read back through
 * Jackson is the same record, and a value a writer drifted to (an enum word the analyser no longer writes, a fraction
 * for a count, text for a number, a share above 1) is a problem named by key.
 */
class DetailTest {
    private static final LeakSuspectDetail SUSPECT = new LeakSuspectDetail(3_000_000L, 10_000_000L, 0.3, "app.Session (400 instances)",
            "java.util.HashMap", "0x7f00", 2_900_000L, "static-field", List.of("static app.Cache.ALL → java.util.HashMap @ 0x7f00"),
            LeakShape.SPREAD_CLASS, 400, null, null, null, null, null, "static app.Cache.ALL", HolderKind.STATIC_FIELD, null, null,
            null, "take a second dump");

    @Test
    void eachRecordHasExactlyItsKindsDocumentedKeys() {
        assertThat(Detail.TYPES).hasSize(Detail.class.getPermittedSubclasses().length);
        for (Map.Entry<FindingKind, Class<? extends Detail>> e : Detail.TYPES.entrySet()) {
            assertThat(Detail.keys(e.getValue())).as(e.getKey().jsonName())
                    .containsExactlyInAnyOrderElementsOf(FindingDetail.KEYS.get(e.getKey()));
        }
    }

    /**
     * Every kind's record, with every key given, writes each of its keys in the record's order and reads back equal,
     * strictly too: each record is what its kind's keys say.
     */
    @Test
    void everyKindsRecordWritesEveryKeyAndReadsBack() throws Exception {
        Map<FindingKind, Detail> samples = DetailSamples.all();
        assertThat(samples.keySet()).containsExactlyInAnyOrder(FindingKind.values());
        for (Map.Entry<FindingKind, Detail> e : samples.entrySet()) {
            Class<? extends Detail> type = Detail.TYPES.get(e.getKey());
            Map<String, Object> map = Detail.map(e.getValue());
            assertThat(map.keySet()).as(e.getKey().jsonName()).containsExactlyElementsOf(Detail.keys(type));
            assertThat(Detail.read(map, type)).as(e.getKey().jsonName()).isEqualTo(e.getValue());
            JsonNode written = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(map));
            assertThat(DetailValues.problem(written, type)).as(e.getKey().jsonName()).isNull();
        }
    }

    /** The words the typed kinds gained: a GC cause kind, a library family, what named an exception's type, a growth's source. */
    @Test
    void aDriftedWordOfEveryNewEnumIsAProblemNamedByItsKey() {
        Map<FindingKind, Detail> samples = DetailSamples.all();
        ObjectNode gc = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.GC_PRESSURE)));
        assertThat(DetailValues.problem(gc.put("cause", "System.gc()"), GcPressureDetail.class)).isEqualTo("cause: expected one of heap, "
                + "explicit, metadata, humongous, gc-locker, code-cache, tool, other, got 'System.gc()'");
        ObjectNode hot = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.HOT_METHOD)));
        assertThat(DetailValues.problem(hot.put("category", "class loading"), HotMethodDetail.class))
                .startsWith("category: expected one of regex, formatting, crypto, ").endsWith(", got 'class loading'");
        ObjectNode ex = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.EXCEPTIONS)));
        assertThat(DetailValues.problem(ex.put("source", "samples"), ExceptionsDetail.class))
                .isEqualTo("source: expected one of throw-events, execution-samples, cpu-time-samples, allocation-samples, statistics, got 'samples'");
        ObjectNode leak = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.MEMORY_LEAK)));
        assertThat(DetailValues.problem(leak.put("source", "heap-diff"), MemoryLeakDetail.class))
                .isEqualTo("source: expected one of heap-dump-diff, class-histogram-diff, got 'heap-diff'");
        ObjectNode meta = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.METASPACE)));
        assertThat(DetailValues.problem(meta.put("cause", "heap"), MetaspaceDetail.class)).isEqualTo("cause: expected metadata, got heap");
    }

    /**
     * The words that were strings beside the record: a lock's wait kind and cause, a busy thread's libraries. A drifted
     * word is a problem naming the words allowed; the words runs wrote before they were enums read back as the enums.
     */
    @Test
    void aDriftedLockOrLibraryWordIsAProblemAndTheOldWordsStillRead() throws Exception {
        Map<FindingKind, Detail> samples = DetailSamples.all();
        ObjectNode lock = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.LOCK_CONTENTION)));
        assertThat(lock.path("wait").asText()).isEqualTo("enter");
        assertThat(lock.path("cause").asText()).isEqualTo("class-loading");
        assertThat(DetailValues.problem(lock.deepCopy().put("wait", "blocked"), LockContentionDetail.class))
                .isEqualTo("wait: expected one of enter, wait, park, got 'blocked'");
        assertThat(DetailValues.problem(lock.deepCopy().put("cause", "class loading"), LockContentionDetail.class))
                .isEqualTo("cause: expected one of class-loading, got 'class loading'");
        for (String word : List.of("enter", "wait", "park")) {
            assertThat(Detail.read(lock.deepCopy().put("wait", word), LockContentionDetail.class).waitKind().json()).isEqualTo(word);
        }

        ObjectNode busy = Json.MAPPER.valueToTree(Detail.map(samples.get(FindingKind.BUSY_THREAD)));
        assertThat(busy.path("libraries").fieldNames().next()).isEqualTo("crypto");
        assertThat(busy.path("main_library").asText()).isEqualTo("crypto");
        ObjectNode drifted = busy.deepCopy();
        ((ObjectNode) drifted.path("libraries")).put("class loading", 2);
        assertThat(DetailValues.problem(drifted, BusyThreadDetail.class))
                .startsWith("libraries: expected one of regex, formatting, crypto, ").contains("class-loading", "application, other")
                .endsWith(", got 'class loading'");
        assertThat(DetailValues.problem(busy.deepCopy().put("main_library", "app"), BusyThreadDetail.class))
                .startsWith("main_library: expected one of regex, ").endsWith(", got 'app'");
        ObjectNode old = busy.deepCopy();
        ((ObjectNode) old.path("libraries")).removeAll().put("regex", 3).put("class-loading", 2).put("application", 1);
        assertThat(Detail.read(old.put("main_library", "regex"), BusyThreadDetail.class).libraries())
                .containsExactly(Map.entry(CpuLibrary.REGEX, 3), Map.entry(CpuLibrary.CLASS_LOADING, 2), Map.entry(CpuLibrary.APPLICATION, 1));
    }

    @Test
    void aRecordRoundTripsThroughItsMapAndSummaryJson() throws Exception {
        Map<String, Object> map = Detail.map(SUSPECT);
        assertThat(map).containsEntry(FindingDetail.HeapLeak.LEAK_SHAPE, "spread-class").containsEntry(FindingDetail.HeapLeak.HOLDER_KIND, "static-field")
                .containsEntry(FindingDetail.HeapLeak.SHARE_OF_HEAP, 0.3).doesNotContainKey(FindingDetail.HeapLeak.LOADERS);
        assertThat(Detail.read(map, LeakSuspectDetail.class)).isEqualTo(SUSPECT);
        JsonNode written = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(map));
        assertThat(DetailValues.problem(written, LeakSuspectDetail.class)).isNull();
        assertThat(Detail.read(written, LeakSuspectDetail.class)).isEqualTo(SUSPECT);

        PortExhaustionDetail ports = new PortExhaustionDetail(PortSide.TARGET, "capacity-x3", 20, "32768-60999", 28232, 15, 0, 0, 4,
                7, 7, "per-call", 2, "a larger backlog");
        assertThat(Detail.read(Detail.map(ports), PortExhaustionDetail.class)).isEqualTo(ports);
        assertThat(Detail.map(HostSaturatedDetail.NONE)).isEmpty();
        assertThat(Detail.map(TargetDiedDetail.inStep("capacity step N=2"))).isEqualTo(Map.of("step", "capacity step N=2"));
        ShardIncompleteDetail shard = ShardIncompleteDetail.merged("2/4", "/runs/s2", List.of(ShardSign.NO_SUMMARY, ShardSign.TRUNCATED_LINE), 17L, 3);
        assertThat(Detail.map(shard)).containsEntry("signs", List.of("no-summary", "truncated-line"));
        assertThat(Detail.read(Detail.map(shard), ShardIncompleteDetail.class)).isEqualTo(shard);
    }

    @Test
    void aDriftedValueIsAProblemNamedByItsKey() throws Exception {
        ObjectNode written = (ObjectNode) Json.MAPPER.valueToTree(Detail.map(SUSPECT));
        // the word DESIGN.md once documented and the analyser never wrote
        assertThat(DetailValues.problem(written.deepCopy().put("leak_shape", "class-loader"), LeakSuspectDetail.class))
                .isEqualTo("leak_shape: expected one of spread-class, generated-classes, many-loaders, got 'class-loader'");
        assertThat(DetailValues.problem(written.deepCopy().put("holder_kind", "static"), LeakSuspectDetail.class))
                .startsWith("holder_kind: expected one of static-field, field, ");
        assertThat(DetailValues.problem(written.deepCopy().put("holders", 1.5), LeakSuspectDetail.class)).startsWith("holders: ");
        assertThat(DetailValues.problem(written.deepCopy().put("retained_bytes", "3 MB"), LeakSuspectDetail.class)).startsWith("retained_bytes: ");
        assertThat(DetailValues.problem(written.deepCopy().put("share_of_heap", 30.0), LeakSuspectDetail.class))
                .isEqualTo("share_of_heap: expected a share from 0 to 1, got 30.0");
        ObjectNode shard = (ObjectNode) Json.MAPPER.valueToTree(Detail.map(ShardIncompleteDetail.vanished("1/2", "capacity-x2", "gone", 0, 0)));
        assertThat(DetailValues.problem(shard.deepCopy().put("shard", "worker-1"), ShardIncompleteDetail.class))
                .isEqualTo("shard: expected I/N, got worker-1");
        assertThat(DetailValues.problem(shard.deepCopy().set("signs", Json.MAPPER.valueToTree(List.of("no-summary", "crashed"))),
                ShardIncompleteDetail.class)).isEqualTo("signs[1]: expected one of no-summary, truncated-line, no-load-close, got 'crashed'");
    }

    /**
     * A key renamed inside a row (a pool-starvation holder, a deadlock member) is named with its path, though the lenient
     * reader would drop it, and an unknown key of the detail itself is left to its caller while the values beside it are
     * still checked.
     */
    @Test
    void aRenamedKeyInsideARowIsAProblemNamedByItsPath() {
        ObjectNode starving = (ObjectNode) Json.MAPPER.valueToTree(Detail.map(DetailSamples.all().get(FindingKind.POOL_STARVATION)));
        ObjectNode holder = (ObjectNode) starving.path("holders").get(0);
        holder.set("thread_x", holder.remove("thread"));
        assertThat(DetailValues.problem(starving, PoolStarvationDetail.class))
                .isEqualTo("holders[0].thread_x: not a key of its row (its keys: app_frame, frame, state, thread)");
        assertThat(Detail.rows(PoolStarvationDetail.class)).containsExactly(Map.entry("holders", PoolStarvationDetail.Holder.class));

        ObjectNode leak = (ObjectNode) Json.MAPPER.valueToTree(Detail.map(DetailSamples.all().get(FindingKind.MEMORY_LEAK)));
        ((ObjectNode) leak.path("grown_classes").get(0)).remove("instances_before");
        assertThat(DetailValues.problem(leak, MemoryLeakDetail.class)).isEqualTo("grown_classes[0].instances_before: missing, expected a whole number");

        ObjectNode suspect = (ObjectNode) Json.MAPPER.valueToTree(Detail.map(SUSPECT));
        suspect.put("retained_bytes_x", 1).put("share_of_heap", 30.0);
        assertThat(DetailValues.problem(suspect, LeakSuspectDetail.class)).isEqualTo("share_of_heap: expected a share from 0 to 1, got 30.0");
    }
}
