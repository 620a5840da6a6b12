package dev.brink.jvm;

import com.sun.management.GcInfo;
import dev.brink.core.line.JvmSample;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Takes one {@link JvmSample} over a JMX connection. Attributes of one MBean are fetched in one
 * {@code getAttributes} round trip (about 20 round trips per sample on HotSpot) to keep the cost on the
 * target low; the MBean names are looked up once. Not thread-safe: one sampler thread calls it.
 */
final class Sampler {
    private static final ObjectName MEMORY = name(ManagementFactory.MEMORY_MXBEAN_NAME);
    private static final ObjectName THREADING = name(ManagementFactory.THREAD_MXBEAN_NAME);
    private static final ObjectName OS = name(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME);
    private static final ObjectName CLASSES = name(ManagementFactory.CLASS_LOADING_MXBEAN_NAME);

    private final MBeanServerConnection mbeans;
    private final long pid;
    private final ThreadMXBean threads;
    private final List<ObjectName> pools;
    private final Map<ObjectName, String> poolTypes = new HashMap<>();
    private final List<ObjectName> collectors;
    private final List<ObjectName> buffers;
    private final java.util.Set<String> heapPools = new java.util.HashSet<>();
    private final Map<ObjectName, Long> lastCounts = new HashMap<>();
    private final Map<ObjectName, GcInfo> lastInfos = new HashMap<>();
    private final String systemLoadAttribute;
    private final long jvmStartMs;
    /** Threads whose state a sample may count, on average (see {@link #samplesBetweenStateCounts}). */
    static final int STATE_THREADS_PER_SAMPLE = 128;
    private final CompilerCpu compilerCpu;
    private int samplesUntilStates;
    private int[] states;

    Sampler(MBeanServerConnection mbeans, long pid, long jvmStartMs) throws IOException {
        this.mbeans = mbeans;
        this.pid = pid;
        this.jvmStartMs = jvmStartMs;
        this.compilerCpu = new CompilerCpu(pid);
        // CpuLoad (JDK 14+) and the deprecated SystemCpuLoad are the same figure, each costing a /proc read
        this.systemLoadAttribute = attrs(OS, "CpuLoad").containsKey("CpuLoad") ? "CpuLoad" : "SystemCpuLoad";
        this.threads = ManagementFactory.newPlatformMXBeanProxy(mbeans, ManagementFactory.THREAD_MXBEAN_NAME, ThreadMXBean.class);
        this.pools = sorted(mbeans.queryNames(name(ManagementFactory.MEMORY_POOL_MXBEAN_DOMAIN_TYPE + ",*"), null));
        this.collectors = sorted(mbeans.queryNames(name(ManagementFactory.GARBAGE_COLLECTOR_MXBEAN_DOMAIN_TYPE + ",*"), null));
        this.buffers = sorted(mbeans.queryNames(name("java.nio:type=BufferPool,*"), null));
        for (ObjectName p : pools) {
            Object type = attrs(p, "Type").get("Type");
            poolTypes.put(p, "HEAP".equals(String.valueOf(type)) ? JvmSample.Pool.HEAP : JvmSample.Pool.NON_HEAP);
            if ("HEAP".equals(String.valueOf(type))) heapPools.add(p.getKeyProperty("name"));
        }
    }

    /** Names of the heap pools ("G1 Eden Space", …), the pools a GC event reports. */
    List<String> heapPoolNames() {
        List<String> out = new ArrayList<>();
        for (ObjectName p : pools) {
            if (JvmSample.Pool.HEAP.equals(poolTypes.get(p))) out.add(p.getKeyProperty("name"));
        }
        return out;
    }

