package dev.brink.jvm;

import dev.brink.core.evidence.ThreadDumpDoc;
import java.lang.management.LockInfo;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** ThreadInfo (as JMX delivers it) → the shared {@link ThreadDumpDoc} record. */
final class ThreadDumpJson {
    private ThreadDumpJson() {
    }

    /**
     * @param cpu      CPU ns per thread id at this dump
     * @param previous CPU ns per thread id at the previous dump of the burst, or null for the first
     */
    static ThreadDumpDoc toDoc(ThreadInfo[] infos, Map<Long, Long> cpu, Map<Long, Long> previous, long epochMs,
                               long pid, String vm, int seq) {
        List<ThreadDumpDoc.ThreadEntry> threads = new ArrayList<>(infos.length);
        for (ThreadInfo ti : infos) {
            if (ti == null) continue;
            long now = cpu.getOrDefault(ti.getThreadId(), -1L);
            long delta = -1;
            if (previous != null && now >= 0) {
                // a thread born since the previous dump used all its CPU inside the interval
                delta = now - previous.getOrDefault(ti.getThreadId(), 0L);
            }
            List<ThreadDumpDoc.Frame> frames = new ArrayList<>();
            for (StackTraceElement e : ti.getStackTrace()) {
                frames.add(new ThreadDumpDoc.Frame(e.getClassName(), e.getMethodName(), e.getFileName(),
                        e.isNativeMethod() ? -2 : e.getLineNumber()));
            }
            List<ThreadDumpDoc.LockedMonitor> monitors = new ArrayList<>();
            for (MonitorInfo m : ti.getLockedMonitors()) {
                monitors.add(new ThreadDumpDoc.LockedMonitor(m.getClassName(), ThreadDumpText.identity(m), m.getLockedStackDepth()));
            }
            List<ThreadDumpDoc.LockRef> syncs = new ArrayList<>();
            for (LockInfo s : ti.getLockedSynchronizers()) {
                syncs.add(ref(s));
            }
            threads.add(new ThreadDumpDoc.ThreadEntry(ti.getThreadName(), ti.getThreadId(), ti.isDaemon(), ti.getPriority(),
                    ti.getThreadState().name(), now, delta, ti.getLockInfo() == null ? null : ref(ti.getLockInfo()),
                    ti.getLockOwnerId(), ti.getLockOwnerName(), frames, monitors, syncs));
        }
        return new ThreadDumpDoc(ThreadDumpDoc.FORMAT, epochMs, pid, vm, seq, threads);
    }

    private static ThreadDumpDoc.LockRef ref(LockInfo l) {
        return new ThreadDumpDoc.LockRef(l.getClassName(), ThreadDumpText.identity(l));
    }
}
