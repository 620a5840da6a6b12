package dev.brink.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Threads of a jcmd Thread.dump_to_file dump (JSON or text, JDK 21+) woken from Object.wait() and waiting to
 * re-lock the monitor they waited on. jstack says so ("waiting to re-lock in wait()"); these formats do not: the
 * thread is BLOCKED with Object.wait on top, no "blockedOn", and still lists the monitor among those it owns.
 * Read as is, every woken waiter holds the monitor beside its real owner (the notifier, still inside its
 * synchronized block), and the contention on it is blamed on whichever of them comes first in the dump, a
 * waiter. Here such a thread is made to wait to enter that monitor instead, as jstack has it. O(threads + held
 * locks). Stateless.
 */
final class WaitRelocks {
    private WaitRelocks() {
    }

    static List<DumpThread> apply(List<DumpThread> threads) {
        // how many threads list each monitor as held: a monitor has one owner, so a monitor listed by two
        // threads is the one a woken waiter among them is re-locking
        Map<String, Integer> listedBy = new HashMap<>();
        for (DumpThread t : threads) {
            for (HeldLock h : t.held()) if (!h.synchronizer()) listedBy.merge(h.lock().identity(), 1, Integer::sum);
        }
        List<DumpThread> out = null;
        for (int i = 0; i < threads.size(); i++) {
            DumpThread t = threads.get(i);
            HeldLock relock = relocking(t, listedBy);
            if (relock == null) continue;
            List<HeldLock> held = new ArrayList<>(t.held());
            held.remove(relock);
            if (out == null) out = new ArrayList<>(threads);
            out.set(i, new DumpThread(t.name(), t.id(), t.nid(), t.state(), t.daemon(), t.virtual(), t.priority(),
                    t.cpuMs(), t.elapsedS(), t.frames(), held, relock.lock(), WaitKind.ENTER, t.carrierOf()));
        }
        return out == null ? threads : out;
    }

    /**
     * The held monitor a BLOCKED thread in Object.wait() is re-locking, or null when it is not such a thread. The
     * dump does not name it. wait() can only be called holding it, and code nearly always calls it right inside
     * the synchronized block that took it, so it is the innermost monitor held (listed first at the shallowest
     * depth). A thread may hold others within that one (synchronized (a) { synchronized (b) { a.wait(); } }): a
     * monitor another thread also lists as held is preferred, since only one of the two can really own it.
     */
    static HeldLock relocking(DumpThread t, Map<String, Integer> listedBy) {
        if (t.waitingOn() != null || !"BLOCKED".equals(t.state()) || t.held().isEmpty()) return null;
        StackFrame top = t.top();
        if (top == null || !top.className().equals("java.lang.Object") || !top.method().startsWith("wait")) return null;
        HeldLock innermost = null;
        for (HeldLock h : t.held()) {
            if (h.synchronizer()) continue;
            if (listedBy.getOrDefault(h.lock().identity(), 0) > 1) return h;
            if (innermost == null || h.depth() < innermost.depth()) innermost = h;
        }
        return innermost;
    }
}
