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

    /**
     * Field report 002's soak on a crowded machine: whole-heap floors 8.2 → 10.2 MB of 27, near-linear (r² 0.93), but
     * three early readings high and three middle ones low, so the first two thirds' medians differ by less than the
     * thirds rule's step (0.19 against 0.27 MB) while the last third climbs by 0.9. The medians of four points are noisy and the
     * fit over twelve is not: a steady fit whose last third still climbs is a leak. One step at two thirds of a flat
     * floor (r² ≈ 0.7) and a fill that reaches its level half-way are still not.
     */
    @Test
    void noisySteadyClimb_isALeak_butAStepOrAFillThatLevelsIsNot() {
        double[] t = new double[16];
        double[] climb = new double[16];
        double[] step = new double[16];
        double[] fill = new double[16];
        double[] noise = {0, 0.35, 0.35, 0.2, 0, -0.2, -0.2, -0.1, 0, 0, 0, 0};
        for (int i = 0; i < 16; i++) {
            t[i] = i * 2.5; // 0–37.5 s: the warm-up is the first quarter, the twelve points from 10 s on are fitted
            int j = Math.max(0, i - 4);
            climb[i] = (i < 4 ? 8.0 : 8.2 + 2.0 * j / 11 + noise[j]) * MB;
            step[i] = (i < 12 ? 8.2 : 10.2) * MB;
            fill[i] = (8.2 + 2.0 * Math.min(1, j / 5.5)) * MB;
        }
        HeapFloorTrend leak = HeapFloorTrend.assess(t, null, climb, null, 16, 27 * MB);
        assertThat(leak.leak()).as(leak.verdict()).isTrue();
        assertThat(leak.r2()).as(leak.verdict()).isGreaterThanOrEqualTo(HeapFloorTrend.STEADY_R2);
        HeapFloorTrend once = HeapFloorTrend.assess(t, null, step, null, 16, 27 * MB);
        assertThat(once.leak()).as(once.verdict()).isFalse();
        HeapFloorTrend levels = HeapFloorTrend.assess(t, null, fill, null, 16, 27 * MB);
        assertThat(levels.leak()).as(levels.verdict()).isFalse();
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

    /**
     * A table loaded in the first second to 92 % of the heap, then level: every collection still frees a few MB, so
     * each reading is the live set, and a level one is no leak however high. Once read as a leak because a floor at
     * 90 % of the heap counted as pressed against the ceiling.
     */
    @Test
    void levelFloorAtNinetyTwoPercent_whileCollectionsMakeRoom_isNoLeak() {
        HeapFloorTrend v = loadThenLevel(false);
        assertThat(v.judged()).as(v.verdict()).isTrue();
        assertThat(v.leak()).as(v.verdict()).isFalse();
    }

    /** The same floor where each collection after the climb freed next to nothing, from after the warm-up on: pinned. */
    @Test
    void sameFloorPinnedAtTheCeilingAfterTheWarmUp_isALeak() {
        HeapFloorTrend v = loadThenLevel(true);
        assertThat(v.leak()).as(v.verdict()).isTrue();
    }

    /**
     * 0-10 s in 0.1 s steps from the JVM's start, all whole-heap collections: a climb to 59 of 64 MB, then level. Not
     * pinned: the climb takes the first second and each collection frees 3 MB. Pinned: the climb takes four seconds
     * (past the warm-up's 2.5 s) and each collection after it frees 0.3 MB, a failed allocation's full GC.
     */
    private static HeapFloorTrend loadThenLevel(boolean pinned) {
        int n = 101;
        double[] t = times(n, 0.1);
        double[] before = new double[n];
        double[] after = new double[n];
        boolean[] whole = new boolean[n];
        boolean[] atCeiling = new boolean[n];
        double climbEnd = pinned ? 4 : 1;
        for (int i = 0; i < n; i++) {
            after[i] = (5 + 54 * Math.min(1, t[i] / climbEnd)) * MB + (i % 3) * 0.1 * MB;
            boolean full = t[i] > climbEnd;
            before[i] = after[i] + (pinned && full ? 0.3 * MB : 3 * MB);
            whole[i] = true;
            atCeiling[i] = pinned && full;
        }
        return HeapFloorTrend.assess(t, before, after, whole, atCeiling, n, 64 * MB, 0, Double.NaN);
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
