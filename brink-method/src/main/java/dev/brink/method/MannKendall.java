package dev.brink.method;

/**
 * The Mann-Kendall test for a monotonic trend in a short series (here: a step's per-second p99s). It only
 * compares pairs of points (is the later one higher?), so one slow second, a GC pause of the target or of
 * Brink, moves it by at most the pairs that second is in, where a least-squares slope would follow the
 * outlier. Ties (HdrHistogram buckets make equal p99s common) are corrected for in the variance.
 *
 * <p>Neighbouring seconds are not independent (a queue that builds carries over), which makes the test
 * somewhat too eager; {@link DegradationRules} therefore asks for a one-sided 1 % level, not 5 %, and for a
 * rise that also matters against the SLO. Allocation: one copy of the series for the tie count.
 */
final class MannKendall {
    /** Below this many points the test has too little power to call anything a trend. */
    static final int MIN_POINTS = 8;

    private MannKendall() {
    }

    /**
     * The standardised statistic Z (continuity-corrected): above 2.33 a rise is significant at the one-sided
     * 1 % level, below −2.33 a fall. 0 for fewer than {@link #MIN_POINTS} points or a constant series.
     */
    static double z(double[] x, int n) {
        if (n < MIN_POINTS) {
            return 0;
        }
        long s = 0;
        for (int i = 0; i < n - 1; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Double.compare(x[j], x[i]) > 0 ? 1 : Double.compare(x[j], x[i]) < 0 ? -1 : 0;
            }
        }
        double var = n * (n - 1.0) * (2.0 * n + 5) / 18.0 - ties(x, n) / 18.0;
        if (var <= 0 || s == 0) {
            return 0;
        }
        return s > 0 ? (s - 1) / Math.sqrt(var) : (s + 1) / Math.sqrt(var);
    }

    /** Σ t(t−1)(2t+5) over groups of t equal values. */
    private static double ties(double[] x, int n) {
        double[] v = java.util.Arrays.copyOf(x, n);
        java.util.Arrays.sort(v);
        double sum = 0;
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && v[j + 1] == v[i]) {
                j++;
            }
            long t = j - i + 1;
            sum += t * (t - 1.0) * (2.0 * t + 5);
            i = j + 1;
        }
        return sum;
    }
}
