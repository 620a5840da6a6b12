package dev.brink.heap.report;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Walks down the dominator tree's children lists, from a suspect and for per-class retained sizes. The walks need
 * a stack only as deep as the tree.
 */
public final class DominatedTree {
    private final HeapGraph g;
    private final DominatorTree tree;

    public DominatedTree(HeapGraph g, DominatorTree tree) {
        this.g = g;
        this.tree = tree;
    }

    /** Objects immediately dominated by {@code object}, or by the super-root when object is -1. */
    public int[] children(int object) {
        int[] out = new int[tree.childrenEnd(object) - tree.childrenStart(object)];
        for (int k = 0; k < out.length; k++) {
            out[k] = tree.child(tree.childrenStart(object) + k);
        }
        return out;
    }

    /** The child retaining most, or -1 when none. */
    public int biggestChild(int object) {
        int best = -1;
        for (int k = tree.childrenStart(object); k < tree.childrenEnd(object); k++) {
            if (best < 0 || tree.retained(tree.child(k)) > tree.retained(best)) {
                best = tree.child(k);
            }
        }
        return best;
    }

    /**
     * From {@code x} down the biggest child while it keeps at least {@code bigDrop} of its parent's retained size:
     * the chain to the accumulation point (its last element), MAT's "big drop" walk.
     */
    public int[] chainFrom(int x, double bigDrop) {
        IntListBuilder chain = new IntListBuilder();
        chain.add(x);
        int cur = x;
        while (true) {
            int b = biggestChild(cur);
            if (b < 0 || tree.retained(b) < bigDrop * tree.retained(cur)) {
                return chain.toArray();
            }
            chain.add(b);
            cur = b;
        }
    }

    private static final class IntListBuilder {
        private int[] a = new int[16];
        private int n;

        void add(int v) {
            if (n == a.length) {
                a = Arrays.copyOf(a, n * 2);
            }
            a[n++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(a, n);
        }
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
        cursor[sp++] = tree.childrenStart(-1);
        while (sp > 0) {
            int node = stack[sp - 1];
            if (cursor[sp - 1] < tree.childrenEnd(node)) {
                int child = tree.child(cursor[sp - 1]++);
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
                cursor[sp++] = tree.childrenStart(child);
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
        // bytes found below the top-level dominator being walked (stack[1]), added to the map once it is left:
        // a leak puts millions of instances under one holder, and a boxed merge per instance cost more than the walk
        long pending = 0;
        boolean found = false;
        stack[sp] = -1;
        cursor[sp++] = tree.childrenStart(-1);
        while (sp > 0) {
            int node = stack[sp - 1];
            if (cursor[sp - 1] < tree.childrenEnd(node)) {
                int child = tree.child(cursor[sp - 1]++);
                boolean mine = g.classOf(child) == cls;
                if (mine && onPath == 0) {
                    pending += tree.retained(child);
                    found = true;
                }
                if (mine) {
                    onPath++;
                }
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, sp * 2);
                    cursor = Arrays.copyOf(cursor, sp * 2);
                }
                stack[sp] = child;
                cursor[sp++] = tree.childrenStart(child);
            } else {
                if (node >= 0 && g.classOf(node) == cls) {
                    onPath--;
                }
                if (sp == 2 && found) {
                    out.merge(node, pending, Long::sum);
                    pending = 0;
                    found = false;
                }
                sp--;
            }
        }
        return out;
    }
}
