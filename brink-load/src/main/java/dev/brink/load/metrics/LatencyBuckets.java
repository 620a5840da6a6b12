package dev.brink.load.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A classic Prometheus histogram (fixed upper bounds, cumulative counts, a sum) filled from the engine's
 * HdrHistogram intervals, the same data latency.hlog records. Fixed bounds because Prometheus can only add
 * buckets that have the same bounds: every shard and every scrape must export the same {@code le} set, so
 * {@code sum by (le)} over shards followed by {@code histogram_quantile} is a quantile of the union, never an
 * average of per-shard percentiles.
 *
 * <p>Each recorded value goes to the first bucket whose bound is at or above the highest value HdrHistogram
 * treats as equal to it: a value is never counted below its true bucket (at 3 significant digits a value can
 * be counted one bucket late only within 0.1 % of a bound). Not thread-safe: the owner locks.
 */
final class LatencyBuckets {
    /** Upper bounds in seconds, 0.5 ms to 30 s: load-test latencies from a loopback echo to a timeout. */
    static final double[] BOUNDS_S = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30};
    private static final long[] BOUNDS_US = new long[BOUNDS_S.length];

    static {
        for (int i = 0; i < BOUNDS_S.length; i++) BOUNDS_US[i] = Math.round(BOUNDS_S[i] * 1e6);
    }

    /** Non-cumulative counts per bucket; the last slot is above the largest bound (+Inf only). */
    private final long[] counts = new long[BOUNDS_S.length + 1];
    private long count;
    private double sumSeconds;

    /** Adds one interval histogram (values in microseconds). */
    void add(Histogram micros) {
        for (HistogramIterationValue v : micros.recordedValues()) {
            long n = v.getCountAtValueIteratedTo();
            long top = micros.highestEquivalentValue(v.getValueIteratedTo());
            int i = 0;
            while (i < BOUNDS_US.length && top > BOUNDS_US[i]) i++;
            counts[i] += n;
            count += n;
            // the median of the value's equivalence range: the sum is then within HdrHistogram's precision
            sumSeconds += micros.medianEquivalentValue(v.getValueIteratedTo()) * (double) n / 1e6;
        }
    }

    /** Cumulative count at bucket {@code i} (0..BOUNDS_S.length, the last being +Inf). */
    long cumulative(int i) {
        long c = 0;
        for (int k = 0; k <= i; k++) c += counts[k];
        return c;
    }

    long count() {
        return count;
    }

    double sumSeconds() {
        return sumSeconds;
    }
}