    /**
     * One sample. IOException (or an UndeclaredThrowableException around one) means the connection is gone.
     *
     * @param heapAfterLastGc heap used after the latest GC notification, or null if none arrived yet (then the
     *                        collectors' LastGcInfo gives the same figure). Not the pools' collection usage: G1
     *                        updates its old gen's collection usage only at mixed and full collections, so
     *                        between them that sum misses the old gen's growth.
     */
    JvmSample take(Long heapAfterLastGc) throws IOException {
        long now = System.currentTimeMillis();
        Map<String, Object> mem = attrs(MEMORY, "HeapMemoryUsage", "NonHeapMemoryUsage");
        Map<String, JvmSample.Pool> poolMap = new LinkedHashMap<>();
        for (ObjectName p : pools) {
            Map<String, Object> a = attrs(p, "Usage", "CollectionUsage");
            MemoryUsage u = usage(a.get("Usage"));
            MemoryUsage c = usage(a.get("CollectionUsage"));
            String type = poolTypes.get(p);
            if (u == null) continue; // an invalid (removed) pool reports no usage
            poolMap.put(p.getKeyProperty("name"), new JvmSample.Pool(type, u.getUsed(), u.getCommitted(), u.getMax(),
                    c == null ? null : c.getUsed()));
        }
        Map<String, JvmSample.Collector> gc = new LinkedHashMap<>();
        long lastStart = -1;
        Long lastAfter = null;
        for (ObjectName g : collectors) {
            Map<String, Object> a = attrs(g, "CollectionCount", "CollectionTime");
            long count = num(a.get("CollectionCount"), 0);
            if (heapAfterLastGc == null && count > 0) {
                // no notification seen yet: the latest collection the JVM remembers, same "after" figure.
                // LastGcInfo costs the target ~1 ms to build, so only when this collector ran again.
                GcInfo last = count == lastCounts.getOrDefault(g, -1L) ? lastInfos.get(g) : lastGcInfo(g);
                lastCounts.put(g, count);
                lastInfos.put(g, last);
                if (last != null && last.getStartTime() >= lastStart) {
                    lastStart = last.getStartTime();
                    lastAfter = heapUsed(last.getMemoryUsageAfterGc());
                }
            }
            gc.put(g.getKeyProperty("name"), new JvmSample.Collector(count, num(a.get("CollectionTime"), 0)));
        }
        Map<String, Object> os = attrs(OS, "ProcessCpuLoad", "ProcessCpuTime", systemLoadAttribute,
                "SystemLoadAverage", "AvailableProcessors", "OpenFileDescriptorCount", "MaxFileDescriptorCount");
        Object systemLoad = os.get(systemLoadAttribute);
        JvmSample.Cpu cpu = new JvmSample.Cpu(dbl(os.get("ProcessCpuLoad")), num(os.get("ProcessCpuTime"), -1),
                dbl(systemLoad), dbl(os.get("SystemLoadAverage")), (int) num(os.get("AvailableProcessors"), -1), compilerCpu.ns());
        Map<String, Object> cl = attrs(CLASSES, "LoadedClassCount", "TotalLoadedClassCount", "UnloadedClassCount");
        Map<String, JvmSample.Buffer> buf = new LinkedHashMap<>();
        for (ObjectName b : buffers) {
            Map<String, Object> a = attrs(b, "Count", "MemoryUsed", "TotalCapacity");
            buf.put(b.getKeyProperty("name"), new JvmSample.Buffer(num(a.get("Count"), -1), num(a.get("MemoryUsed"), -1),
                    num(a.get("TotalCapacity"), -1)));
        }
        long uptime = now - jvmStartMs; // the same figure as RuntimeMXBean.getUptime, without a round trip
        return new JvmSample(Instant.ofEpochMilli(now).toString(), now, pid, uptime,
                toUsage(usage(mem.get("HeapMemoryUsage"))), toUsage(usage(mem.get("NonHeapMemoryUsage"))),
                heapAfterLastGc != null ? heapAfterLastGc : lastAfter, poolMap, gc, threadCounts(),
                cpu, new JvmSample.Classes((int) num(cl.get("LoadedClassCount"), -1), num(cl.get("TotalLoadedClassCount"), -1),
                        num(cl.get("UnloadedClassCount"), -1)),
                buf, new JvmSample.Fds(num(os.get("OpenFileDescriptorCount"), -1), num(os.get("MaxFileDescriptorCount"), -1)));
    }

    private GcInfo lastGcInfo(ObjectName collector) throws IOException {
        Object cd = attrs(collector, "LastGcInfo").get("LastGcInfo");
        return cd instanceof CompositeData c ? GcInfo.from(c) : null;
    }

    private long heapUsed(Map<String, MemoryUsage> byPool) {
        long sum = 0;
        for (Map.Entry<String, MemoryUsage> e : byPool.entrySet()) {
            if (heapPools.contains(e.getKey())) sum += e.getValue().getUsed();
        }
        return sum;
    }

