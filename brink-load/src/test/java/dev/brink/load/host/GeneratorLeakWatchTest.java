package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The leak rule on series shaped like real generators' heaps. */
class GeneratorLeakWatchTest {
    private static final long MB = 1 << 20;

    @Test
    void aSawtoothOnAFlatFloorIsNotALeak() {
        GeneratorLeakWatch w = new GeneratorLeakWatch(512 * MB);
        boolean any = false;
        // classes: a start-up burst (3,500 over 20 s, as seen on a loaded machine), then a jcmd attaching at 40 s
        for (int s = 0; s < 200; s++) any |= w.add((40 + (s * 7) % 30) * MB, 4000 + Math.min(s, 20) * 175 + (s >= 40 ? 100 : 0));
        assertThat(any).isFalse();
    }

    @Test
    void secondsBeforeTheFirstGcAreNotZeros() {
        // as a real 60 s run at 2000 packets/s: no GC for 18 s, then a flat 11 MB floor and flat classes
        GeneratorLeakWatch w = new GeneratorLeakWatch(4096 * MB);
        boolean any = false;
        for (int s = 0; s < 120; s++) any |= w.add(s < 18 ? 0 : 11 * MB, s < 18 ? 3500 : 3567);
        assertThat(any).isFalse();
    }

    @Test
    void aFloorThatKeepsRisingIsALeakOnceItPassesTheLimit() {
        GeneratorLeakWatch w = new GeneratorLeakWatch(512 * MB); // limit max(16 MB, 51.2 MB)
        int firstTrue = -1;
        for (int s = 0; s < 60 && firstTrue < 0; s++) {
            if (w.add((40 + 4L * s + (s % 3) * 5) * MB, 4000)) firstTrue = s;
        }
        assertThat(firstTrue).isBetween(GeneratorLeakWatch.WARMUP + GeneratorLeakWatch.MIN_SAMPLES - 1, 40);
        assertThat(w.heapRise()).isGreaterThan(51 * MB);
    }

    @Test
    void oneStepUpOfTheFloorIsNotALeakButClassesThatKeepLoadingAre() {
        GeneratorLeakWatch step = new GeneratorLeakWatch(128 * MB);
        boolean any = false;
        for (int s = 0; s < 60; s++) any |= step.add((s < 30 ? 40 : 100) * MB, 4000);
        assertThat(any).as("a cache filled once").isFalse();

        GeneratorLeakWatch classes = new GeneratorLeakWatch(128 * MB);
        boolean leak = false;
        for (int s = 0; s < 60; s++) leak |= classes.add(40 * MB, 4000 + 60 * s); // 60 classes a second, on and on
        assertThat(leak).as("a script compiled per request").isTrue();
    }
}
