package dev.brink.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Busy threads: over two or more dumps, a thread RUNNABLE with the same top method in every dump, unless it is
 * only parked in a native I/O wait that the JVM reports as RUNNABLE (accept, read, epoll) or its CPU share
 * between the first and last dump is below {@value #MIN_SHARE}. With top -H output, a thread using at least
 * {@value #MIN_TOP_PCT} %CPU there is busy too, whatever its stack. Ranked by CPU used (delta, else top's
 * %CPU). Stateless; O(threads × dumps).
 */
final class BusyThreadFinder {
    // Low on purpose: on an overloaded machine a spinning thread gets little CPU, yet it is still the one that
    // wants it; this only drops threads RUNNABLE in some wait the JVM cannot tell from work.
    static final double MIN_SHARE = 0.01;
    static final double MIN_TOP_PCT = 10.0;

    /** Native methods where a RUNNABLE thread is waiting for I/O or a signal, not computing. */
    private static final Set<String> IDLE_NATIVE = Set.of("accept", "accept0", "socketAccept", "socketRead0",
            "socketRead", "read", "read0", "readBytes", "readv0", "recv", "recvfrom", "receive0", "epollWait", "wait",
            "wait0", "poll", "poll0", "kevent0", "keventPoll", "doSelect", "select0", "waitForReferencePendingList",
            "park", "sleep", "sleep0", "sleepNanos0", "waitForProcessExit", "waitForProcessExit0", "available0",
            "connect0", "socketConnect", "ioctl", "take", "select", "takeVirtualThreadListToUnblock",
            "waitForSignal", "await", "pollEvents");

    /**
     * The thread that takes the dump shows up in it, RUNNABLE in the dumping code, in every dump of a burst
     * (an observer's JMX connection thread in ThreadImpl.dumpThreads0, jcmd's Attach Listener). It is the
     * observer, not the application: never a busy thread.
     */
    private static final Set<String> DUMPING_METHODS = Set.of("dumpThreads0", "dumpThreads", "getThreadInfo1",
            "printThreads", "dumpThreadsToJson");

    private BusyThreadFinder() {
    }

    static List<BusyThread> find(List<ThreadDump> dumps, Map<Long, Double> topCpu) {
        List<BusyThread> out = new ArrayList<>();
        ThreadDump last = dumps.get(dumps.size() - 1);
        ThreadDump first = dumps.get(0);
        Map<String, DumpThread> firstByKey = index(first);
        List<Map<String, DumpThread>> all = new ArrayList<>();
        for (ThreadDump d : dumps) all.add(d == last ? null : index(d));
        double wallMs = wallMs(first, last);
        for (DumpThread t : last.threads()) {
            double pct = t.nid() >= 0 && topCpu.containsKey(t.nid()) ? topCpu.get(t.nid()) : -1;
            boolean inSameCode = dumps.size() >= 2 && runnableInCode(t);
            for (int i = 0; inSameCode && i < dumps.size() - 1; i++) {
                DumpThread o = all.get(i).get(t.key());
                inSameCode = o != null && runnableInCode(o) && sameMethod(o.top(), t.top());
            }
            DumpThread f = firstByKey.get(t.key());
            double cpuDelta = dumps.size() >= 2 && f != null && f.cpuMs() >= 0 && t.cpuMs() >= 0
                    ? Math.max(0, t.cpuMs() - f.cpuMs()) : -1;
            double wall = f != null && f.elapsedS() >= 0 && t.elapsedS() > f.elapsedS()
                    ? (t.elapsedS() - f.elapsedS()) * 1000 : wallMs;
            double share = cpuDelta >= 0 && wall > 0 ? cpuDelta / wall : -1;
            boolean busy = inSameCode && (share < 0 || share >= MIN_SHARE) || pct >= MIN_TOP_PCT;
            if (busy) {
                out.add(new BusyThread(t.name(), t.nid(), t.top(), inSameCode ? dumps.size() : 1, cpuDelta,
                        cpuDelta >= 0 ? wall : -1, pct));
            }
        }
        out.sort(Comparator.comparingDouble((BusyThread b) -> b.cpuDeltaMs() >= 0 ? b.cpuDeltaMs() : -1).reversed()
                .thenComparing(Comparator.comparingDouble(BusyThread::topCpuPct).reversed())
                .thenComparing(BusyThread::name));
        return out;
    }

    private static Map<String, DumpThread> index(ThreadDump d) {
        Map<String, DumpThread> m = new HashMap<>(d.threads().size() * 2);
        for (DumpThread t : d.threads()) m.putIfAbsent(t.key(), t);
        return m;
    }

    private static double wallMs(ThreadDump first, ThreadDump last) {
        if (first.time() == null || last.time() == null) return -1;
        long ms = last.time().toEpochMilli() - first.time().toEpochMilli();
        return ms > 0 ? ms : -1;
    }

    static boolean runnableInCode(DumpThread t) {
        StackFrame top = t.top();
        if (!"RUNNABLE".equals(t.state()) || top == null) return false;
        if (DUMPING_METHODS.contains(top.method()) || "Attach Listener".equals(t.name())) return false;
        return !("Native Method".equals(top.location()) && IDLE_NATIVE.contains(top.method()));
    }

    private static boolean sameMethod(StackFrame a, StackFrame b) {
        return a != null && b != null && a.className().equals(b.className()) && a.method().equals(b.method());
    }
}
