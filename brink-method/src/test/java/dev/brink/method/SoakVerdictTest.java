package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.gc.HeapFloorTrend;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The soak's leak verdict on synthetic heap-after-GC series: leaks are found, sawtooth heaps are not leaks. */
class SoakVerdictTest {
    private static final long MB = 1024 * 1024;
    private static final long HEAP = 64 * MB;

    /** Young collections every second whose floor rises 0.2 MB/s, and a mixed collection every 20 s that frees it all. */
    private static double[][] sawtooth(int seconds) {
        double[] t = new double[seconds];
        double[] after = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            t[i] = i;
            after[i] = 20 * MB + (i % 20) * 0.2 * MB;
        }
        return new double[][] {t, after};
    }

    /** Young collections every second over a live set that grows 0.2 MB/s for good. */
    private static double[][] leaking(int seconds) {
        double[] t = new double[seconds];
        double[] after = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            t[i] = i;
            after[i] = 20 * MB + i * 0.2 * MB + (i % 3) * 0.3 * MB;
        }
        return new double[][] {t, after};
    }

    private static HeapFloorTrend noWholeHeapCollections() {
        double[] t = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] a = new double[8];
        return HeapFloorTrend.assess(t, a, new boolean[8], 8, HEAP);
    }

    @Test
    void aLiveSetThatGrewWithTheYoungFloorIsALeak() {
        double[][] s = leaking(120);
        HeapFloorTrend all = HeapFloorTrend.assess(s[0], s[1], HEAP);
        SoakVerdict v = SoakVerdict.judge(noWholeHeapCollections(), all, OptionalLong.of(22 * MB), HEAP);
        assertThat(v.verdict()).isEqualTo(SoakVerdictKind.LEAK);
        assertThat(v.reason()).contains("the live set after full GC grew 22.0 MB");
        assertThat(v.slopeBytesPerSec()).isCloseTo(0.2 * MB, org.assertj.core.data.Percentage.withPercentage(15));
        assertThat(v.r2()).isGreaterThanOrEqualTo(SoakVerdict.MIN_R2);
    }

    @Test
    void aRisingYoungFloorWithoutLiveGrowthIsOldGarbageNotALeak() {
        double[][] s = leaking(120);
        HeapFloorTrend all = HeapFloorTrend.assess(s[0], s[1], HEAP);
        SoakVerdict v = SoakVerdict.judge(noWholeHeapCollections(), all, OptionalLong.of(MB / 2), HEAP);
        assertThat(v.verdict()).isEqualTo(SoakVerdictKind.STABLE);
        assertThat(v.reason()).contains("old garbage waiting for collection");
    }

    @Test
    void aSawtoothHeapIsStable() {
        double[][] s = sawtooth(600);
        HeapFloorTrend all = HeapFloorTrend.assess(s[0], s[1], HEAP);
        SoakVerdict v = SoakVerdict.judge(noWholeHeapCollections(), all, OptionalLong.of(0), HEAP);
        assertThat(v.verdict()).isEqualTo(SoakVerdictKind.STABLE);
        SoakVerdict noHistograms = SoakVerdict.judge(noWholeHeapCollections(), all, OptionalLong.empty(), HEAP);
        assertThat(noHistograms.verdict()).isEqualTo(SoakVerdictKind.STABLE);
    }

    @Test
    void risingWholeHeapFloorsAreALeakWhateverTheYoungOnesSay() {
        double[] t = {0, 10, 20, 30, 40, 50, 60, 70, 80};
        double[] a = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            a[i] = 13 * MB + i * 2.2 * MB;
        }
        HeapFloorTrend whole = HeapFloorTrend.assess(t, a, HEAP);
        double[][] saw = sawtooth(80);
        SoakVerdict v = SoakVerdict.judge(whole, HeapFloorTrend.assess(saw[0], saw[1], HEAP), OptionalLong.empty(), HEAP);
        assertThat(v.verdict()).isEqualTo(SoakVerdictKind.LEAK);
        assertThat(v.fit()).isSameAs(whole);
        assertThat(v.reason()).startsWith("rising");
    }

    @Test
    void tooFewCollectionsIsUnknownNotStable() {
        double[] t = {0, 1, 2};
        double[] a = {10 * MB, 11 * MB, 12 * MB};
        HeapFloorTrend few = HeapFloorTrend.assess(t, a, HEAP);
        SoakVerdict v = SoakVerdict.judge(few, few, OptionalLong.empty(), HEAP);
        assertThat(v.verdict()).isEqualTo(SoakVerdictKind.UNKNOWN);
        assertThat(v.reason()).contains("too few collections");
    }
}
