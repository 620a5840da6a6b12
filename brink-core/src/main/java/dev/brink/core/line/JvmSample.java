package dev.brink.core.line;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One line of {@code jvm.jsonl}: what the target JVM's platform MXBeans said at one moment, as brink-jvm's sampler
 * writes it and every reader (brink compare's CPU and GC counters, brink-method's pool sizes) reads it back. Sizes are
 * bytes, times milliseconds unless the name says {@code _ns}; {@code max} is -1 where the JVM defines
 * none; a number the target's JVM version does not offer is -1 (CPU load, file descriptors).
 *
 * @param time        ISO-8601 instant of the sample (the sampler's clock)
 * @param epochMs     the same instant in epoch milliseconds: the run's shared time axis
 * @param pid         the target's process id, -1 if unknown
 * @param uptimeMs    the target JVM's uptime
 * @param heap        heap usage (MemoryMXBean)
 * @param nonHeap     non-heap usage (metaspace, code cache, …)
 * @param heapAfterGc heap used right after the most recent collection (any collector), as its GC
 *                    notification reported it (the "after" of a GC log line; before the observer's first
 *                    notification, from the collectors' LastGcInfo); null until the first GC.
 *                    The leak signal: it rises under a leak and stays flat otherwise.
 * @param pools       every memory pool by its JVM name
 * @param gc          cumulative count and time per collector (GarbageCollectorMXBean)
 * @param threads     thread counts, and live threads by state
 * @param cpu         process and system CPU
 * @param classes     class loading counts
 * @param buffers     NIO buffer pools by name ("direct", "mapped", …)
 * @param fds         open and maximum file descriptors (Unix only; -1 elsewhere)
 *
 * <p>A part an older or hand-made line lacks reads as absent (null) rather than failing the line: its readers skip
 * what it does not have, as they did when they read keys.
 */
public record JvmSample(String time, @JsonProperty("epoch_ms") long epochMs, long pid,
                        @JsonProperty("uptime_ms") long uptimeMs,
                        Usage heap, @JsonProperty("non_heap") Usage nonHeap,
                        @JsonProperty("heap_after_gc") Long heapAfterGc,
                        Map<String, Pool> pools, Map<String, Collector> gc, Threads threads, Cpu cpu,
                        Classes classes, Map<String, Buffer> buffers, Fds fds) {
    public JvmSample {
        pools = pools == null ? Map.of() : Map.copyOf(pools);
        gc = gc == null ? Map.of() : Map.copyOf(gc);
        buffers = buffers == null ? Map.of() : Map.copyOf(buffers);
    }

    /** Total GC count over all collectors. */
    public long gcCount() {
        return gc.values().stream().mapToLong(Collector::count).sum();
    }

    /** Total GC time over all collectors, milliseconds. */
    public long gcTimeMs() {
        return gc.values().stream().mapToLong(Collector::timeMs).sum();
    }

    public record Usage(long used, long committed, long max) {
    }

    /**
     * One memory pool.
     *
     * @param type    "heap" or "non_heap"
     * @param afterGc used bytes right after the latest collection <em>of this pool</em>
     *                ({@code MemoryPoolMXBean.getCollectionUsage}); null where the JVM keeps no such figure
     *                (non-heap pools). G1's old gen counts only mixed and full collections here.
     */
    public record Pool(String type, long used, long committed, long max, @JsonProperty("after_gc") Long afterGc) {
        /** The {@code type} of a heap pool (the other is {@link #NON_HEAP}), as MemoryType names it. */
        public static final String HEAP = "heap";
        public static final String NON_HEAP = "non_heap";
    }

    public record Collector(long count, @JsonProperty("time_ms") long timeMs) {
    }

    /**
     * {@code live}, {@code daemon}, {@code peak} and {@code started} are the ThreadMXBean counts, exact in every
     * sample; the rest count live threads by Thread.State. Counting states costs the target per thread, so above 128
     * threads a sample carries the latest count and a new one is taken every ceil(threads / 128) samples (every 8th
     * with 1000 threads).
     */
    public record Threads(int live, int daemon, int peak, long started,
                          @JsonProperty("new") int newCount, int runnable, int blocked, int waiting,
                          @JsonProperty("timed_waiting") int timedWaiting, int terminated) {
    }

    /**
     * @param processLoad  the target process's recent CPU use, 0..1 of all processors (-1 if not yet known)
     * @param processCpuNs CPU time the process used so far, nanoseconds
     * @param systemLoad   the whole machine's recent CPU use, 0..1
     * @param loadAverage  the one-minute system load average (-1 if unavailable)
     * @param jitCpuNs     CPU time the JIT compiler threads used so far, nanoseconds, part of {@code processCpuNs}; -1
     *                     for a remote JVM or where /proc cannot tell (brink-jvm's CompilerCpu), and in a line written
     *                     before it was recorded (the key absent)
     */
    public record Cpu(@JsonProperty("process_load") double processLoad, @JsonProperty("process_cpu_ns") long processCpuNs,
                      @JsonProperty("system_load") double systemLoad, @JsonProperty("load_average") double loadAverage,
                      int processors, @JsonProperty("jit_cpu_ns") long jitCpuNs) {
        /** A line without the compiler threads' CPU says "not known" (-1), not "none used" (0). */
        @JsonCreator
        static Cpu read(@JsonProperty("process_load") double processLoad, @JsonProperty("process_cpu_ns") Long processCpuNs,
                        @JsonProperty("system_load") double systemLoad, @JsonProperty("load_average") double loadAverage,
                        @JsonProperty("processors") int processors, @JsonProperty("jit_cpu_ns") Long jitCpuNs) {
            return new Cpu(processLoad, processCpuNs == null ? -1 : processCpuNs, systemLoad, loadAverage, processors,
                    jitCpuNs == null ? -1 : jitCpuNs);
        }
    }

    public record Classes(int loaded, @JsonProperty("total_loaded") long totalLoaded, long unloaded) {
    }

    public record Buffer(long count, long used, long capacity) {
    }

    public record Fds(long open, long max) {
    }
}
