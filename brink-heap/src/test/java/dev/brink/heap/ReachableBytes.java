package dev.brink.heap;

import dev.brink.heap.index.HeapGraph;
import java.util.ArrayDeque;

/**
 * The tests' independent figure for retained sizes: a plain breadth-first walk from the GC roots, with no
 * dominator tree. O(objects + references) per call.
 */
final class ReachableBytes {
    private ReachableBytes() {
    }

    /** Shallow bytes of every object reachable from the roots when object {@code removed} is gone (-1: none is). */
    static long without(HeapGraph g, int removed) {
        boolean[] seen = new boolean[g.objectCount()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r : g.roots()) {
            if (r != removed && !seen[r]) {
                seen[r] = true;
                queue.add(r);
            }
        }
        long bytes = 0;
        while (!queue.isEmpty()) {
            int u = queue.poll();
            bytes += g.shallow(u);
            for (int e = g.refStart(u); e < g.refEnd(u); e++) {
                int x = g.ref(e);
                if (x != removed && !seen[x]) {
                    seen[x] = true;
                    queue.add(x);
                }
            }
        }
        return bytes;
    }
}
