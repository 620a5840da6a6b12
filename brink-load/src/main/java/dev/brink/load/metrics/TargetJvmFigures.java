package dev.brink.load.metrics;

import java.util.Map;

/**
 * What the live metrics show of the target JVM, as the method's observer last sampled it: heap used and max,
 * the heap right after the last GC (null before the first), each collector's cumulative count and time
 * (JMX's GarbageCollectorMXBean, so counters that only grow while the JVM lives), and threads by state.
 * A record of plain numbers so that brink-load need not know brink-jvm's sample type.
 */
public record TargetJvmFigures(long heapUsedBytes, long heapMaxBytes, Long heapAfterGcBytes, Map<String, Gc> collectors,
                               Map<String, Integer> threadsByState) {
    public TargetJvmFigures {
        collectors = Map.copyOf(collectors);
        threadsByState = Map.copyOf(threadsByState);
    }

    /** One collector's totals since the JVM started. */
    public record Gc(long count, long timeMs) {
    }
}
