package dev.brink.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MannWhitneyTest {

    /**
     * The oracle is the definition: under the null hypothesis every split of the pooled values into groups of n and m
     * is equally likely, so the exact p-value is the share of splits whose U is at least as extreme. Enumerate them.
     */
    @Test
    void exactPValueEqualsTheShareOfAllSplitsAsExtreme() {
        Random random = new Random(21);
        for (int trial = 0; trial < 60; trial++) {
            int n = 1 + random.nextInt(6);
            int m = 1 + random.nextInt(6);
            double[] x = new double[n];
            double[] y = new double[m];
            double shift = random.nextDouble() * 2;
            for (int i = 0; i < n; i++) {
                x[i] = random.nextGaussian() + shift;
            }
            for (int j = 0; j < m; j++) {
                y[j] = random.nextGaussian();
            }
            assertThat(MannWhitney.pValue(x, y)).as("n=%d m=%d", n, m).isCloseTo(enumerated(x, y), within(1e-12));
        }
    }

    @Test
    void completeSeparationGivesTheSmallestPossiblePValue() {
        double[] a = {1, 2, 3, 4, 5};
        double[] b = {6, 7, 8, 9, 10};
        assertThat(MannWhitney.pValue(a, b)).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.minimumP(5, 5)).isCloseTo(2.0 / 252, within(1e-12));
        assertThat(MannWhitney.minimumP(3, 3)).isCloseTo(0.1, within(1e-12));
        assertThat(MannWhitney.minimumP(4, 4)).isCloseTo(2.0 / 70, within(1e-12));
        assertThat(Significance.unitsToReach(1, 1, 0.05)).isEqualTo(3);
        assertThat(Significance.unitsToReach(3, 3, 0.05)).isEqualTo(1);
    }

    @Test
    void identicalSamplesAreNoEvidence() {
        double[] a = {3, 1, 2, 5};
        assertThat(MannWhitney.pValue(a, a.clone())).isEqualTo(1.0);
        assertThat(MannWhitney.pValue(new double[] {7, 7, 7}, new double[] {7, 7})).isEqualTo(1.0);
    }

    @Test
    void normalApproximationAgreesWithTheExactTestOnLargerSamples() {
        Random random = new Random(7);
        double[] x = new double[40];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            x[i] = random.nextGaussian() + 0.5;
            y[i] = random.nextGaussian();
        }
        double exact = MannWhitney.pValue(x, y);
        assertThat(exact).isBetween(0.001, 0.5); // a p-value where the two can be compared meaningfully
        assertThat(MannWhitney.approximate(x, y)).isCloseTo(exact, within(0.002));
    }

    private static double enumerated(double[] x, double[] y) {
        int n = x.length;
        int m = y.length;
        double[] all = new double[n + m];
        System.arraycopy(x, 0, all, 0, n);
        System.arraycopy(y, 0, all, n, m);
        double u = MannWhitney.u(x, y);
        long total = 0;
        long lower = 0;
        long upper = 0;
        for (int mask = 0; mask < 1 << (n + m); mask++) {
            if (Integer.bitCount(mask) != n) {
                continue;
            }
            double[] a = new double[n];
            double[] b = new double[m];
            int ia = 0;
            int ib = 0;
            for (int k = 0; k < n + m; k++) {
                if ((mask & 1 << k) != 0) {
                    a[ia++] = all[k];
                } else {
                    b[ib++] = all[k];
                }
            }
            double uu = MannWhitney.u(a, b);
            total++;
            if (uu <= u) {
                lower++;
            }
            if (uu >= u) {
                upper++;
            }
        }
        return Math.min(1.0, 2.0 * Math.min(lower, upper) / total);
    }
}
