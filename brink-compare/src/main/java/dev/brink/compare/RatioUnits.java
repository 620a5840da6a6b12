package dev.brink.compare;

import dev.brink.core.stats.Bootstrap;
import java.util.Arrays;

/**
 * A figure that is a sum over a sum, unit by unit: answers over seconds (throughput), errors over requests (error
 * rate), CPU or GC milliseconds over requests. The whole step's figure is Σ numerator / Σ denominator, not the mean of
 * the units' ratios (a second with few requests must not weigh as much as a full one), and a resample's figure is the
 * same ratio over the units it picked. A unit whose numerator is NaN (no JVM sample covered it) is no unit.
 */
final class RatioUnits {
    private final double[] numerator;
    private final double[] denominator;

    RatioUnits(double[] numerator, double[] denominator) {
        if (numerator.length != denominator.length) {
            throw new IllegalArgumentException("numerators " + numerator.length + " != denominators " + denominator.length);
        }
        int n = 0;
        double[] num = new double[numerator.length];
        double[] den = new double[numerator.length];
        for (int i = 0; i < numerator.length; i++) {
            if (!Double.isNaN(numerator[i]) && denominator[i] > 0) {
                num[n] = numerator[i];
                den[n++] = denominator[i];
            }
        }
        this.numerator = Arrays.copyOf(num, n);
        this.denominator = Arrays.copyOf(den, n);
    }

    int units() {
        return numerator.length;
    }

    double whole() {
        return sum(numerator) / sum(denominator);
    }

    double[] perUnit() {
        double[] out = new double[numerator.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = numerator[i] / denominator[i];
        }
        return out;
    }

    Bootstrap.Statistic resampled() {
        return picks -> {
            double num = 0;
            double den = 0;
            for (int i : picks) {
                num += numerator[i];
                den += denominator[i];
            }
            return num / den;
        };
    }

    /** Units of {@code factor} consecutive units each. */
    RatioUnits coarsened(int factor) {
        if (factor == 1) {
            return this;
        }
        int n = (numerator.length + factor - 1) / factor;
        double[] num = new double[n];
        double[] den = new double[n];
        for (int i = 0; i < numerator.length; i++) {
            num[i / factor] += numerator[i];
            den[i / factor] += denominator[i];
        }
        return new RatioUnits(num, den);
    }

    private static double sum(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s;
    }
}
