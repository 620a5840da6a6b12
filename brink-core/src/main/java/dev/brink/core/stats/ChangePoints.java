package dev.brink.core.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points of a series by E-divisive means (Matteson and James, "A Nonparametric Approach for Multiple Change
 * Point Analysis of Multivariate Data", JASA 2014), the method MongoDB's signal processing and Apache Otava (Hunter)
 * run over performance-test history.
 *
 * <p><b>Statistic.</b> For a split of a segment into A = x[s, τ) and B = x[τ, e), the energy distance with exponent 1,
 * scaled by the sizes: Q(τ) = |A||B| / (|A|+|B|) × (2·mean|a−b| − mean|a−a'| − mean|b−b'|). It is large when the two
 * sides differ in location or spread, and needs no assumption on their distribution (a run's figure is often
 * skewed, with rare slow runs). Each scan of a segment costs O(n²) with running sums of the distance matrix.
 *
 * <p><b>Procedure.</b> Hierarchical: the best split over all current segments is tested by permutation — the values
 * of each segment are shuffled within it {@value #PERMUTATIONS} times and the best split recomputed; its p-value is
 * (1 + #{permuted ≥ observed}) / (1 + permutations). If p &lt; alpha the split is kept and the search goes on, else
 * it stops. Each side of a split keeps at least {@code minSize} points. The generator's seed is fixed, so a history
 * always shows the same change points.
 */
public final class ChangePoints {
    public static final int PERMUTATIONS = 499;
    private static final long SEED = 0x68697374L;

    /** A change point: the index where the new segment begins, and its permutation p-value. */
    public record Change(int index, double p) {
    }

    private ChangePoints() {
    }

    /** The change points of {@code x} (no NaN), in index order. */
    public static List<Change> eDivisive(double[] x, double alpha, int minSize) {
        SplittableRandom random = new SplittableRandom(SEED);
        List<int[]> segments = new ArrayList<>();
        segments.add(new int[] {0, x.length});
        List<Change> out = new ArrayList<>();
        while (true) {
            Best best = best(x, segments, minSize);
            if (best == null) {
                break;
            }
            int atLeast = 0;
            double[] shuffled = x.clone();
            for (int r = 0; r < PERMUTATIONS; r++) {
                for (int[] seg : segments) {
                    shuffle(shuffled, seg[0], seg[1], random);
                }
                Best permuted = best(shuffled, segments, minSize);
                if (permuted != null && permuted.q >= best.q) {
                    atLeast++;
                }
            }
            double p = (1.0 + atLeast) / (1.0 + PERMUTATIONS);
            if (!(p < alpha)) {
                break;
            }
            out.add(new Change(best.tau, p));
            int[] seg = segments.remove(best.segment);
            segments.add(new int[] {seg[0], best.tau});
            segments.add(new int[] {best.tau, seg[1]});
        }
        out.sort(Comparator.comparingInt(Change::index));
        return out;
    }

    private record Best(int segment, int tau, double q) {
    }

    /** The best split over all segments, or null when no segment can be split into two of minSize. */
    private static Best best(double[] x, List<int[]> segments, int minSize) {
        Best best = null;
        for (int s = 0; s < segments.size(); s++) {
            int[] seg = segments.get(s);
            double[] split = bestSplit(x, seg[0], seg[1], minSize);
            if (split != null && (best == null || split[1] > best.q)) {
                best = new Best(s, (int) split[0], split[1]);
            }
        }
        return best;
    }

    /** {τ, Q(τ)} maximising Q over x[from, to), or null when the segment is shorter than 2 × minSize. */
    static double[] bestSplit(double[] x, int from, int to, int minSize) {
        int n = to - from;
        if (n < 2 * minSize) {
            return null;
        }
        // rowSum[i]: Σ_j |x_i − x_j| over the segment; running sums move one point from the right side to the left
        double[] rowSum = new double[n];
        double total = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double d = Math.abs(x[from + i] - x[from + j]);
                rowSum[i] += d;
                rowSum[j] += d;
                total += d;
            }
        }
        double withinLeft = 0;   // Σ over pairs inside [0, t)
        double cross = 0;        // Σ over pairs with one side each
        double withinRight = total;
        double[] best = null;
        for (int t = 1; t < n; t++) {
            // point t-1 moves from the right to the left: its distances to the left become within-left, to the right cross
            int k = t - 1;
            double toLeft = 0;
            for (int i = 0; i < k; i++) {
                toLeft += Math.abs(x[from + i] - x[from + k]);
            }
            double toRight = rowSum[k] - toLeft;
            withinLeft += toLeft;
            cross += toRight - toLeft;
            withinRight -= toRight;
            int a = t;
            int b = n - t;
            if (a < minSize || b < minSize) {
                continue;
            }
            double meanCross = cross / ((double) a * b);
            double meanLeft = a > 1 ? withinLeft / (a * (a - 1) / 2.0) : 0;
            double meanRight = b > 1 ? withinRight / (b * (b - 1) / 2.0) : 0;
            double q = (double) a * b / n * (2 * meanCross - meanLeft - meanRight);
            if (best == null || q > best[1]) {
                best = new double[] {from + t, q};
            }
        }
        return best;
    }

    private static void shuffle(double[] x, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }
}
