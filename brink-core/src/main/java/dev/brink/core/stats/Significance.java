package dev.brink.core.stats;

import java.util.Locale;

/**
 * The one decision both comparisons take, {@code brink bench compare} on fork figures and {@code brink compare} on a
 * run's per-second values: from a rank test's p-value and a bootstrap interval of the ratio NEW/BASE, a {@link Verdict};
 * and, from the verdict and the point estimate, whether a CI gate fails.
 *
 * <p>Rules (DESIGN.md "Micro-benchmark comparison" and "Comparing runs"):
 * <ul>
 *   <li>When the rank test cannot reach alpha whatever the data (2 / C(n+m, n) &gt; alpha: fewer than 4 units a side at
 *       5 %), INCONCLUSIVE with the units to add: a "no change" there would only reflect too little data.</li>
 *   <li>p ≥ alpha: NO_CHANGE, as in benchstat.</li>
 *   <li>p &lt; alpha but the interval of the ratio still includes 1 (a bootstrap on few units and a rank test
 *       disagree): INCONCLUSIVE.</li>
 *   <li>Otherwise BETTER or WORSE by the metric's direction.</li>
 * </ul>
 *
 * <p>The gate ({@link #gateFails}) fails on WORSE beyond the threshold, and also on INCONCLUSIVE whose point estimate
 * is worse beyond the threshold: three forks a side of a benchmark three times slower cannot be significant at 5 %, and
 * a gate that passed it would pass every large regression measured too briefly. {@code allowInconclusive} turns that
 * second case off for a team that accepts the risk.
 *
 * @param verdict    the conclusion
 * @param moreUnits  for INCONCLUSIVE: how many units (forks, seconds) each side needs; 0 otherwise
 * @param note       why, in a few words, for people
 */
public record Significance(Verdict verdict, int moreUnits, String note) {

    /**
     * @param baseUnits      independent units of BASE (forks, seconds)
     * @param newUnits       of NEW
     * @param p              two-sided rank-test p-value of the units' figures
     * @param ratioLow       lower end of the bootstrap interval of NEW/BASE
     * @param ratioHigh      upper end
     * @param ratio          the point estimate NEW/BASE
     * @param higherIsBetter the metric's direction
     * @param unit           the unit's name in the singular ("fork", "second"), for the note
     */
    public static Significance decide(int baseUnits, int newUnits, double p, double ratioLow, double ratioHigh, double ratio,
                                      boolean higherIsBetter, double alpha, String unit) {
        return decide(baseUnits, newUnits, p, ratioLow, ratioHigh, ratio, higherIsBetter, alpha, 1, unit);
    }

    /**
     * As above, for one of {@code family} tests decided together, {@code p} adjusted for them (Holm: {@link
     * #holm}). No adjusted p can fall below family × the smallest raw p, so significance is out of reach when that
     * exceeds alpha: the verdict is then inconclusive with the units it would take.
     */
    public static Significance decide(int baseUnits, int newUnits, double p, double ratioLow, double ratioHigh, double ratio,
                                      boolean higherIsBetter, double alpha, int family, String unit) {
        if (MannWhitney.minimumP(baseUnits, newUnits) * family > alpha) {
            return new Significance(Verdict.INCONCLUSIVE, unitsToReach(baseUnits, newUnits, alpha / family),
                    baseUnits + " vs " + newUnits + " " + plural(unit, newUnits) + ": too few for the rank test to reach p < "
                            + alpha + " whatever the data");
        }
        if (!(p < alpha)) {
            return new Significance(Verdict.NO_CHANGE, 0, "p = " + formatP(p) + " >= " + alpha);
        }
        if (ratioLow <= 1 && ratioHigh >= 1) {
            return new Significance(Verdict.INCONCLUSIVE, Math.max(baseUnits, newUnits),
                    "the rank test finds a difference but the interval of the ratio includes 1");
        }
        boolean up = ratio > 1;
        return new Significance(up == higherIsBetter ? Verdict.BETTER : Verdict.WORSE, 0, "p = " + formatP(p) + " < " + alpha);
    }

    /**
     * Holm's step-down adjustment of a family of p-values: the i-th smallest is multiplied by (m - i + 1), and each
     * adjusted value is at least the one before it. Deciding each test on its adjusted p at alpha keeps the chance of any
     * false difference among the m at most alpha (Holm 1979), whatever the tests' dependence. A comparison of two runs
     * tests tens of metrics: unadjusted, two runs of the same code would show some "significant" change nearly always.
     */
    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b]));
        double[] out = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            out[i] = running;
        }
        return out;
    }

    /** How much worse NEW is than BASE as a share (0.2 = 20 % worse); negative when it is better. */
    public static double worseBy(double ratio, boolean higherIsBetter) {
        return higherIsBetter ? 1 - ratio : ratio - 1;
    }

    /**
     * Whether a CI gate on regressions fails: WORSE by more than {@code threshold} (on the point estimate), or
     * INCONCLUSIVE with a point estimate worse by more than {@code threshold} unless {@code allowInconclusive}.
     */
    public static boolean gateFails(Verdict verdict, double ratio, boolean higherIsBetter, double threshold,
                                    boolean allowInconclusive) {
        boolean large = worseBy(ratio, higherIsBetter) > threshold;
        return large && (verdict == Verdict.WORSE || verdict == Verdict.INCONCLUSIVE && !allowInconclusive);
    }

    /** The fewest units to add to each side so that 2 / C(n+m, n) ≤ alpha, i.e. significance becomes possible. */
    public static int unitsToReach(int n, int m, double alpha) {
        int k = 1;
        while (MannWhitney.minimumP(n + k, m + k) > alpha) {
            k++;
        }
        return k;
    }

    /** A p-value as printed: three decimals, or an exponent below 0.001. */
    public static String formatP(double p) {
        return p < 0.001 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.3f", p);
    }

    private static String plural(String unit, int n) {
        return n == 1 ? unit : unit + "s";
    }
}
