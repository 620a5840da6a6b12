package dev.brink.load.host;

import dev.brink.core.Numbers;
import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Measures the generator itself once per interval: its process CPU, its event-loop thread's CPU, GC time,
 * schedule lag, and the host's ephemeral ports (field report 004: the generator ran out of ports and the
 * target was blamed). Called from the reporting thread only.
 */
public final class GeneratorMonitor {
    private static final Path PORT_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /**
     * The shortest interval whose process CPU is judged. The process's CPU time comes from the operating system in clock
     * ticks (getProcessCpuTime moves in steps of 10 ms on Linux, JDK 17 and 25, where the event loop's thread time is
     * exact), and the kernel splits and rounds those ticks, so an interval of a tenth of a second, the run's last,
     * partial one, can read far beyond what one core can do: 120 % of the one CPU a pinned generator had, its last
     * 0.1 s of an open 10 000/s run, which kept its schedule throughout. From half a second on, a tick or two is a few
     * percent of the interval.
     */
    static final long PROCESS_CPU_MIN_NANOS = 500_000_000L;

    private final com.sun.management.OperatingSystemMXBean os;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final long loopThreadId;
    private final int cpus = Runtime.getRuntime().availableProcessors();
    private final int portLow;
    private final int portHigh;
    private long lastWall;
    private long lastProcessCpu;
    private long lastLoopCpu;
    private long lastGcMs;

    private final double lagLimitMs;
    private final EphemeralPorts ports;
    private final java.lang.management.ClassLoadingMXBean classLoading = ManagementFactory.getClassLoadingMXBean();
    private final java.util.Set<String> heapPools = new java.util.HashSet<>();
    private final GeneratorLeakWatch leakWatch = new GeneratorLeakWatch(Runtime.getRuntime().maxMemory());

