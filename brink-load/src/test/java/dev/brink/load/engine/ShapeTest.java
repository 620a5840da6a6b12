package dev.brink.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The load shape's integral and its inverse: where each request of a ramp, a hold and a spike is due. */
class ShapeTest {
    @Test
    void aRampHoldAndSpikeIntegrateAndInvertExactly() {
        // ramp 100->1000 over 20 s, hold 1000 for 10 s, spike 3000 for 2 s, 0 for 1 s
        Shape s = new Shape(new double[] {100, 1000, 3000, 0}, new double[] {1000, 1000, 3000, 0}, new double[] {20, 10, 2, 1});
        assertThat(s.seconds()).isEqualTo(33);
        assertThat(s.area()).isEqualTo(11_000 + 10_000 + 6_000);
        assertThat(s.valueAt(10)).isEqualTo(550);
        assertThat(s.valueAt(31)).isEqualTo(3000);
        assertThat(s.valueAt(32.5)).isEqualTo(0);
        assertThat(s.mean(0, 20)).isCloseTo(550, within(1e-9));
        assertThat(s.mean(30, 32)).isCloseTo(3000, within(1e-9));
        // each second of the ramp: its requests are the integral over it, 100 + 22.5 × (2i + 1) for second i (45 req/s²)
        for (int i = 0; i < 20; i++) {
            assertThat(s.areaTo(i + 1) - s.areaTo(i)).isCloseTo(100 + 22.5 * (2 * i + 1), within(1e-6));
        }
        for (double a : new double[] {0, 1, 550, 11_000, 15_000, 21_000, 26_999}) {
            assertThat(s.areaTo(s.timeOfArea(a))).as("area %s", a).isCloseTo(a, within(1e-6));
        }
        // request 21 000 is the spike's first: due where the hold ends, not later
        assertThat(s.timeOfArea(21_000)).isCloseTo(30, within(1e-9));
    }
}
