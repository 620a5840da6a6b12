package dev.brink.threads.corpus;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/** Healthy: a metrics registry with a scheduled reporter and idle pool threads. Nothing to report. */
public final class MetricsReporter {
    static final ConcurrentHashMap<String, LongAdder> COUNTERS = new ConcurrentHashMap<>();

    public static void main(String[] args) throws Exception {
        ScheduledExecutorService reporter = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "metrics-reporter");
            t.setDaemon(true);
            return t;
        });
        reporter.scheduleAtFixedRate(() -> COUNTERS.computeIfAbsent("ticks", k -> new LongAdder()).increment(),
                0, 200, TimeUnit.MILLISECONDS);
        for (int i = 0; i < 4; i++) {
            Programs.start("http-idle-" + i, () -> {
                Object idle = new Object();
                synchronized (idle) {
                    idle.wait();
                }
            });
        }
        Thread.sleep(1000);
        Programs.ready();
    }
}