    public GeneratorMonitor(long loopThreadId, double lagLimitMs) {
        this.lagLimitMs = lagLimitMs;
        this.os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        this.loopThreadId = loopThreadId;
        int[] range = portRange();
        this.portLow = range[0];
        this.portHigh = range[1];
        this.ports = new EphemeralPorts(portLow, portHigh);
        for (java.lang.management.MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == java.lang.management.MemoryType.HEAP) heapPools.add(p.getName());
        }
        reset();
    }

    /** Starts a new measuring interval now. */
    public void reset() {
        lastWall = System.nanoTime();
        lastProcessCpu = os.getProcessCpuTime();
        lastLoopCpu = loopCpu();
        lastGcMs = gcMs();
    }

    public GeneratorHealth sample(Histogram lagMicros, int connections, long dropped, int backlogLimit) {
        long wall = System.nanoTime();
        long elapsed = Math.max(1, wall - lastWall);
        long pcpu = os.getProcessCpuTime();
        long lcpu = loopCpu();
        long gc = gcMs();
        // never more than all of its CPUs: a larger figure is the ticks' rounding (see PROCESS_CPU_MIN_NANOS)
        double processCpu = pcpu < 0 ? 0 : Math.min(1, (double) (pcpu - lastProcessCpu) / elapsed / cpus);
        double loopCpu = lcpu < 0 ? 0 : (double) (lcpu - lastLoopCpu) / elapsed;
        long gcPause = gc - lastGcMs;
        lastWall = wall;
        lastProcessCpu = pcpu;
        lastLoopCpu = lcpu;
        lastGcMs = gc;
        double lagP99 = lagMicros.getTotalCount() == 0 ? 0 : lagMicros.getValueAtPercentile(99) / 1000.0;
        int[] ports = this.ports.sample();
        int range = portHigh - portLow + 1;

        long heapAfterGc = heapAfterGc();
        int loaded = classLoading.getLoadedClassCount();
        boolean leaking = leakWatch.add(heapAfterGc, loaded);

        List<String> reasons = new ArrayList<>();
        List<GeneratorIssue> issues = new ArrayList<>();
        if (cpuBound(processCpu, loopCpu, elapsed)) {
            reasons.add(String.format("cpu: event loop %.0f%% of a core, process %.0f%% of %d cpus (limit %.0f%%)",
                    loopCpu * 100, processCpu * 100, cpus, GeneratorHealth.CPU_LIMIT * 100));
            issues.add(GeneratorIssue.CPU);
        }
        if (lagP99 > lagLimitMs) {
            reasons.add(String.format("schedule lag p99 %.1f ms (limit %.0f ms)", lagP99, lagLimitMs));
            issues.add(GeneratorIssue.SCHEDULE_LAG);
        }
        if (range > 0 && ports[0] > GeneratorHealth.PORTS_LIMIT * range) {
            reasons.add(String.format("ephemeral ports %d of %d in use, %d in TIME_WAIT", ports[0], range, ports[1]));
            issues.add(GeneratorIssue.EPHEMERAL_PORTS);
        }
        if (dropped > 0) {
            reasons.add("dropped " + dropped + " requests: backlog of " + backlogLimit + " full, all connections busy");
            issues.add(GeneratorIssue.REQUESTS_DROPPED);
        }
        if (leaking) {
            reasons.add(String.format("leaking: the load generator is leaking, its heap after GC rose %.1f MB and its loaded"
                    + " classes %d over the last %d s", leakWatch.heapRise() / 1048576.0, leakWatch.classRise(),
                    GeneratorLeakWatch.WINDOW));
            issues.add(GeneratorIssue.LEAKING);
        }
        return new GeneratorHealth(System.currentTimeMillis(), round(processCpu), round(loopCpu), gcPause,
                Math.round(lagP99 * 100) / 100.0, connections, ports[0], Math.max(range, 0), ports[1], dropped, reasons,
                heapAfterGc, loaded, blockedThreads(), issues);
    }

    /**
     * Over the CPU limit: the event loop's thread (exact at any interval) or the whole process, whose ticks are judged
     * only over an interval of at least {@link #PROCESS_CPU_MIN_NANOS}.
     */
    static boolean cpuBound(double processCpu, double loopCpu, long elapsedNanos) {
        return loopCpu > GeneratorHealth.CPU_LIMIT || processCpu > GeneratorHealth.CPU_LIMIT && elapsedNanos >= PROCESS_CPU_MIN_NANOS;
    }

    /**
     * The heap right after the generator's most recent GC (young or old: after a young GC eden is empty, so
     * what is left is what survived), summed over the heap pools; 0 before the first GC.
     */
    private long heapAfterGc() {
        long latestEnd = -1;
        long used = 0;
        for (GarbageCollectorMXBean gc : gcs) {
            if (!(gc instanceof com.sun.management.GarbageCollectorMXBean sun)) continue;
            com.sun.management.GcInfo info = sun.getLastGcInfo();
            if (info == null || info.getEndTime() < latestEnd) continue;
            latestEnd = info.getEndTime();
            long sum = 0;
            for (java.util.Map.Entry<String, java.lang.management.MemoryUsage> e : info.getMemoryUsageAfterGc().entrySet()) {
                if (heapPools.contains(e.getKey())) sum += e.getValue().getUsed();
            }
            used = sum;
        }
        return used;
    }

    /** Threads BLOCKED on a monitor now: a generator stuck on a lock (ClassLoader.loadClass in report 002). */
    private int blockedThreads() {
        int n = 0;
        for (java.lang.management.ThreadInfo t : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (t != null && t.getThreadState() == Thread.State.BLOCKED) n++;
        }
        return n;
    }

    private long loopCpu() {
        try {
            return threads.getThreadCpuTime(loopThreadId);
        } catch (UnsupportedOperationException e) {
            return -1;
        }
    }

    private long gcMs() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : gcs) sum += Math.max(0, gc.getCollectionTime());
        return sum;
    }

    private static double round(double v) {
        return Numbers.round(v);
    }

    private static int[] portRange() {
        try {
            // read as a stream: /proc reports a bogus size and Files.readString stops short
            String line;
            try (BufferedReader in = Files.newBufferedReader(PORT_RANGE)) {
                line = in.readLine();
            }
            String[] p = line.trim().split("\\s+");
            return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])};
        } catch (IOException | RuntimeException e) {
            return new int[] {0, -1}; // not Linux: no port accounting
        }
    }
}
