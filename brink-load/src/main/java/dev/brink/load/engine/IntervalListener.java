package dev.brink.load.engine;

import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import org.HdrHistogram.Histogram;

/**
 * Receives each interval as it closes, on the thread that called {@link dev.brink.load.LoadEngine#run}, after the line
 * was written to the run directory. Must return quickly: the next interval waits for it.
 */
@FunctionalInterface
public interface IntervalListener {
    void onInterval(IntervalStats interval, GeneratorHealth generator);

    /**
     * The interval's corrected latency histogram (microseconds; the one latency.hlog records as
     * {@code corrected}), called just before {@link #onInterval}. The engine reuses it for the next interval:
     * copy or add what you need before returning.
     */
    default void onLatency(Histogram correctedMicros) {
    }
}
