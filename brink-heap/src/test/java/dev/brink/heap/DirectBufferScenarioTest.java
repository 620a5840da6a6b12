package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.HolderKind;
import dev.brink.heap.scenario.FrameRelay;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Native memory that direct buffers hold, on JDK 17 and JDK 25: a relay whose sessions keep their 64 KiB direct
 * buffers after closing grows by 16 MiB of native memory between its dumps and a few KiB of heap, and must be the one
 * memory-leak; its twin, a fixed pool of direct buffers, holds 8 MiB at both dumps and must give none.
 */
class DirectBufferScenarioTest {
    private static ScenarioRuns runs;

    @BeforeAll
    static void runScenarios() throws Exception {
        runs = ScenarioRuns.run("brink-heap-direct", List.of(FrameRelay.class, FrameRelay.Pooled.class));
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (runs != null) {
            runs.close();
        }
    }

    private static List<HeapScenarioTest.Result> results(Class<?> main) {
        return runs.of(main);
    }

    @Test
    void sessionsKeepingTheirDirectBuffersAreALeakOfNativeMemory() {
        long frame = 64 * 1024;
        for (HeapScenarioTest.Result r : results(FrameRelay.class)) {
            // each dump alone: the buffers that own memory, each once (the duplicates share it), and no leak verdict
            assertThat(r.before().directBuffers()).isEqualTo(250);
            assertThat(r.before().directBufferBytes()).isEqualTo(250 * frame);
            assertThat(r.after().directBuffers()).isEqualTo(500);
            assertThat(r.after().directBufferBytes()).isEqualTo(500 * frame);
            for (HeapReport report : List.of(r.before(), r.after())) {
                assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
            }
            // the two dumps: the map's heap grew by far less than a leak's least growth; its native memory is the leak
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).hasSize(1);
            Finding leak = r.leaks().get(0);
            assertThat(leak.subject()).isEqualTo(HeapScenarioTest.PKG + "FrameRelay.SESSIONS");
            assertThat(ScenarioRuns.number(leak, HeapGrowth.GROWTH_BYTES)).isPositive().isLessThan(GrowthRules.MIN_GROWTH_BYTES);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_BYTES_BEFORE)).isEqualTo(250 * frame);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_BYTES)).isEqualTo(500 * frame);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_GROWTH_BYTES)).isEqualTo(250 * frame);
            assertThat(leak.title()).contains("grew by 15.6 MiB of native memory in direct buffers");
            HolderGrowth row = r.diff().growth().grown().get(0);
            assertThat(row.nativeGrowthBytes()).isEqualTo(250 * frame);
            assertThat(row.elementsAfter()).isEqualTo(500);
        }
    }

    @Test
    void aFixedPoolOfDirectBuffersIsNoLeakAndItsMemoryIsCountedOnce() {
        long pool = 128 * 64 * 1024L;
        for (HeapScenarioTest.Result r : results(FrameRelay.Pooled.class)) {
            for (HeapReport report : List.of(r.before(), r.after())) {
                assertThat(report.directBuffers()).as(report.file()).isEqualTo(128);
                assertThat(report.directBufferBytes()).as(report.file()).isEqualTo(pool);
                assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
            }
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            // 704 bytes of heap, yet the holder of 8 MiB: listed among the stable holders for its native memory
            HolderGrowth free = r.diff().growth().stable().stream()
                    .filter(h -> h.holder().equals("static " + HeapScenarioTest.PKG + "FrameRelay$Pooled.FREE")).findFirst()
                    .orElseThrow(() -> new AssertionError("not stable: " + r.diff().growth().stable()));
            assertThat(free.nativeBytesBefore()).isEqualTo(pool);
            assertThat(free.nativeBytesAfter()).isEqualTo(pool);
        }
    }

    @Test
    void nativeBytesAreTypedKeysOfTheGrowthRowsAndAbsentWithoutDirectBuffers() throws Exception {
        HeapScenarioTest.Result r = results(FrameRelay.class).get(0);
        var json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(r.diff().growth().grown().get(0)));
        assertThat(json.get("native_bytes_before").asLong()).isEqualTo(250 * 64 * 1024L);
        assertThat(json.get("native_bytes_after").asLong()).isEqualTo(500 * 64 * 1024L);
        assertThat(json.get("native_growth_bytes").asLong()).isEqualTo(250 * 64 * 1024L);
        assertThat(Json.MAPPER.treeToValue(json, HolderGrowth.class)).isEqualTo(r.diff().growth().grown().get(0));
        HolderGrowth heapOnly = new HolderGrowth("static app.Cache.ALL", HolderKind.STATIC_FIELD, "", 1_000, 2_000, -1, -1, null, null,
                false, 0, 0);
        var plain = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(heapOnly));
        assertThat(plain.has("native_bytes_before") || plain.has("native_bytes_after") || plain.has("native_growth_bytes")).isFalse();
    }
}
