package dev.brink.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LinearTrendTest {
    @Test
    void exactLineHasItsSlopeAndPerfectFit() {
        double[] x = {0, 1, 2, 3, 4};
        double[] y = {10, 12, 14, 16, 18};
        LinearTrend t = LinearTrend.fit(x, y);
        assertThat(t.slope()).isCloseTo(2.0, within(1e-12));
        assertThat(t.intercept()).isCloseTo(10.0, within(1e-12));
        assertThat(t.r2()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void flatNoisySeriesHasNoTrendAndLowFit() {
        double[] x = new double[100];
        double[] y = new double[100];
        for (int i = 0; i < 100; i++) {
            x[i] = i;
            y[i] = 50 + ((i % 2 == 0) ? 5 : -5); // a sawtooth around a flat floor
        }
        LinearTrend t = LinearTrend.fit(x, y);
        assertThat(Math.abs(t.slope())).isLessThan(0.01);
        assertThat(t.r2()).isLessThan(0.01);
    }

    @Test
    void constantSeriesAndTooFewPointsAreNotATrend() {
        assertThat(LinearTrend.fit(new double[] {1, 2, 3}, new double[] {7, 7, 7}).r2()).isZero();
        assertThat(LinearTrend.fit(new double[] {1}, new double[] {7}).slope()).isZero();
    }
}
