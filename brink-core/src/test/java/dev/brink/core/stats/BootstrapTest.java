package dev.brink.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    /**
     * Coverage from the definition of a confidence interval: over many simulated experiments with a known true ratio,
     * the 95 % interval must contain it most of the time. The percentile bootstrap is known to under-cover a little with
     * 10 forks a side, so the bound is 88 %; an interval on iterations instead of forks, or a wrong quantile, falls far
     * below it.
     */
    @Test
    void intervalCoversTheTrueRatioOfMeans() {
        Random random = new Random(2026);
        int experiments = 200;
        int covered = 0;
        for (int e = 0; e < experiments; e++) {
            double[] base = new double[10];
            double[] news = new double[10];
            for (int i = 0; i < 10; i++) {
                base[i] = 100 + 5 * random.nextGaussian();
                news[i] = 80 + 5 * random.nextGaussian();
            }
            double[] ci = Bootstrap.ratioOfMeans(base, news, 0.95);
            if (ci[0] <= 0.8 && 0.8 <= ci[1]) {
                covered++;
            }
        }
        assertThat(covered / (double) experiments).isGreaterThan(0.88).isLessThan(0.99);
    }

    @Test
    void sameDataGivesTheSameIntervalEveryTime() {
        double[] a = {1, 2, 3, 4, 5, 6};
        double[] b = {2, 3, 4, 5, 6, 7};
        assertThat(Bootstrap.ratioOfMeans(a, b, 0.95)).containsExactly(Bootstrap.ratioOfMeans(a, b, 0.95));
    }

    @Test
    void zeroAllocationOnBothSidesIsARatioOfOne() {
        double[] ci = Bootstrap.ratioOfMeans(new double[] {0, 0, 0, 0}, new double[] {0, 0, 0, 0}, 0.95);
        assertThat(ci).containsExactly(1.0, 1.0);
    }
}
