package dev.brink.gc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The leak verdict on synthetic series whose shape is the point of each test. */
class HeapFloorTrendTest {
    static final long MB = 1 << 20;

    static double[] times(int n, double step) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * step;
        }
        return t;
    }

    @Test
    void steadyRise_isALeak() {
        int n = 60;
        double[] t = times(n, 10);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = 100 * MB + i * 2 * MB + (i % 3) * MB; // +2 MB per 10 s with sawtooth noise
        }
        HeapFloorTrend v = HeapFloorTrend.assess(t, b, 1024 * MB);
        assertThat(v.leak()).as(v.verdict()).isTrue();
        assertThat(v.slopeBytesPerSec()).isBetween(0.15 * MB, 0.25 * MB);
    }

    /** A floor that falls steeply to a few MB: the fitted line's end would be below zero, a heap no JVM has. */
    @Test
    void steepFall_fittedFloorNeverBelowZero() {
        int n = 20;
        double[] t = times(n, 1);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = Math.max(MB, (60 - i * 6) * MB);
        }
        HeapFloorTrend v = HeapFloorTrend.assess(t, b, 128 * MB);
        assertThat(v.leak()).as(v.verdict()).isFalse();
        assertThat(v.floorEnd()).as(v.verdict()).isGreaterThanOrEqualTo(0);
        assertThat(v.verdict()).doesNotContain("-0.");
    }

    @Test
    void fillsThenPlateaus_isNotALeak() {
        int n = 60;
        double[] t = times(n, 10);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = (100 + Math.min(i, 25) * 8) * MB + (i % 4) * MB; // rises for 250 s of 600, then flat
        }
        HeapFloorTrend v = HeapFloorTrend.assess(t, b, 1024 * MB);
        assertThat(v.leak()).as(v.verdict()).isFalse();
    }

    @Test
    void flat_isNotALeak_andTooFewPointsGiveNoVerdict() {
        double[] t = times(30, 1);
        double[] b = new double[30];
        java.util.Arrays.fill(b, 50 * MB);
        assertThat(HeapFloorTrend.assess(t, b, 100 * MB).leak()).isFalse();
        assertThat(HeapFloorTrend.assess(times(4, 1), new double[] {1, 2, 3, 4}, 100).verdict()).startsWith("no verdict");
    }

    @Test
    void youngOnlyRise_withoutWholeHeapCollections_isNoVerdict() {
        int n = 40;
        double[] t = times(n, 1);
        double[] b = new double[n];
        boolean[] whole = new boolean[n];
        for (int i = 0; i < n; i++) {
            b[i] = (10 + i) * MB; // old garbage piling up between full GCs looks exactly like this
        }
        HeapFloorTrend v = HeapFloorTrend.assess(t, b, whole, n, 64 * MB);
        assertThat(v.leak()).isFalse();
        assertThat(v.verdict()).startsWith("no verdict");
    }

    @Test
    void finalCollapse_isIgnored() {
        int n = 30;
        double[] t = times(n, 1);
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = (10 + i * 1.5) * MB;
        }
        b[n - 1] = 2 * MB; // the program released its map after an OutOfMemoryError
        HeapFloorTrend v = HeapFloorTrend.assess(t, b, 64 * MB);
        assertThat(v.leak()).as(v.verdict()).isTrue();
        assertThat(v.verdict()).contains("ignored the last 1 collection");
    }
}
