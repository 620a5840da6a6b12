package dev.brink.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A percentile bootstrap confidence interval for the ratio of means new/base, resampling whole forks.
 *
 * <p>Why forks: iterations of one fork share a JIT compilation, a heap layout and a moment of the machine, so they are
 * not independent; resampling iterations would treat 5 forks × 10 iterations as 50 independent measurements and give
 * an interval far too narrow. Resampling each side's forks with replacement (separately: the two sides are
 * independent runs) keeps the dependence inside the unit that is resampled.
 *
 * <p>Why the ratio of means: a relative change is what a person asks ("12 % slower") and is independent of the unit;
 * the mean of fork figures is the quantity JMH reports as the score. The seed is fixed so the same files always give
 * the same interval.
 */
final class Bootstrap {
    static final int RESAMPLES = 10_000;
    private static final long SEED = 0x62726e6bL;

    private Bootstrap() {
    }

    /** {lower, upper} of the {@code confidence} (e.g. 0.95) interval of mean(news)/mean(base). */
    static double[] ratioOfMeans(double[] base, double[] news, double confidence) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            ratios[r] = ratio(resampledMean(news, random), resampledMean(base, random));
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2;
        return new double[] {quantile(ratios, tail), quantile(ratios, 1 - tail)};
    }

    /** a/b, where 0/0 is 1 (no allocation on either side is no change) rather than NaN. */
    static double ratio(double a, double b) {
        return a == 0 && b == 0 ? 1.0 : a / b;
    }

    private static double resampledMean(double[] x, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[random.nextInt(x.length)];
        }
        return sum / x.length;
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }
}
