package dev.brink.method;

import dev.brink.jvm.JvmListener;
import dev.brink.core.line.JvmSample;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.metrics.TargetJvmFigures;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hands each sample of the target JVM to the live metrics ({@code brink run --metrics}): heap, heap after GC,
 * each collector's totals and threads by state. Runs on the observer's sampler thread; a few map entries per
 * second.
 */
final class TargetJvmMetrics implements JvmListener {
    private final LiveMetrics metrics;

    TargetJvmMetrics(LiveMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void onSample(JvmSample s) {
        Map<String, TargetJvmFigures.Gc> gcs = new LinkedHashMap<>();
        s.gc().forEach((name, c) -> gcs.put(name, new TargetJvmFigures.Gc(c.count(), c.timeMs())));
        JvmSample.Threads t = s.threads();
        // Thread.State's names, as jstack and JMX print them
        Map<String, Integer> threads = Map.of("NEW", t.newCount(), "RUNNABLE", t.runnable(), "BLOCKED", t.blocked(),
                "WAITING", t.waiting(), "TIMED_WAITING", t.timedWaiting());
        metrics.targetJvm(new TargetJvmFigures(s.heap().used(), s.heap().max(), s.heapAfterGc(), gcs, threads));
    }
}
