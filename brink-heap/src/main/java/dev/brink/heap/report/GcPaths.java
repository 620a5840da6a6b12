package dev.brink.heap.report;

import dev.brink.heap.index.HeapGraph;
import java.util.Arrays;

/**
 * Shortest paths from the GC roots (one breadth-first search from all roots at once). Like MAT's "path to
 * GC roots excluding weak references", it does not go through java.lang.ref.Reference objects, so a
 * path shows what really keeps an object alive. 4 bytes per object.
 */
public final class GcPaths {
    private final int[] parent; // -1 root, -2 not reached

    public GcPaths(HeapGraph g) {
        int n = g.objectCount();
        parent = new int[n];
        Arrays.fill(parent, -2);
        boolean[] weak = new boolean[g.classes().size()];
        for (int c = 0; c < weak.length; c++) {
            for (int k = c, depth = 0; k >= 0 && depth < 10_000; k = g.classes().superIndex(k), depth++) {
                if ("java.lang.ref.Reference".equals(g.classes().name(k))) {
                    weak[c] = true;
                    break;
                }
            }
        }
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int k = 0; k < g.rootCount(); k++) {
            int r = g.root(k);
            parent[r] = -1;
            queue[tail++] = r;
        }
        while (head < tail) {
            int u = queue[head++];
            if (weak[g.classOf(u)]) {
                continue;
            }
            for (int e = g.refStart(u); e < g.refEnd(u); e++) {
                int w = g.ref(e);
                if (parent[w] == -2) {
                    parent[w] = u;
                    queue[tail++] = w;
                }
            }
        }
    }

    /** Objects from a root to {@code object}, root first; empty when no strong path exists. */
    public int[] pathTo(int object) {
        if (parent[object] == -2) {
            return new int[0];
        }
        int len = 0;
        for (int v = object; v >= 0; v = parent[v]) {
            len++;
        }
        int[] path = new int[len];
        for (int v = object, i = len - 1; v >= 0; v = parent[v], i--) {
            path[i] = v;
        }
        return path;
    }
}
