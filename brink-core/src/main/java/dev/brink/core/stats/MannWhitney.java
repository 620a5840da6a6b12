package dev.brink.core.stats;

import java.util.Arrays;

/**
 * The Mann-Whitney U test (Wilcoxon rank-sum), two-sided, on two samples of independent figures: JMH fork figures
 * ({@code brink bench compare}), a run's per-second or per-interval values ({@code brink compare}).
 *
 * <p>Why this test: it assumes nothing about the shape of the distribution, only that forks are independent. JMH
 * forks are not normal: a fork's JIT and heap layout can land it in a faster or slower mode (bimodal results are
 * common), and one disturbed fork on a shared machine is an outlier a t-test would let dominate. The rank test is
 * also what benchstat uses, so verdicts can be checked against it.
 *
 * <p>Exact p-value (the distribution of U by counting arrangements) when there are no ties and both samples are at
 * most {@value #EXACT_LIMIT}; otherwise the normal approximation with the tie correction of the variance and a
 * continuity correction.
 */
public final class MannWhitney {
    public static final int EXACT_LIMIT = 50;

    private MannWhitney() {
    }

    /**
     * U of {@code x}: the number of pairs (x_i, y_j) with x_i > y_j, ties counting one half. From the rank sum
     * (U = R_x - n(n+1)/2 with mid-ranks for ties), so a day of per-second values (86 400 a side) costs a sort, not
     * n·m comparisons.
     */
    public static double u(double[] x, double[] y) {
        int n = x.length;
        double[] all = pooledSorted(x, y);
        double rankSum = 0;
        for (double v : x) {
            rankSum += midRank(all, v);
        }
        return rankSum - n * (n + 1) / 2.0;
    }

    /** The mid-rank (1-based) of {@code v} among the sorted values: the mean of the ranks of the values equal to it. */
    private static double midRank(double[] sorted, double v) {
        int lo = lowerBound(sorted, v);
        int hi = lowerBound(sorted, Math.nextUp(v));
        return (lo + 1 + hi) / 2.0;
    }

    /** The first index whose value is at least {@code v}. */
    private static int lowerBound(double[] sorted, double v) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < v) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Two-sided p-value of the hypothesis that x and y come from the same distribution. */
    public static double pValue(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        if (n == 0 || m == 0) {
            return 1.0;
        }
        double u = u(x, y);
        if (!hasTies(x, y) && n <= EXACT_LIMIT && m <= EXACT_LIMIT) {
            return exact(u, n, m);
        }
        return approximate(x, y);
    }

    /** The normal approximation of the two-sided p, with the tie-corrected variance and a continuity correction. */
    public static double approximate(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        double u = u(x, y);
        double[] all = pooledSorted(x, y);
        double tieTerm = 0; // sum of (t^3 - t) over groups of equal values
        for (int i = 0; i < all.length; ) {
            int j = i;
            while (j < all.length && all[j] == all[i]) {
                j++;
            }
            double t = j - i;
            tieTerm += t * t * t - t;
            i = j;
        }
        double mean = n * (double) m / 2.0;
        double nm = n + m;
        double variance = n * (double) m / 12.0 * ((nm + 1) - tieTerm / (nm * (nm - 1)));
        if (variance <= 0) {
            return 1.0; // every value equal: no evidence of a difference
        }
        double z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
        return z <= 0 ? 1.0 : Math.min(1.0, 2 * upperNormalTail(z));
    }

    private static boolean hasTies(double[] x, double[] y) {
        double[] all = pooledSorted(x, y);
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                return true;
            }
        }
        return false;
    }

    private static double[] pooledSorted(double[] x, double[] y) {
        double[] all = new double[x.length + y.length];
        System.arraycopy(x, 0, all, 0, x.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        Arrays.sort(all);
        return all;
    }

    /** The exact two-sided p: twice the smaller tail of U's distribution under the null hypothesis. */
    private static double exact(double u, int n, int m) {
        double[] freq = distribution(n, m);
        double total = 0;
        for (double f : freq) {
            total += f;
        }
        int k = (int) Math.round(u);
        double lower = 0;
        double upper = 0;
        for (int i = 0; i < freq.length; i++) {
            if (i <= k) {
                lower += freq[i];
            }
            if (i >= k) {
                upper += freq[i];
            }
        }
        return Math.min(1.0, 2 * Math.min(lower, upper) / total);
    }

    /**
     * The number of arrangements of n x's and m y's giving each U = 0 … n·m, by the recurrence
     * f(n, m, u) = f(n-1, m, u-m) + f(n, m-1, u): the largest value is either an x (beating all m y's) or a y.
     * Counts in doubles: C(100, 50) ≈ 1e29 fits, with relative error far below what a p-value needs.
     */
    public static double[] distribution(int n, int m) {
        // row[j] is the distribution for i x's and j y's; only the row of i-1 is needed to build row i
        double[][] previous = null;
        for (int i = 0; i <= n; i++) {
            double[][] row = new double[m + 1][];
            for (int j = 0; j <= m; j++) {
                double[] f = new double[i * j + 1];
                if (i == 0 || j == 0) {
                    f[0] = 1;
                } else {
                    double[] a = previous[j];
                    double[] b = row[j - 1];
                    for (int v = 0; v < f.length; v++) {
                        double fa = v - j >= 0 && v - j < a.length ? a[v - j] : 0;
                        double fb = v < b.length ? b[v] : 0;
                        f[v] = fa + fb;
                    }
                }
                row[j] = f;
            }
            previous = row;
        }
        return previous[m];
    }

    /**
     * The smallest two-sided p-value n and m forks can ever give (all of one side above all of the other):
     * 2 / C(n+m, n). With 3 forks a side it is 0.1, so no 3-against-3 comparison can be significant at 5 %.
     */
    public static double minimumP(int n, int m) {
        if (n == 0 || m == 0) {
            return 1.0;
        }
        double c = 1;
        for (int i = 1; i <= Math.min(n, m); i++) {
            c = c * (n + m - Math.min(n, m) + i) / i;
        }
        return Math.min(1.0, 2 / c);
    }

    /** P(Z > z) for a standard normal Z (Abramowitz and Stegun 7.1.26 for erfc; error below 1.5e-7). */
    public static double upperNormalTail(double z) {
        double x = z / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
        return 0.5 * poly * Math.exp(-x * x);
    }
}
