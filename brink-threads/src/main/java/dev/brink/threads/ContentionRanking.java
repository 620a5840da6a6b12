package dev.brink.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Ranks locks by waiters × dumps over a series. A lock is keyed by class and identity, so one object is
 * followed across dumps. A park with no holder is a thread idling on a condition (a pool waiting for work), not
 * contention, and is left out, unless the parked thread is acquiring a synchronizer (an
 * AbstractQueuedSynchronizer acquire frame: ReentrantLock.lock, a read-write lock, a semaphore): formats that
 * do not list ownable synchronizers (Thread.dump_to_file) never name a lock's holder, yet those threads wait
 * for one. A monitor entry always counts. O(total threads). Stateless.
 */
final class ContentionRanking {
    private ContentionRanking() {
    }

    private static final class Acc {
        LockRef lock;
        WaitKind kind;
        int waiterDumps;
        int dumpsSeen;
        int maxWaiters = -1;
        LockGraph bestGraph;
        LockGraph.Node bestNode;
        final Set<String> holders = new LinkedHashSet<>();
    }

    static List<LockContention> rank(List<LockGraph> graphs) {
        Map<String, Acc> accs = new LinkedHashMap<>();
        for (LockGraph g : graphs) {
            for (LockGraph.Node n : g.nodes()) {
                if (n.waiters.isEmpty()) continue;
                DumpThread first = g.dump.threads().get(n.waiters.get(0));
                WaitKind kind = first.waitKind();
                if (kind == WaitKind.PARK && n.holders.isEmpty() && !acquiring(first)) continue;
                Acc a = accs.computeIfAbsent(n.lock.className() + "@" + n.lock.identity(), k -> new Acc());
                a.lock = n.lock;
                a.kind = kind;
                a.waiterDumps += n.waiters.size();
                a.dumpsSeen++;
                for (int h : n.holders) a.holders.add(g.dump.threads().get(h).name());
                if (n.waiters.size() > a.maxWaiters) {
                    a.maxWaiters = n.waiters.size();
                    a.bestGraph = g;
                    a.bestNode = n;
                }
            }
        }
        List<LockContention> out = new ArrayList<>(accs.size());
        for (Acc a : accs.values()) out.add(toContention(a, graphs.size()));
        out.sort(Comparator.comparingInt(LockContention::waiterDumps).reversed()
                .thenComparing(Comparator.comparingInt(LockContention::maxWaiters).reversed())
                .thenComparing(c -> c.lock().identity()));
        return out;
    }

    /**
     * True when a parked thread is in an AQS acquire, not in a condition's await nor in a latch's await. A
     * CountDownLatch is built on an AQS shared acquire, but nobody ever owns it: its waiters wait for an event
     * (start-up done, shutdown asked; Spring Boot's "server" thread awaits one for the life of the process), which
     * no holder could release sooner, exactly like a condition wait. So is a Semaphore a library acquires to be
     * handed work by its own threads ({@link PoolStarvation#handOff}: Jetty's reserved threads, in
     * Semaphore.tryAcquire until the selector gives them a job).
     */
    static boolean acquiring(DumpThread t) {
        List<StackFrame> frames = t.frames();
        for (int i = 0; i < frames.size(); i++) {
            StackFrame f = frames.get(i);
            if (f.className().equals("java.util.concurrent.CountDownLatch")) return false;
            if (f.className().equals("java.util.concurrent.Semaphore") && f.method().contains("cquire")
                    && PoolStarvation.handOff(frames, i)) {
                return false;
            }
        }
        for (StackFrame f : t.frames()) {
            if (f.className().startsWith("java.util.concurrent.locks.AbstractQueued")) {
                if (f.className().endsWith("$ConditionObject")) return false;
                if (f.method().startsWith("acquire")) return true;
            }
        }
        return false;
    }

    private static LockContention toContention(Acc a, int dumpsTotal) {
        List<DumpThread> threads = a.bestGraph.dump.threads();
        List<String> waiters = new ArrayList<>(a.bestNode.waiters.size());
        for (int w : a.bestNode.waiters) waiters.add(threads.get(w).name());
        String holder = null;
        String holderState = null;
        StackFrame holderFrame = null;
        List<StackFrame> holderFrames = List.of();
        if (!a.bestNode.holders.isEmpty()) {
            int h = a.bestNode.holders.get(0);
            DumpThread ht = threads.get(h);
            holder = ht.name();
            holderState = ht.state();
            holderFrame = a.bestGraph.holdingFrame(h, a.lock.identity());
            holderFrames = ht.frames().subList(0, Math.min(5, ht.frames().size()));
        }
        return new LockContention(a.lock, a.kind, holder, holderState, holderFrame, holderFrames, a.maxWaiters,
                waiters, waiterGroup(waiters, a.bestGraph.groupSizes()), a.waiterDumps, a.dumpsSeen, dumpsTotal,
                new ArrayList<>(a.holders));
    }

    /** "7 of 8 BookThread-*" when the waiters share a name pattern, else "5 threads". */
    static String waiterGroup(List<String> waiters, Map<String, Integer> sizes) {
        String pattern = null;
        for (String w : waiters) {
            String p = ThreadGroups.pattern(w);
            if (pattern == null) {
                pattern = p;
            } else if (!pattern.equals(p)) {
                return waiters.size() + (waiters.size() == 1 ? " thread" : " threads");
            }
        }
        if (pattern == null || !pattern.contains("*")) {
            return waiters.size() == 1 ? waiters.get(0) : waiters.size() + " threads";
        }
        return waiters.size() + " of " + sizes.getOrDefault(pattern, waiters.size()) + " " + pattern;
    }
}
