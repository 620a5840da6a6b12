package dev.brink.load;

/**
 * Receives each interval as it closes, on the thread that called {@link LoadEngine#run}, after the line
 * was written to the run directory. Must return quickly: the next interval waits for it.
 */
@FunctionalInterface
public interface IntervalListener {
    void onInterval(IntervalStats interval, GeneratorHealth generator);
}
