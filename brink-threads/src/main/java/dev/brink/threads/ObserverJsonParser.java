package dev.brink.threads;

import dev.brink.core.evidence.ThreadDumpDoc;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns Brink's observer document ({@link ThreadDumpDoc}, from JMX ThreadInfo) into the model. ThreadInfo
 * gives the lock a thread waits for but not how: BLOCKED is a monitor entry, a thread inside Object.wait() is
 * waiting on a monitor it released, anything else waiting on a lock is parked on a synchronizer.
 */
final class ObserverJsonParser {
    private ObserverJsonParser() {
    }

    static ThreadDump convert(String source, int line, ThreadDumpDoc doc) {
        List<DumpThread> threads = new ArrayList<>(doc.threads().size());
        Map<Integer, Long> owners = new HashMap<>();
        for (ThreadDumpDoc.ThreadEntry e : doc.threads()) {
            if (e == null || e.name() == null) continue;
            DumpThread t = thread(e);
            if (t.contending() && e.lockOwnerId() >= 0) owners.put(threads.size(), e.lockOwnerId());
            threads.add(t);
        }
        threads = LockOwners.apply(threads, owners);
        Instant time = doc.epochMs() > 0 ? Instant.ofEpochMilli(doc.epochMs()) : null;
        return new ThreadDump(source, line, time, doc.jvm(), DumpFormat.BRINK_JSON, threads, List.of(), null);
    }

    private static DumpThread thread(ThreadDumpDoc.ThreadEntry e) {
        List<StackFrame> frames = new ArrayList<>(e.frames().size());
        for (ThreadDumpDoc.Frame f : e.frames()) {
            if (f == null || f.className() == null || f.method() == null) continue;
            String loc = f.line() == -2 ? "Native Method"
                    : f.file() == null ? "Unknown Source"
                    : f.line() >= 0 ? f.file() + ":" + f.line() : f.file();
            frames.add(new StackFrame(f.className(), f.method(), loc));
        }
        List<HeldLock> held = new ArrayList<>();
        for (ThreadDumpDoc.LockedMonitor m : e.lockedMonitors()) {
            if (m == null || m.identity() == null) continue;
            held.add(new HeldLock(new LockRef(m.className(), m.identity()), Math.max(0, m.depth())));
        }
        for (ThreadDumpDoc.LockRef s : e.lockedSynchronizers()) {
            if (s == null || s.identity() == null) continue;
            held.add(new HeldLock(new LockRef(s.className(), s.identity()), -1));
        }
        LockRef waiting = null;
        WaitKind kind = WaitKind.NONE;
        if (e.waitingOn() != null && e.waitingOn().identity() != null) {
            waiting = new LockRef(e.waitingOn().className(), e.waitingOn().identity());
            StackFrame top = frames.isEmpty() ? null : frames.get(0);
            boolean inWait = top != null && top.className().equals("java.lang.Object") && top.method().startsWith("wait");
            kind = "BLOCKED".equals(e.state()) ? WaitKind.ENTER : inWait ? WaitKind.WAIT : WaitKind.PARK;
            if (kind == WaitKind.WAIT) {
                String id = waiting.identity();
                held.removeIf(h -> h.lock().identity().equals(id));
            }
        }
        double cpuMs = e.cpuNs() >= 0 ? e.cpuNs() / 1e6 : -1;
        return new DumpThread(e.name(), e.id(), -1, e.state(), e.daemon(), false, e.priority(), cpuMs, -1, frames,
                held, waiting, kind, -1);
    }
}
