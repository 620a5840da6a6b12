package dev.brink.method;

import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.StepDriver;
import java.util.Arrays;

/**
 * Ends the unjudged warm-up before the capacity search once latency has settled, instead of always waiting its
 * longest duration.
 *
 * <p>Why latency: a JVM that just started (the generator, and a target Brink launched) runs its request path
 * interpreted, then C1-compiled, then C2-compiled, and loads classes as new paths are first taken; each of those shows
 * as per-second latency that falls from one second to the next. Once the compilers have what the load exercises,
 * successive seconds at the same rate have about the same p99, and more warm-up buys nothing. So the warm-up ends
 * when the last {@link #WINDOW} seconds were each clean (answers came, no errors, the generator kept its schedule) and
 * their medians lie within {@link #BAND}× of each other (plus {@link #SLACK_MS} for sub-millisecond noise), but never
 * before {@code min} (the generator's own warm-up) and never later than {@code max}. A target whose latency keeps
 * falling, or that fails requests while it starts, gets the whole {@code max}. The median, not the p99: compilation
 * slows every request, so the median shows it, while one second's p99 at a start rate of tens of requests is the
 * slowest one or two of them and swings with any GC pause or scheduler hiccup (on a busy 2-core machine it varied
 * 5–40 ms from second to second against a service whose median stayed at 1.5 ms).
 *
 * <p>The engine ends a step at its next second boundary; the listener asks only while at least two seconds of the
 * step remain, so the request can never carry over into the next step.
 */
final class WarmupSettling implements IntervalListener {
    static final int WINDOW = 3;
    static final double BAND = 1.5;
    static final double SLACK_MS = 1.0;

    private final StepDriver engine;
    private final String step;
    private final int minSeconds;
    private final int maxSeconds;
    private final double[] p50 = new double[WINDOW];
    private boolean armed;
    private int seconds;
    private int clean;
    private int settledAfter;

    WarmupSettling(StepDriver engine, String step, int minSeconds, int maxSeconds) {
        this.engine = engine;
        this.step = step;
        this.minSeconds = minSeconds;
        this.maxSeconds = maxSeconds;
    }

    /** Watches the next run of the step; called before it starts. */
    void arm() {
        armed = true;
        seconds = 0;
        clean = 0;
        settledAfter = 0;
    }

    /** Stops watching; the seconds after which the step was ended, 0 when it ran its whole duration. */
    int disarm() {
        armed = false;
        return settledAfter;
    }

    /** The highest median (ms) of the settled window, for the console. */
    double settledP50Ms() {
        return Arrays.stream(p50).max().orElse(0);
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth generator) {
        if (!armed || settledAfter > 0 || !step.equals(interval.step())) return;
        seconds++;
        boolean isClean = interval.ok() > 0 && interval.errorCount() == 0 && interval.dropped() == 0 && !generator.bound();
        clean = isClean ? clean + 1 : 0;
        if (isClean) p50[(clean - 1) % WINDOW] = interval.corrected().p50Ms();
        if (seconds < minSeconds || seconds > maxSeconds - 2 || clean < WINDOW) return;
        double lo = Arrays.stream(p50).min().orElse(0);
        double hi = Arrays.stream(p50).max().orElse(0);
        if (hi <= lo * BAND + SLACK_MS) {
            settledAfter = seconds;
            engine.endStep();
        }
    }
}
