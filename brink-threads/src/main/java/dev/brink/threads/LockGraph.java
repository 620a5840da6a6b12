package dev.brink.threads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The locks of one dump: each monitor or synchronizer with the threads holding it and the threads waiting to
 * get it (monitor entry or a park on it; Object.wait() is not waiting to get it). Threads are indexes into
 * {@code dump.threads()}. Built in O(threads + locks); not thread-safe while building, read-only afterwards.
 */
final class LockGraph {
    /** One lock's holders and waiters. */
    static final class Node {
        final LockRef lock;
        final List<Integer> holders = new ArrayList<>(1);
        final List<Integer> waiters = new ArrayList<>(2);

        Node(LockRef lock) {
            this.lock = lock;
        }
    }

    final ThreadDump dump;
    private final Map<String, Node> nodes = new HashMap<>();
    private Map<String, Integer> groupSizes;

    LockGraph(ThreadDump dump) {
        this.dump = dump;
        List<DumpThread> threads = dump.threads();
        for (int i = 0; i < threads.size(); i++) {
            DumpThread t = threads.get(i);
            for (HeldLock h : t.held()) {
                List<Integer> holders = node(h.lock()).holders;
                if (!holders.contains(i)) holders.add(i);
            }
            if (t.contending()) node(t.waitingOn()).waiters.add(i);
        }
    }

    private Node node(LockRef lock) {
        return nodes.computeIfAbsent(lock.identity(), k -> new Node(lock));
    }

    /** Threads per name pattern in this dump; computed once, on first use. */
    Map<String, Integer> groupSizes() {
        if (groupSizes == null) {
            groupSizes = new HashMap<>();
            for (DumpThread t : dump.threads()) groupSizes.merge(ThreadGroups.pattern(t.name()), 1, Integer::sum);
        }
        return groupSizes;
    }

    Node get(String identity) {
        return nodes.get(identity);
    }

    Iterable<Node> nodes() {
        return nodes.values();
    }

    /** The thread holding what thread {@code i} waits for (the first holder for a shared lock), or -1. */
    int holderOfWhatWaits(int i) {
        DumpThread t = dump.threads().get(i);
        if (!t.contending()) return -1;
        Node n = nodes.get(t.waitingOn().identity());
        if (n == null || n.holders.isEmpty()) return -1;
        int h = n.holders.get(0);
        return h == i && n.holders.size() > 1 ? n.holders.get(1) : h;
    }

    /** The frame where thread {@code i} holds {@code identity}: the locking frame, else its top non-JDK frame. */
    StackFrame holdingFrame(int i, String identity) {
        DumpThread t = dump.threads().get(i);
        for (HeldLock h : t.held()) {
            if (h.lock().identity().equals(identity) && !h.synchronizer() && h.depth() < t.frames().size()) {
                return t.frames().get(h.depth());
            }
        }
        return firstAppFrame(t);
    }

    static StackFrame firstAppFrame(DumpThread t) {
        for (StackFrame f : t.frames()) if (!f.jdk()) return f;
        return t.top();
    }
}
