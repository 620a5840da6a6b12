package dev.brink.heap.report;

import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.index.ParkedInts;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * Shortest paths from the GC roots (one breadth-first search from all roots at once). Like MAT's "path to
 * GC roots excluding weak references", it does not go through java.lang.ref.Reference objects, so a
 * path shows what really keeps an object alive. What only a Reference object reaches gets a path through it in a
 * second search from those objects: a ThreadLocal's value hangs off its ThreadLocalMap entry, a weak reference
 * whose other fields are strong (the graph does not tell the referent's slot from the others). The search needs 4 bytes per object and a queue as wide as the
 * widest level (beside the graph's references: class indexes and sizes wait in a file, {@link HeapGraph#isReference} says which objects are Reference objects); afterwards the parents are parked in a memory-mapped file (see {@link ParkedInts}): a path reads a
 * handful of them, so they cost the heap nothing while the dominator tree and the report are built.
 */
public final class GcPaths {
    private final IntBuffer parent; // -1 root, -2 not reached

    public GcPaths(HeapGraph g) {
        parent = ParkedInts.park(bfs(g));
    }

    private static int[] bfs(HeapGraph g) {
        int n = g.objectCount();
        int[] parent = new int[n];
        Arrays.fill(parent, -2);
        IntQueue queue = new IntQueue();
        IntQueue references = new IntQueue();
        for (int k = 0; k < g.rootCount(); k++) {
            int r = g.root(k);
            parent[r] = -1;
            queue.add(r);
        }
        for (int wave = 0; wave < 2; wave++) {
            while (!queue.isEmpty()) {
                int u = queue.poll();
                if (wave == 0 && g.isReference(u)) {
                    references.add(u);
                    continue;
                }
                for (int e = g.refStart(u); e < g.refEnd(u); e++) {
                    int w = g.ref(e);
                    if (parent[w] == -2) {
                        parent[w] = u;
                        queue.add(w);
                    }
                }
            }
            queue = references;
        }
        return parent;
    }

    /** FIFO ring buffer as wide as the widest BFS level, not one slot per object. */
    private static final class IntQueue {
        private int[] a = new int[1024];
        private int head;
        private int size;

        void add(int v) {
            if (size == a.length) {
                int[] b = new int[a.length * 2];
                System.arraycopy(a, head, b, 0, a.length - head);
                System.arraycopy(a, 0, b, a.length - head, head);
                a = b;
                head = 0;
            }
            a[(head + size++) & (a.length - 1)] = v;
        }

        int poll() {
            int v = a[head];
            head = (head + 1) & (a.length - 1);
            size--;
            return v;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }

    /** Objects from a root to {@code object}, root first; empty when no strong path exists. */
    public int[] pathTo(int object) {
        if (parent.get(object) == -2) {
            return new int[0];
        }
        int len = 0;
        for (int v = object; v >= 0; v = parent.get(v)) {
            len++;
        }
        int[] path = new int[len];
        for (int v = object, i = len - 1; v >= 0; v = parent.get(v), i--) {
            path[i] = v;
        }
        return path;
    }
}
