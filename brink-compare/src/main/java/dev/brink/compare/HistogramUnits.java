package dev.brink.compare;

import dev.brink.core.stats.Bootstrap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One step's latency on one side, unit by unit (a unit is one second of latency.hlog, or a block of consecutive
 * seconds in a long step): each unit's histogram kept sparse, as its non-empty buckets, so that a bootstrap can merge
 * any resample of units and read its percentiles without a full HdrHistogram per resample (a Brink histogram of
 * 1 µs … 10 min at 3 digits is some 160 KB of counts; a second at 1000 req/s fills a few hundred buckets).
 *
 * <p>Percentiles are read as HdrHistogram reads them: the highest value equivalent to the bucket in which the count
 * reaches ceil(q × total) (at least 1), so the whole step's figure equals {@code Histogram.getValueAtPercentile} of
 * the step's merged histogram. Values are microseconds; figures are milliseconds.
 *
 * <p>Built by one thread ({@link Builder}), then read-only.
 */
final class HistogramUnits {
    /** Every distinct bucket value (µs) of every unit, ascending: the merge's dense index. */
    private final long[] values;
    /** Per unit: indexes into {@link #values} of its non-empty buckets, and their counts. */
    private final int[][] index;
    private final long[][] counts;

    private HistogramUnits(long[] values, int[][] index, long[][] counts) {
        this.values = values;
        this.index = index;
        this.counts = counts;
    }

    int units() {
        return index.length;
    }

    /** Requests recorded in all units. */
    long total() {
        long t = 0;
        for (long[] c : counts) {
            for (long v : c) {
                t += v;
            }
        }
        return t;
    }

    /** The percentile figure (ms) of all units together. */
    double whole(double q) {
        long[] merged = new long[values.length];
        for (int u = 0; u < index.length; u++) {
            add(merged, u);
        }
        return percentiles(merged, new double[] {q})[0];
    }

    /** Each unit's own percentile (ms); units without a request are left out. */
    double[] perUnit(double q) {
        double[] out = new double[index.length];
        int n = 0;
        for (int u = 0; u < index.length; u++) {
            if (index[u].length == 0) {
                continue;
            }
            long[] merged = new long[values.length];
            add(merged, u);
            out[n++] = percentiles(merged, new double[] {q})[0];
        }
        return Arrays.copyOf(out, n);
    }

    /** The percentiles {@code qs} (ascending) of the merged units a resample picked, in ms. */
    Bootstrap.Statistics resampled(double[] qs) {
        long[] merged = new long[values.length];
        return picks -> {
            Arrays.fill(merged, 0);
            for (int u : picks) {
                add(merged, u);
            }
            return percentiles(merged, qs);
        };
    }

    /** The same data in units of {@code factor} consecutive units each (a longer step's blocks, to match the other side). */
    HistogramUnits coarsened(int factor) {
        if (factor == 1) {
            return this;
        }
        Builder b = new Builder((index.length + factor - 1) / factor);
        for (int u = 0; u < index.length; u++) {
            for (int i = 0; i < index[u].length; i++) {
                b.add(u / factor, values[index[u][i]], counts[u][i]);
            }
        }
        return b.build();
    }

    private void add(long[] merged, int unit) {
        int[] ix = index[unit];
        long[] c = counts[unit];
        for (int i = 0; i < ix.length; i++) {
            merged[ix[i]] += c[i];
        }
    }

    /** One pass over the merged counts for every percentile; NaN when nothing was recorded. */
    private double[] percentiles(long[] merged, double[] qs) {
        long total = 0;
        for (long c : merged) {
            total += c;
        }
        double[] out = new double[qs.length];
        if (total == 0) {
            Arrays.fill(out, Double.NaN);
            return out;
        }
        int q = 0;
        long cumulative = 0;
        for (int i = 0; i < merged.length && q < qs.length; i++) {
            cumulative += merged[i];
            while (q < qs.length && cumulative >= rank(qs[q], total)) {
                out[q++] = values[i] / 1000.0;
            }
        }
        return out;
    }

    /** The count at which percentile q is reached: ceil(q × total), at least 1 (HdrHistogram's rule). */
    private static long rank(double q, long total) {
        return Math.max(1, (long) Math.ceil(q * total - 1e-9 * total));
    }

    /** Collects the seconds of one step into units, then {@link #build()}s. */
    static final class Builder {
        private final List<Map<Long, long[]>> units = new ArrayList<>();

        Builder(int unitCount) {
            for (int i = 0; i < unitCount; i++) {
                units.add(new HashMap<>());
            }
        }

        /** Adds one interval's histogram to {@code unit}. */
        void add(int unit, Histogram h) {
            Map<Long, long[]> m = units.get(unit);
            for (HistogramIterationValue v : h.recordedValues()) {
                m.computeIfAbsent(h.highestEquivalentValue(v.getValueIteratedTo()), k -> new long[1])[0] +=
                        v.getCountAtValueIteratedTo();
            }
        }

        void add(int unit, long value, long count) {
            units.get(unit).computeIfAbsent(value, k -> new long[1])[0] += count;
        }

        HistogramUnits build() {
            long[] all = units.stream().flatMap(m -> m.keySet().stream()).mapToLong(Long::longValue).distinct().sorted().toArray();
            int[][] index = new int[units.size()][];
            long[][] counts = new long[units.size()][];
            for (int u = 0; u < units.size(); u++) {
                Map<Long, long[]> m = units.get(u);
                long[] keys = m.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
                index[u] = new int[keys.length];
                counts[u] = new long[keys.length];
                for (int i = 0; i < keys.length; i++) {
                    index[u][i] = Arrays.binarySearch(all, keys[i]);
                    counts[u][i] = m.get(keys[i])[0];
                }
            }
            return new HistogramUnits(all, index, counts);
        }
    }
}
