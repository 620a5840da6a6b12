package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingKind;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.heap.scenario.StreamMux;
import dev.brink.heap.scenario.TopicBroker;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Netty's pooled direct buffers on JDK 17 and JDK 25 (their chunks ByteBuffer.allocateDirect with a cleaner): a
 * broker whose in-flight frames grow from 300 to 900 between its dumps, every one released, leaves its pool holding
 * more chunks and must give no memory-leak; its twin that keeps every frame in a replay log must be the log's leak,
 * not the pool's; its twin that drops frames without release() must be the pool's, saying so. The same pool rule
 * on gRPC's shaded copy of Netty, with page-run windows instead of subpage frames: a stream multiplexer and its twin
 * that drops reset streams' windows.
 */
class PooledBufferScenarioTest {
    /** TopicBroker's frames are 16 KiB; the second round keeps 900 in flight. */
    private static final long SECOND_ROUND_FRAMES_BYTES = 900 * 16 * 1024L;
    /** StreamMux's windows are 32 KiB; the second round opens 800 streams. */
    private static final long SECOND_ROUND_WINDOWS_BYTES = 800 * 32 * 1024L;
    private static final String BROKER_POOL = "static " + HeapScenarioTest.PKG + "TopicBroker.FRAMES";
    private static final String MUX_POOL = "static " + HeapScenarioTest.PKG + "StreamMux.WINDOWS";
    private static ScenarioRuns runs;

    @BeforeAll
    static void runScenarios() throws Exception {
        runs = ScenarioRuns.run("brink-heap-pooled", List.of(TopicBroker.class, TopicBroker.Hoarding.class, TopicBroker.Dropping.class,
                StreamMux.class, StreamMux.Resetting.class));
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (runs != null) {
            runs.close();
        }
    }

    @Test
    void aPoolGrownToItsWorkingSetIsListedApartAndIsNoLeak() {
        poolGrewWithoutLeak(TopicBroker.class, BROKER_POOL);
    }

    @Test
    void aShadedPoolGrownToItsWorkingSetIsListedApartAndIsNoLeak() {
        poolGrewWithoutLeak(StreamMux.class, MUX_POOL);
    }

    @Test
    void framesKeptInAnApplicationLogAreThatLogsLeakNotThePools() {
        for (HeapScenarioTest.Result r : runs.of(TopicBroker.Hoarding.class)) {
            Finding leak = onlyLeakOfTheDiff(r);
            assertThat(leak.subject()).isEqualTo(HeapScenarioTest.PKG + "TopicBroker$Hoarding.REPLAY_LOG");
            // the log's heap grew by a few hundred bytes a frame; the regions of the pool's chunks its frames hold are the leak
            assertThat(ScenarioRuns.number(leak, HeapGrowth.GROWTH_BYTES)).isLessThan(GrowthRules.MIN_GROWTH_BYTES);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_GROWTH_BYTES)).isGreaterThanOrEqualTo(SECOND_ROUND_FRAMES_BYTES);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(300);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(1_200);
            assertThat(leak.title()).doesNotContain("never released");
        }
    }

    @Test
    void framesDroppedWithoutReleaseAreThePoolsLeakNamedAsSuch() {
        unreleasedLeakOfThePool(TopicBroker.Dropping.class, BROKER_POOL, SECOND_ROUND_FRAMES_BYTES);
    }

    @Test
    void windowsOfResetStreamsDroppedWithoutReleaseAreTheShadedPoolsLeak() {
        unreleasedLeakOfThePool(StreamMux.Resetting.class, MUX_POOL, SECOND_ROUND_WINDOWS_BYTES);
    }

    /** The program's pool grew by chunks of direct memory between its dumps, is listed as filling, and nothing leaked. */
    private static void poolGrewWithoutLeak(Class<?> main, String pool) {
        for (HeapScenarioTest.Result r : runs.of(main)) {
            noLeakInEitherDumpAlone(r);
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            // the pool did grow, by chunks of direct memory: the later load's working set, kept for reuse
            assertThat(r.after().directBufferBytes()).isGreaterThan(r.before().directBufferBytes());
            HolderGrowth row = r.diff().growth().filling().stream().filter(h -> h.holder().equals(pool)).findFirst()
                    .orElseThrow(() -> new AssertionError("not filling: " + r.diff().growth().filling()));
            assertThat(row.nativeGrowthBytes()).isGreaterThanOrEqualTo(GrowthRules.minGrowth(r.after().reachableBytes()));
            assertThat(row.structure()).startsWith("Netty pooled buffer arenas");
        }
    }

    /** The program's one leak is its pool, said to hold buffers never released, grown by at least {@code dropped}. */
    private static void unreleasedLeakOfThePool(Class<?> main, String pool, long dropped) {
        for (HeapScenarioTest.Result r : runs.of(main)) {
            Finding leak = onlyLeakOfTheDiff(r);
            assertThat(leak.subject()).isEqualTo(pool.substring("static ".length()));
            assertThat(leak.title()).contains("pooled buffers never released");
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_GROWTH_BYTES)).isGreaterThanOrEqualTo(dropped);
        }
    }

    /** The one memory-leak finding of the two dumps compared; neither dump alone has one. */
    private static Finding onlyLeakOfTheDiff(HeapScenarioTest.Result r) {
        noLeakInEitherDumpAlone(r);
        assertThat(r.leaks()).as(r.diff().growth().grown().toString()).hasSize(1);
        return r.leaks().get(0);
    }

    private static void noLeakInEitherDumpAlone(HeapScenarioTest.Result r) {
        for (HeapReport report : List.of(r.before(), r.after())) {
            assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
        }
    }
}
