package dev.brink.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointsTest {

    /** The running sums give the statistic of the definition, computed pair by pair, at every split. */
    @Test
    void theBestSplitMaximisesTheEnergyStatisticOfTheDefinition() {
        Random random = new Random(4);
        double[] x = new double[17];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextGaussian() + (i >= 9 ? 1.5 : 0);
        }
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int t = 2; t <= x.length - 2; t++) {
            double q = definition(x, 0, t, x.length);
            if (q > bestQ) {
                bestQ = q;
                bestTau = t;
            }
        }
        double[] split = ChangePoints.bestSplit(x, 0, x.length, 2);
        assertThat((int) split[0]).isEqualTo(bestTau);
        assertThat(split[1]).isCloseTo(bestQ, within(1e-9));
    }

    @Test
    void oneStepChangeInNoiseIsFoundAndNothingElse() {
        Random random = new Random(11);
        double[] x = new double[30];
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 + 3 * random.nextGaussian() + (i >= 18 ? 12 : 0);
        }
        assertThat(ChangePoints.eDivisive(x, 0.01, 3)).extracting(ChangePoints.Change::index).containsExactly(18);
    }

    @Test
    void noiseAloneHasNoChangePoint() {
        Random random = new Random(5);
        for (int trial = 0; trial < 5; trial++) {
            double[] x = new double[25];
            for (int i = 0; i < x.length; i++) {
                x[i] = 50 * Math.exp(0.1 * random.nextGaussian());
            }
            assertThat(ChangePoints.eDivisive(x, 0.01, 3)).as("trial %d", trial).isEmpty();
        }
    }

    private static double definition(double[] x, int from, int tau, int to) {
        int a = tau - from;
        int b = to - tau;
        double cross = 0;
        double left = 0;
        double right = 0;
        for (int i = from; i < tau; i++) {
            for (int j = tau; j < to; j++) {
                cross += Math.abs(x[i] - x[j]);
            }
        }
        for (int i = from; i < tau; i++) {
            for (int j = i + 1; j < tau; j++) {
                left += Math.abs(x[i] - x[j]);
            }
        }
        for (int i = tau; i < to; i++) {
            for (int j = i + 1; j < to; j++) {
                right += Math.abs(x[i] - x[j]);
            }
        }
        double e = 2 * cross / (a * b) - left / (a * (a - 1) / 2.0) - right / (b * (b - 1) / 2.0);
        return (double) a * b / (a + b) * e;
    }
}
