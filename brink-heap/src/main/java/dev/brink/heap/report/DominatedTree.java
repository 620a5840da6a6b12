package dev.brink.heap.report;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Children lists of the dominator tree (CSR; slot 0 is the super-root, slot i + 1 object i), for walking
 * down from a suspect and for per-class retained sizes. 8 bytes per object; the walks need a stack only as deep as
 * the tree.
 */
public final class DominatedTree {
    private final int[] start;
    private final int[] kids;
    private final HeapGraph g;
    private final DominatorTree tree;

    public DominatedTree(HeapGraph g, DominatorTree tree) {
        this.g = g;
        this.tree = tree;
        int n = g.objectCount();
        start = new int[n + 2];
        for (int i = 0; i < n; i++) {
            int d = tree.idom(i);
            if (d != DominatorTree.UNREACHABLE) {
                start[d + 2]++; // SUPER_ROOT (-1) lands in slot 0
            }
        }
        for (int i = 1; i < start.length; i++) {
            start[i] += start[i - 1];
        }
        kids = new int[start[n + 1]];
        // start[] is its own fill cursor: afterwards each slot holds the next one's start, one shift restores it
        for (int i = 0; i < n; i++) {
            int d = tree.idom(i);
            if (d != DominatorTree.UNREACHABLE) {
                kids[start[d + 1]++] = i;
            }
        }
        for (int s = n + 1; s >= 1; s--) {
            start[s] = start[s - 1];
        }
        start[0] = 0;
    }

    /** Objects immediately dominated by {@code object}, or by the super-root when object is -1. */
    public int[] children(int object) {
        int s = object + 1;
        return Arrays.copyOfRange(kids, start[s], start[s + 1]);
    }

    /** The child retaining most, or -1 when none. */
    public int biggestChild(int object) {
        int s = object + 1;
        int best = -1;
        for (int k = start[s]; k < start[s + 1]; k++) {
            if (best < 0 || tree.retained(kids[k]) > tree.retained(best)) {
                best = kids[k];
            }
        }
        return best;
    }

    /**
     * Retained bytes per class: the sum over instances that have no instance of the same class above them
     * in the dominator tree, so nested instances count once. One iterative walk, O(objects).
     */
    public long[] retainedByClass() {
        int classes = g.classes().size();
        long[] out = new long[classes];
        int[] onPath = new int[classes];
        int[] stack = new int[1024];
        int[] cursor = new int[1024];
        int sp = 0;
        stack[sp] = -1;
        cursor[sp++] = start[0];
        while (sp > 0) {
            int node = stack[sp - 1];
            int s = node + 1;
            if (cursor[sp - 1] < start[s + 1]) {
                int child = kids[cursor[sp - 1]++];
                int c = g.classOf(child);
                if (onPath[c] == 0) {
                    out[c] += tree.retained(child);
                }
                onPath[c]++;
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, sp * 2);
                    cursor = Arrays.copyOf(cursor, sp * 2);
                }
                stack[sp] = child;
                cursor[sp++] = start[child + 1];
            } else {
                if (node >= 0) {
                    onPath[g.classOf(node)]--;
                }
                sp--;
            }
        }
        return out;
    }

    /**
     * Where the instances of class {@code cls} are held: for each top-level dominator (a child of the super-root)
     * above at least one of them, the bytes retained by the topmost instances below it. Nested instances count
     * once, as in {@link #retainedByClass()}. One iterative walk, O(objects).
     */
    public Map<Integer, Long> retainedByTopHolder(int cls) {
        Map<Integer, Long> out = new HashMap<>();
        int[] stack = new int[1024];
        int[] cursor = new int[1024];
        int onPath = 0;
        int sp = 0;
        stack[sp] = -1;
        cursor[sp++] = start[0];
        while (sp > 0) {
            int node = stack[sp - 1];
            if (cursor[sp - 1] < start[node + 2]) {
                int child = kids[cursor[sp - 1]++];
                boolean mine = g.classOf(child) == cls;
                if (mine && onPath == 0) {
                    out.merge(sp == 1 ? child : stack[1], tree.retained(child), Long::sum);
                }
                if (mine) {
                    onPath++;
                }
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, sp * 2);
                    cursor = Arrays.copyOf(cursor, sp * 2);
                }
                stack[sp] = child;
                cursor[sp++] = start[child + 1];
            } else {
                if (node >= 0 && g.classOf(node) == cls) {
                    onPath--;
                }
                sp--;
            }
        }
        return out;
    }
}
