package dev.brink.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fills in holders a dump names only from the waiter's side: JMX ThreadInfo gives a blocked thread's
 * lock owner id even when the owner's own synchronizer list was not asked for, and newer JDK JSON dumps may
 * give a park blocker's owner. The owner then holds that lock (depth -1: the frame that took it is unknown).
 * O(threads). Stateless.
 */
final class LockOwners {
    private LockOwners() {
    }

    /** {@code ownerIdOf}: index of a waiting thread → the Java id of the thread owning what it waits for. */
    static List<DumpThread> apply(List<DumpThread> threads, Map<Integer, Long> ownerIdOf) {
        if (ownerIdOf.isEmpty()) return threads;
        Map<Long, Integer> byId = new HashMap<>();
        for (int i = 0; i < threads.size(); i++) byId.putIfAbsent(threads.get(i).id(), i);
        List<DumpThread> out = new ArrayList<>(threads);
        ownerIdOf.forEach((waiter, ownerId) -> {
            Integer o = byId.get(ownerId);
            LockRef lock = threads.get(waiter).waitingOn();
            if (o == null || o.equals(waiter) || lock == null) return;
            DumpThread owner = out.get(o);
            for (HeldLock h : owner.held()) if (h.lock().identity().equals(lock.identity())) return;
            List<HeldLock> held = new ArrayList<>(owner.held());
            held.add(new HeldLock(lock, -1));
            out.set(o, new DumpThread(owner.name(), owner.id(), owner.nid(), owner.state(), owner.daemon(),
                    owner.virtual(), owner.priority(), owner.cpuMs(), owner.elapsedS(), owner.frames(), held,
                    owner.waitingOn(), owner.waitKind(), owner.carrierOf()));
        });
        return out;
    }
}
