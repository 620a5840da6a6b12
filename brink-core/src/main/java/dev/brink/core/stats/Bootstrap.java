package dev.brink.core.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap confidence intervals for the ratio of a statistic new/base, resampling whole independent units:
 * JMH forks in {@code brink bench compare}, a run's seconds in {@code brink compare}.
 *
 * <p>Why whole units: iterations of one fork share a JIT compilation, a heap layout and a moment of the machine, so they
 * are not independent; resampling iterations would treat 5 forks × 10 iterations as 50 independent measurements and give
 * an interval far too narrow. The same holds for the requests of one second against one service. Resampling each
 * side's units with replacement (separately: the two sides are independent runs) keeps the dependence inside the unit
 * that is resampled.
 *
 * <p>Why a ratio: a relative change is what a person asks ("12 % slower") and is independent of the unit. The seed is
 * fixed so the same files always give the same interval.
 */
public final class Bootstrap {
    public static final int RESAMPLES = 10_000;
    private static final long SEED = 0x62726e6bL;

    /**
     * A statistic of a sample made of some of a side's units: {@code picks[i]} is the index of the i-th unit drawn
     * (with replacement; as many draws as the side has units). Called {@code resamples} times per side.
     */
    @FunctionalInterface
    public interface Statistic {
        double of(int[] picks);
    }

    /** Several statistics of one resample, computed together ({@link #ratios}). */
    @FunctionalInterface
    public interface Statistics {
        double[] of(int[] picks);
    }

    private Bootstrap() {
    }

    /** {lower, upper} of the {@code confidence} (e.g. 0.95) interval of mean(news)/mean(base). */
    public static double[] ratioOfMeans(double[] base, double[] news, double confidence) {
        return ratio(base.length, meanOf(base), news.length, meanOf(news), confidence, RESAMPLES);
    }

    /**
     * {lower, upper} of the {@code confidence} interval of news(resample)/base(resample), each side's units resampled
     * {@code resamples} times. A side without units gives {NaN, NaN}.
     */
    public static double[] ratio(int baseUnits, Statistic base, int newUnits, Statistic news, double confidence,
                                 int resamples) {
        return ratios(baseUnits, picks -> new double[] {base.of(picks)}, newUnits, picks -> new double[] {news.of(picks)},
                1, confidence, resamples)[0];
    }

    /**
     * As {@link #ratio}, for {@code k} statistics of the same resamples at once (the percentiles of one merged
     * histogram): element i is {lower, upper} of statistic i's interval.
     */
    public static double[][] ratios(int baseUnits, Statistics base, int newUnits, Statistics news, int k, double confidence,
                                    int resamples) {
        double[][] out = new double[k][];
        if (baseUnits == 0 || newUnits == 0) {
            for (int i = 0; i < k; i++) {
                out[i] = new double[] {Double.NaN, Double.NaN};
            }
            return out;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int[] basePicks = new int[baseUnits];
        int[] newPicks = new int[newUnits];
        double[][] ratios = new double[k][resamples];
        for (int r = 0; r < resamples; r++) {
            draw(newPicks, random);
            double[] n = news.of(newPicks);
            draw(basePicks, random);
            double[] b = base.of(basePicks);
            for (int i = 0; i < k; i++) {
                ratios[i][r] = ratio(n[i], b[i]);
            }
        }
        double tail = (1 - confidence) / 2;
        for (int i = 0; i < k; i++) {
            Arrays.sort(ratios[i]);
            out[i] = new double[] {quantile(ratios[i], tail), quantile(ratios[i], 1 - tail)};
        }
        return out;
    }

    /** a/b, where 0/0 is 1 (no allocation, no error, on either side is no change) rather than NaN. */
    public static double ratio(double a, double b) {
        return a == 0 && b == 0 ? 1.0 : a / b;
    }

    public static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    /** The mean of the picked values of {@code x}. */
    public static Statistic meanOf(double[] x) {
        return picks -> {
            double sum = 0;
            for (int i : picks) {
                sum += x[i];
            }
            return sum / picks.length;
        };
    }

    private static void draw(int[] picks, SplittableRandom random) {
        for (int i = 0; i < picks.length; i++) {
            picks[i] = random.nextInt(picks.length);
        }
    }

    /** The q-quantile of sorted values, interpolated between the two nearest (type 7, as R's default). */
    public static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