    private JvmSample.Threads threadCounts() throws IOException {
        boolean countStates = --samplesUntilStates <= 0;
        Map<String, Object> t = countStates
                ? attrs(THREADING, "ThreadCount", "DaemonThreadCount", "PeakThreadCount", "TotalStartedThreadCount", "AllThreadIds")
                : attrs(THREADING, "ThreadCount", "DaemonThreadCount", "PeakThreadCount", "TotalStartedThreadCount");
        int live = (int) num(t.get("ThreadCount"), -1);
        if (countStates) {
            long[] ids = t.get("AllThreadIds") instanceof long[] l ? l : new long[0];
            int[] byState = new int[Thread.State.values().length];
            // maxDepth 0: states only, no stacks. Still the dearest part of a sample with many threads: the target
            // builds, and serialises over RMI, one CompositeData per thread
            for (ThreadInfo ti : threads.getThreadInfo(ids, 0)) {
                if (ti != null) byState[ti.getThreadState().ordinal()]++;
            }
            states = byState;
            samplesUntilStates = samplesBetweenStateCounts(ids.length);
        }
        return new JvmSample.Threads(live, (int) num(t.get("DaemonThreadCount"), -1),
                (int) num(t.get("PeakThreadCount"), -1), num(t.get("TotalStartedThreadCount"), -1),
                states[Thread.State.NEW.ordinal()], states[Thread.State.RUNNABLE.ordinal()],
                states[Thread.State.BLOCKED.ordinal()], states[Thread.State.WAITING.ordinal()],
                states[Thread.State.TIMED_WAITING.ordinal()], states[Thread.State.TERMINATED.ordinal()]);
    }

    /**
     * How many samples the thread-state count just taken stands for. Counting states costs the target one
     * CompositeData per thread, built and serialised (~14 µs each on a 2-core machine, bench/observer-cost.sh: with
     * 1000 threads at every 1 s sample, 1.6 % of a core on the threads that serve the observer, against 0.5 % with
     * 200). So the count is taken for at most
     * {@link #STATE_THREADS_PER_SAMPLE} threads per sample on average: every sample up to that many threads, every
     * 8th with 1000, and the samples between carry the latest count. The live, daemon and started counts stay
     * exact in every sample (plain attributes); a state count is at most a few seconds old, which a chart of
     * BLOCKED threads over a minutes-long step still shows faithfully.
     */
    static int samplesBetweenStateCounts(int threadCount) {
        return Math.max(1, (threadCount + STATE_THREADS_PER_SAMPLE - 1) / STATE_THREADS_PER_SAMPLE);
    }

    /** The attributes the MBean has among {@code names}; missing ones (older JVMs, other OSes) are absent. */
    private Map<String, Object> attrs(ObjectName on, String... names) throws IOException {
        try {
            AttributeList list = mbeans.getAttributes(on, names);
            Map<String, Object> out = new HashMap<>();
            for (Attribute a : list.asList()) {
                out.put(a.getName(), a.getValue());
            }
            return out;
        } catch (JMException e) {
            return Map.of(); // the MBean went away (a pool unregistered); the sample goes on without it
        }
    }

    private static MemoryUsage usage(Object cd) {
        return cd instanceof CompositeData c ? MemoryUsage.from(c) : null;
    }

    private static JvmSample.Usage toUsage(MemoryUsage u) {
        return u == null ? new JvmSample.Usage(-1, -1, -1) : new JvmSample.Usage(u.getUsed(), u.getCommitted(), u.getMax());
    }

    private static long num(Object o, long dflt) {
        return o instanceof Number n ? n.longValue() : dflt;
    }

    private static double dbl(Object o) {
        return o instanceof Number n && !Double.isNaN(n.doubleValue()) ? n.doubleValue() : -1;
    }

    private static List<ObjectName> sorted(java.util.Set<ObjectName> names) {
        List<ObjectName> l = new ArrayList<>(names);
        l.sort(java.util.Comparator.comparing(ObjectName::getCanonicalName));
        return l;
    }

    static ObjectName name(String s) {
        try {
            return new ObjectName(s);
        } catch (JMException e) {
            throw new IllegalArgumentException(s, e);
        }
    }
}
