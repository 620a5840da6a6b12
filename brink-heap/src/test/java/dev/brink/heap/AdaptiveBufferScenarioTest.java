package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.HeapGrowth;
import dev.brink.core.FindingKind;
import dev.brink.heap.scenario.SpanCollector;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Netty 4.2's adaptive allocator (its default) on JDK 17 and JDK 25, the children run with Netty 4.2.18's
 * netty-buffer and netty-common alone (copied into target/netty-4.2 by the module's POM) and a heap above the
 * allocator's 512 MiB "low memory" line, as a service's: a collector whose in-flight batches (a 16 KiB direct frame
 * from {@code ByteBufAllocator.DEFAULT}, a 2 KiB heap header from an explicit {@code AdaptiveByteBufAllocator}) grow
 * from 300 to 900 between its dumps, every one released, leaves the allocators holding more chunks and must give no
 * memory-leak; its twin that archives every batch must be the archive's leak with the buffers' bytes; its twin that
 * drops batches without release() must be the allocators' leak, said to be buffers never released.
 *
 * <p>On JDK 25 Netty 4.2 allocates direct chunks as segments of shared arenas (no cleaner), on JDK 17 as
 * {@code ByteBuffer.allocateDirect} (a cleaner): the frames' native bytes must count on both.
 */
class AdaptiveBufferScenarioTest {
    /** SpanCollector's second round: 900 batches of a 16 KiB frame and a 2 KiB header. */
    private static final long FRAMES_KEPT = 900 * 16 * 1024L;
    private static final long HEADERS_KEPT = 900 * 2 * 1024L;
    private static ScenarioRuns runs;

    @BeforeAll
    static void runScenarios() throws Exception {
        Path netty42 = Path.of(System.getProperty("brink.netty42.dir"));
        String classpath = String.join(File.pathSeparator, netty42.resolve("netty-buffer-4.2.18.Final.jar").toString(),
                netty42.resolve("netty-common-4.2.18.Final.jar").toString(), System.getProperty("brink.test.classes"));
        runs = ScenarioRuns.run("brink-heap-adaptive", List.of(SpanCollector.class, SpanCollector.Archiving.class, SpanCollector.Dropping.class),
                (jdk, main, out) -> HeapScenarioTest.dumpTwiceOn(jdk, main, out, classpath, "-Xmx768m"));
    }

    @AfterAll
    static void cleanUp() throws IOException {
        if (runs != null) {
            runs.close();
        }
    }

    @Test
    void adaptiveChunksGrownToTheWorkingSetAreListedApartAndAreNoLeak() {
        for (HeapScenarioTest.Result r : runs.of(SpanCollector.class)) {
            noLeakInEitherDumpAlone(r);
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isEmpty();
            assertThat(r.diff().grew()).isFalse();
            long least = GrowthRules.minGrowth(r.after().reachableBytes());
            // the allocators did grow, by heap and direct chunks: the later load's working set, kept for reuse
            assertThat(r.after().directBufferBytes()).isGreaterThan(r.before().directBufferBytes());
            assertThat(r.diff().growth().filling()).as(r.diff().growth().toString()).anySatisfy(row -> assertThat(row.growthBytes()).isGreaterThanOrEqualTo(least));
            assertThat(r.diff().growth().filling()).anySatisfy(row -> {
                assertThat(row.nativeGrowthBytes()).isGreaterThanOrEqualTo(FRAMES_KEPT / 2);
                assertThat(row.structure()).startsWith("Netty adaptive allocator");
            });
        }
    }

    @Test
    void batchesKeptInAnArchiveAreTheArchivesLeakWithTheirBuffersBytes() {
        for (HeapScenarioTest.Result r : runs.of(SpanCollector.Archiving.class)) {
            noLeakInEitherDumpAlone(r);
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).hasSize(1);
            Finding leak = r.leaks().get(0);
            assertThat(leak.subject()).isEqualTo(HeapScenarioTest.PKG + "SpanCollector$Archiving.ARCHIVE");
            assertThat(leak.title()).doesNotContain("never released");
            // the headers' regions of the allocator's heap chunks, not a few dozen bytes a buffer
            assertThat(ScenarioRuns.number(leak, HeapGrowth.GROWTH_BYTES)).isGreaterThanOrEqualTo(HEADERS_KEPT);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.ELEMENTS_BEFORE)).isEqualTo(300);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.ELEMENTS_AFTER)).isEqualTo(1_200);
            assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_GROWTH_BYTES)).isGreaterThanOrEqualTo(FRAMES_KEPT);
        }
    }

    @Test
    void batchesDroppedWithoutReleaseAreTheAllocatorsLeakNamedAsSuch() {
        for (HeapScenarioTest.Result r : runs.of(SpanCollector.Dropping.class)) {
            noLeakInEitherDumpAlone(r);
            assertThat(r.leaks()).as(r.diff().growth().grown().toString()).isNotEmpty()
                    .allSatisfy(leak -> assertThat(leak.title()).contains("pooled buffers never released"))
                    .noneSatisfy(leak -> assertThat(leak.subject()).startsWith(HeapScenarioTest.PKG));
            assertThat(r.leaks()).anySatisfy(leak -> assertThat(ScenarioRuns.number(leak, HeapGrowth.GROWTH_BYTES)).isGreaterThanOrEqualTo(HEADERS_KEPT));
            // the frames' segments claimed in the chunks the executors' caches keep (some are in magazines' current chunks)
            assertThat(r.leaks()).anySatisfy(leak -> assertThat(ScenarioRuns.number(leak, HeapGrowth.NATIVE_GROWTH_BYTES))
                    .isGreaterThanOrEqualTo(FRAMES_KEPT * 3 / 4));
        }
    }

    private static void noLeakInEitherDumpAlone(HeapScenarioTest.Result r) {
        for (HeapReport report : List.of(r.before(), r.after())) {
            assertThat(report.findings()).as(report.file()).noneMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
        }
    }
}
