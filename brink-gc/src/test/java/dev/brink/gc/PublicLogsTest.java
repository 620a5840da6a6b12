package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The public logs in src/test/resources/gc-logs (origin and licence in NOTICE there), with the facts their
 * README lists. Counting rule, where it differs from GCViewer's: Brink counts one event per collection, per
 * concurrent phase that reports a duration (its "-start" line is not an event) and per allocation or
 * relocation stall; it does not count safepoint lines ("Total time for which application threads were
 * stopped", VM operations) or G1 JDK 8 "concurrent-*-start" markers, which GCViewer does count.
 */
class PublicLogsTest {
    static Path log(String name) throws Exception {
        return Path.of(PublicLogsTest.class.getResource("/gc-logs/" + name).toURI());
    }

    static GcReport analyze(String name) throws Exception {
        return GcLogAnalyzer.analyze(List.of(log(name)));
    }

    static long count(GcReport r, GcKind kind) {
        return r.events().stream().filter(e -> e.kind() == kind).count();
    }

    static List<FindingKind> kinds(GcReport r) {
        return r.findings().stream().map(Finding::kind).toList();
    }

    @Test
    void generatedHealthyG1_noLeakNoFullGc() throws Exception {
        GcReport r = analyze("jdk17_g1_healthy.log");
        assertThat(r.settings().collector()).isEqualTo("G1");
        assertThat(r.settings().maxHeap()).isEqualTo(64L << 20);
        assertThat(r.settings().cpus()).isEqualTo(2);
        assertThat(r.pauses().fullGcs()).isZero();
        assertThat(r.trend().leak()).as(r.trend().verdict()).isFalse();
        assertThat(kinds(r)).doesNotContain(FindingKind.MEMORY_LEAK);
        assertThat(r.unknownLines()).isZero();
    }

    @Test
    void generatedSerialLeak_leakAndFullGcStormWith22FullGcs() throws Exception {
        GcReport r = analyze("jdk17_serial_leak.log");
        assertThat(r.settings().collector()).isEqualTo("Serial");
        assertThat(r.pauses().fullGcs()).isEqualTo(22);
        assertThat(r.trend().leak()).as(r.trend().verdict()).isTrue();
        // the last Full GC (after the OOM, the program cleared its map) is no recovery
        assertThat(r.trend().verdict()).contains("ignored the last 1 collection");
        assertThat(kinds(r)).contains(FindingKind.MEMORY_LEAK);
        assertThat(r.findings()).anySatisfy(f -> assertThat(f.title()).startsWith("Full-GC storm: 22 full GCs"));
        GcEvent first = r.events().get(0);
        assertThat(first.kind()).isEqualTo(GcKind.YOUNG);
        assertThat(first.heapBefore()).isEqualTo(17L << 20);
        assertThat(first.generation("DefNew").committedAfter()).isEqualTo(19648L << 10);
        assertThat(first.generation("Tenured").after()).isEqualTo(2017L << 10);
        assertThat(first.metaspaceAfter()).isEqualTo(139L << 10);
        assertThat(first.epochMs()).isPositive();
    }

    @Test
    void jdk8G1ConcurrentCycle_heapAfterCycle31949K() throws Exception {
        GcReport r = analyze("SampleSun1_8_0G1_ConcurrentCycle.txt");
        assertThat(r.format()).isEqualTo("jdk8");
        assertThat(count(r, GcKind.REMARK)).isEqualTo(1);
        assertThat(count(r, GcKind.CLEANUP)).isEqualTo(1);
        GcEvent last = r.events().get(r.events().size() - 1);
        assertThat(last.kind()).isEqualTo(GcKind.YOUNG);
        assertThat(Math.round(last.heapAfter() / 1024.0)).isEqualTo(31949);
        // GCViewer's 10 events include the three "concurrent-*-start" markers; Brink has 7
        assertThat(r.events()).hasSize(7);
    }

    @Test
    void jdk8G1HumongousMixed_oneHumongousPause() throws Exception {
        GcReport r = analyze("SampleSun1_8_0G1HumongousMixed.txt");
        List<GcEvent> pauses = r.events().stream().filter(e -> e.kind().isPause()).toList();
        assertThat(pauses).hasSize(1);
        assertThat(pauses.get(0).flags()).contains(GcFlag.HUMONGOUS);
        assertThat(pauses.get(0).durationMs()).isCloseTo(47.0136, within(1e-6));
        assertThat(r.findings()).anySatisfy(f -> assertThat(f.title()).startsWith("Humongous allocations"));
    }

    @Test
    void jdk8G1PrintGcId_firstYoungPause() throws Exception {
        GcReport r = analyze("SampleSun1_8_0G1PrintGCID.txt");
        GcEvent first = r.events().get(0);
        assertThat(first.gcId()).isZero();
        assertThat(first.durationMs()).isCloseTo(8.757, within(0.001));
        assertThat(first.heapBefore()).isEqualTo(7168L << 10);
        assertThat(r.settings().collector()).isEqualTo("G1");
        assertThat(r.settings().maxHeap()).isEqualTo(536870912L);
        assertThat(r.timeAxis()).isEqualTo("uptime");
        assertThat(r.unknownLines()).isZero();
    }

    @Test
    void jdk8CmsHeapDump_fullGcConcurrentModeFailure218s() throws Exception {
        GcReport r = analyze("SampleSun1_8_0CMS_HeadDumpBeforeFullGc.txt");
        assertThat(r.events()).hasSize(2);
        GcEvent full = r.events().stream().filter(e -> e.kind() == GcKind.FULL).findFirst().orElseThrow();
        assertThat(full.cause()).isEqualTo("GCLocker Initiated GC");
        assertThat(full.flags()).contains(GcFlag.CONCURRENT_MODE_FAILURE);
        assertThat(full.durationMs()).isCloseTo(218692.881, within(0.001));
        assertThat(full.heapBefore()).isEqualTo(16083687L << 10);
        assertThat(full.heapAfter()).isEqualTo(1828689L << 10);
        assertThat(kinds(r)).contains(FindingKind.LONG_PAUSE);
    }

    @Test
    void jdk7CmsPromotionFailure_130sPause() throws Exception {
        GcReport r = analyze("SampleSun1_7_0CMS_PrintTenuringDistributionPromotionFailure.txt");
        // GCViewer's 7 include 5 safepoint lines; Brink: the collection and the concurrent sweep inside it
        assertThat(r.events()).hasSize(2);
        GcEvent gc = r.events().stream().filter(e -> e.kind().isPause()).findFirst().orElseThrow();
        assertThat(gc.durationMs()).isCloseTo(129946.822, within(0.001));
        assertThat(gc.kind()).isEqualTo(GcKind.FULL);
        assertThat(gc.flags()).contains(GcFlag.PROMOTION_FAILED, GcFlag.CONCURRENT_MODE_FAILURE);
        assertThat(r.unknownLines()).isZero();
    }

    @Test
    void jdk8Parallel_fiveEvents() throws Exception {
        GcReport r = analyze("SampleSun1_8_0ParallelPrintGCID.txt");
        assertThat(r.events()).hasSize(5);
        assertThat(r.settings().collector()).isEqualTo("Parallel");
        GcEvent full = r.events().get(2);
        assertThat(full.kind()).isEqualTo(GcKind.FULL);
        assertThat(full.generation("ParOldGen").after()).isEqualTo(98112L << 10);
        assertThat(full.metaspaceAfter()).isEqualTo(16471L << 10);
    }

    @Test
    void jdk8Shenandoah_detected() throws Exception {
        GcReport r = analyze("SampleOpenJdk1_8_0-332.txt");
        assertThat(r.settings().collector()).isEqualTo("Shenandoah");
        assertThat(r.events()).isNotEmpty();
        // its exit statistics table is not understood: counted and sampled with line numbers, not fatal
        assertThat(r.unknownSamples()).first().asString().startsWith("SampleOpenJdk1_8_0-332.txt:");
    }

    @Test
    void ujlG1_13PausesNoFull() throws Exception {
        GcReport r = analyze("sample-ujl-g1-gc-all,safepoint,os+cpu.txt");
        assertThat(r.pauses().count()).isEqualTo(13); // GCViewer's 29 add 14 safepoint VM operations
        assertThat(r.pauses().fullGcs()).isZero();
    }

    @Test
    void ujlG1ToSpaceExhausted() throws Exception {
        GcReport r = analyze("sample-ujl-g1-gc-all,safepoint,os+cpu-to-space-exhausted.txt");
        assertThat(r.events()).anySatisfy(e -> assertThat(e.flags()).contains(GcFlag.TO_SPACE_EXHAUSTED));
        assertThat(r.findings()).anySatisfy(f -> assertThat(f.title()).contains("to-space exhausted"));
    }

    @Test
    void ujlG1Jdk17_concurrentCycleOf77ms() throws Exception {
        GcReport r = analyze("sample-ujl-jdk17-full-concurrent-cycle-g1-gc-all-safepont,os-cpu.txt");
        List<GcEvent> cycles = r.events().stream().filter(e -> e.name().startsWith("Concurrent Mark Cycle")
                || e.name().equals("Concurrent Cycle")).toList();
        assertThat(cycles).hasSize(1);
        assertThat(cycles.get(0).durationMs()).isCloseTo(77.7, within(0.05));
    }

    @Test
    void ujlParallel_4Young4Full() throws Exception {
        GcReport r = analyze("sample-ujl-parallel-gc-all,safepoint,os+cpu.txt");
        assertThat(count(r, GcKind.YOUNG)).isEqualTo(4);
        assertThat(count(r, GcKind.FULL)).isEqualTo(4);
    }

    @Test
    void ujlSerial_3Young1FullFirst25to23M() throws Exception {
        GcReport r = analyze("sample-ujl-serial-gc-all,safepoint,os+cpu.txt");
        assertThat(count(r, GcKind.YOUNG)).isEqualTo(3);
        assertThat(count(r, GcKind.FULL)).isEqualTo(1);
        assertThat(r.events().get(0).heapBefore()).isEqualTo(25L << 20);
        assertThat(r.events().get(0).heapAfter()).isEqualTo(23L << 20);
    }

    @Test
    void ujlCms_fullAndFourConcurrentPhaseTypes() throws Exception {
        GcReport r = analyze("sample-ujl-cms-gc-all,safepoint,os+cpu.txt");
        assertThat(r.settings().collector()).isEqualTo("CMS");
        assertThat(r.events().stream().filter(e -> e.kind() == GcKind.FULL).map(GcEvent::name).distinct()).hasSize(1);
        assertThat(r.events().stream().filter(e -> e.kind() == GcKind.CONCURRENT).map(GcEvent::name)
                .collect(Collectors.toSet())).hasSize(4);
    }

    @Test
    void ujlZgc_noFullCapacityAndStalls() throws Exception {
        GcReport r = analyze("sample-ujl-zgc-gc-other.txt");
        assertThat(r.pauses().fullGcs()).isZero();
        // GCViewer's "max heap 3884 MB" is the committed capacity at mark start; the log's Max Capacity is 3954M
        assertThat(r.events()).anySatisfy(e -> assertThat(e.heapCommitted()).isEqualTo(3884L << 20));
        assertThat(r.settings().maxHeap()).isEqualTo(3954L << 20);
        // 3 pauses + 7 allocation stalls + 7 relocation stalls + 7 concurrent phases (GCViewer: 21)
        assertThat(count(r, GcKind.ALLOCATION_STALL)).isEqualTo(14);
        assertThat(r.findings()).anySatisfy(f -> assertThat(f.title()).contains("allocation stalls"));
        // "Allocation Stall (Group1.Backend.CompositeBackend{Tier1}.1)": the thread that waited, not a cause
        assertThat(r.events()).filteredOn(e -> e.kind() == GcKind.ALLOCATION_STALL).allSatisfy(e -> assertThat(e.cause()).isEmpty());
    }

    @Test
    void ujlShenandoahJdk17_17EventsNoFull() throws Exception {
        GcReport r = analyze("Sample-ujl-shenandoah-jdk17.txt");
        assertThat(r.events()).hasSize(17);
        assertThat(r.pauses().fullGcs()).isZero();
    }

    @Test
    void ujlShenandoahDegenerated() throws Exception {
        GcReport r = analyze("Sample-ujl-shenandoah-jdk11-PauseDegeneratedGc.txt");
        GcEvent d = r.events().stream().filter(e -> e.kind() == GcKind.DEGENERATED).findFirst().orElseThrow();
        assertThat(d.name()).isEqualTo("Pause Degenerated GC (Outside of Cycle)");
        assertThat(d.heapBefore()).isEqualTo(119L << 20);
        assertThat(d.heapAfter()).isEqualTo(56L << 20);
        assertThat(d.heapCommitted()).isEqualTo(124L << 20);
        assertThat(d.flags()).contains(GcFlag.CANCELLED_CYCLE);
    }

    @Test
    void shenandoahAllocationFailure_fullGc14s() throws Exception {
        GcReport r = analyze("SampleShenandoahAllocationFailure.txt");
        GcEvent full = r.events().stream().filter(e -> e.kind() == GcKind.FULL).findFirst().orElseThrow();
        assertThat(full.durationMs()).isCloseTo(14290, within(10.0));
        assertThat(full.flags()).contains(GcFlag.CANCELLED_CYCLE);
        assertThat(kinds(r)).contains(FindingKind.LONG_PAUSE);
    }

    @Test
    void ibmJ9_reportedUnsupportedInOneLine() throws Exception {
        assertThatThrownBy(() -> analyze("SampleIBMJ9_R28_af_global.txt"))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageContaining("IBM J9").hasMessageContaining("not supported")
                .hasMessageNotContaining("\n");
    }
}
