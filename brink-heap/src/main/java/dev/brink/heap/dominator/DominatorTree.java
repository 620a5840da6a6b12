package dev.brink.heap.dominator;

import dev.brink.heap.HeapProgress;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.index.SpilledInts;

/**
 * Immediate dominators and retained sizes of every object reachable from the GC roots, over a super-root
 * that references every root: semidominators as in Lengauer–Tarjan (path compression, O(m log n)), then
 * idoms by Semi-NCA (Georgiadis), which needs no buckets and is near-linear on heap graphs. Everything is iterative: deep graphs (a 1.5 M-node linked list) need no stack.
 * Memory while computing, beside the graph's references (class indexes and sizes wait in a file): 4 bytes per
 * object plus about 24 per object that has references (the predecessors wait in a file too); the references leave
 * for a file once read for the last time. Afterwards 12 bytes per object (retained size and the children lists;
 * 16 for dumps over 32 GiB).
 */
public final class DominatorTree {
    /** {@link #idom} of an object dominated only by the super-root (a top-level dominator). */
    public static final int SUPER_ROOT = -1;
    /** {@link #idom} of an object no GC root reaches (garbage the dump still held). */
    public static final int UNREACHABLE = -2;

    /** Children of the dominator tree (CSR by slot = object + 1; slot 0 is the super-root); no idom array is kept. */
    private final int[] childStart;
    private final int[] children;
    private final Retained retained;
    private final long reachableBytes;
    private final int reachableCount;

    private DominatorTree(int[] childStart, int[] children, Retained retained, long reachableBytes, int reachableCount) {
        this.childStart = childStart;
        this.children = children;
        this.retained = retained;
        this.reachableBytes = reachableBytes;
        this.reachableCount = reachableCount;
    }

    /**
     * Retained sizes, one per object. Every shallow size is a multiple of the object alignment, so when the whole
     * dump is under 2^32 alignment units (32 GiB at 8-byte alignment) each sum fits an unsigned int of units: 4
     * bytes per object instead of 8. Larger dumps (or sizes off the alignment) keep longs.
     */
    private static final class Retained {
        private final int[] units;
        private final long[] bytes;
        private final int unitShift;

        Retained(HeapGraph g) {
            int n = g.objectCount();
            int alignment = g.sizeModel().alignment();
            long sum = 0;
            boolean aligned = true;
            for (int i = 0; i < n; i++) {
                sum += g.shallow(i);
                aligned &= (g.shallow(i) & (alignment - 1)) == 0;
            }
            if (aligned && sum / alignment <= 0xffffffffL) {
                units = new int[n];
                bytes = null;
                unitShift = Integer.numberOfTrailingZeros(alignment);
            } else {
                units = null;
                bytes = new long[n];
                unitShift = 0;
            }
        }

        long get(int o) {
            return units != null ? (units[o] & 0xffffffffL) << unitShift : bytes[o];
        }

        void add(int o, long b) {
            if (units != null) {
                units[o] += (int) (b >>> unitShift);
            } else {
                bytes[o] += b;
            }
        }
    }

    /**
     * Immediate dominator's object index, {@link #SUPER_ROOT} or {@link #UNREACHABLE}. O(objects): the tree is kept
     * as children lists only (walks go down from a root or a suspect), so this is for single questions.
     */
    public int idom(int object) {
        if (!reachable(object)) {
            return UNREACHABLE;
        }
        int k = 0;
        while (children[k] != object) {
            k++;
        }
        int lo = 0;
        int hi = childStart.length - 1;
        while (lo < hi) { // the last slot whose start is <= k owns position k
            int mid = (lo + hi + 1) >>> 1;
            if (childStart[mid] <= k) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    /** First position (for {@link #child}) of the objects {@code object} immediately dominates; -1: the super-root. */
    public int childrenStart(int object) {
        return childStart[object + 1];
    }

    /** End (exclusive) of {@code object}'s children positions; -1: the super-root. */
    public int childrenEnd(int object) {
        return childStart[object + 2];
    }

    public int child(int position) {
        return children[position];
    }

    /** Bytes freed if this object were unreachable: its shallow size plus all it dominates; 0 if unreachable. */
    public long retained(int object) {
        return retained.get(object);
    }

    /** Shallow bytes of all reachable objects: the heap size reports divide by. */
    public long reachableBytes() {
        return reachableBytes;
    }

    public int reachableCount() {
        return reachableCount;
    }

    /** Every object has a positive shallow size, so exactly the reachable ones retain something. */
    public boolean reachable(int object) {
        return retained.get(object) != 0;
    }

    public static DominatorTree compute(HeapGraph g, HeapProgress progress) {
        return new Builder(g, progress).run();
    }

    /**
     * Node 0 is the super-root; node i + 1 is object i. dfs numbers start at 1; 0 means none.
     *
     * <p>Leaves (objects without references: byte[] and other primitive arrays, boxed numbers, empty objects) are
     * a third to a half of a typical heap and lie on no path to any other object, so they change no one else's
     * dominator. Lengauer–Tarjan runs on the other objects only, which shrinks its six per-vertex arrays by that
     * share; a leaf's immediate dominator is then the nearest common ancestor, in the dominator tree, of the
     * objects that reference it (Dom(v) = {v} ∪ ⋂ Dom(p) over its predecessors p).
     */
    private static final class Builder {
        private final HeapGraph g;
        private final HeapProgress progress;
        private final int nodes;
        /** Path-compression stack: as long as the longest uncompressed path, not one slot per object. */
        private int[] evalStack = new int[1024];

        Builder(HeapGraph g, HeapProgress progress) {
            this.g = g;
            this.progress = progress;
            this.nodes = g.objectCount() + 1;
        }

        private int succStart(int node) {
            return node == 0 ? 0 : g.refStart(node - 1);
        }

        private int succEnd(int node) {
            return node == 0 ? g.rootCount() : g.refEnd(node - 1);
        }

        private int succ(int node, int k) {
            return node == 0 ? g.root(k) + 1 : g.ref(k) + 1;
        }

        private boolean leaf(int object) {
            return g.refEnd(object) == g.refStart(object);
        }

        DominatorTree run() {
            // Lengauer–Tarjan reads only the references; class and size wait in a file until the retained sizes
            g.parkClassesAndSizes();
            int inner = 0;
            for (int i = 0; i < g.objectCount(); i++) {
                if (!leaf(i)) {
                    inner++;
                }
            }
            int[] dfnum = new int[nodes];
            int[] vertex = new int[inner + 2];
            int[] parent = new int[inner + 2];
            int count = dfs(dfnum, vertex, parent);
            progress.update("dominators", 1, 4);
            int[] predStart = new int[count + 2];
            // the semidominator loop reads the predecessors once, from the last dfs number down: they wait in a file
            // and come back through a small window while LT's own three arrays are on the heap
            SpilledInts preds = SpilledInts.of(predecessors(dfnum, vertex, count, predStart));
            progress.update("dominators", 2, 4);

            dfnum = null; // preds are in dfs numbers already: the object-indexed array goes before LT's three arrays come

            int[] semi = new int[count + 1];
            int[] ancestor = new int[count + 1];
            int[] best = new int[count + 1];
            for (int v = 1; v <= count; v++) {
                best[v] = v;
            }
            // semidominators, exactly as Lengauer–Tarjan computes them
            for (int n = count; n >= 2; n--) {
                int s = parent[n];
                for (int k = predStart[n + 1] - 1; k >= predStart[n]; k--) { // downwards too: one pass over the file
                    int v = preds.get(k);
                    int s2 = v <= n ? v : semi[eval(v, ancestor, best, semi)];
                    if (s2 < s) {
                        s = s2;
                    }
                }
                semi[n] = s;
                ancestor[n] = parent[n];
            }
            preds = null;
            predStart = null;
            evalStack = null;
            // Semi-NCA: idom(v) is the nearest common ancestor of parent(v) and semi(v) in the dominator tree
            // built so far; in dfs order the idoms above v are final. Saves LT's buckets (8 bytes per object).
            int[] idom = parent;
            for (int v = 2; v <= count; v++) {
                int d = parent[v];
                while (d > semi[v]) {
                    d = idom[d];
                }
                idom[v] = d;
            }
            progress.update("dominators", 3, 4);
            // the three LT arrays are free: they become the pre-order intervals of the dominator tree
            intervals(idom, count, semi, ancestor, best);
            best = null; // only the intervals' fill cursor: gone before the object-indexed array comes
            int[] objectIdom = leafDominators(vertex, idom, count, semi, ancestor);
            semi = null;
            ancestor = null;
            // the last read of every reference: from here on the report reads only Strings' from a file
            g.spillReferences();
            toObjectIndexes(objectIdom, vertex, idom, count);
            vertex = null; // the dfs-number arrays go before the children lists are built beside the idoms
            parent = null;
            idom = null;
            int[] childStart = new int[g.objectCount() + 2];
            int[] children = childrenLists(objectIdom, childStart);
            objectIdom = null; // and the idoms go before the retained sizes come
            g.restoreClassesAndSizes();
            DominatorTree tree = retainedSizes(childStart, children);
            progress.update("dominators", 4, 4);
            return tree;
        }

        /** Depth-first numbering of the non-leaf objects reachable from the super-root; returns their count + 1. */
        private int dfs(int[] dfnum, int[] vertex, int[] parent) {
            // the stack grows with the depth, not the heap: a 1.5 M-node linked list is 1.5 M deep, a map is shallow
            int[] stackNode = new int[1024];
            int[] stackPos = new int[1024];
            int count = 0;
            int sp = 0;
            dfnum[0] = ++count;
            vertex[count] = 0;
            stackNode[sp] = 0;
            stackPos[sp++] = succStart(0);
            while (sp > 0) {
                int node = stackNode[sp - 1];
                int pos = stackPos[sp - 1];
                if (pos < succEnd(node)) {
                    stackPos[sp - 1] = pos + 1;
                    int w = succ(node, pos);
                    if (dfnum[w] == 0 && !leaf(w - 1)) {
                        dfnum[w] = ++count;
                        vertex[count] = w;
                        parent[count] = dfnum[node];
                        if (sp == stackNode.length) {
                            stackNode = java.util.Arrays.copyOf(stackNode, sp * 2);
                            stackPos = java.util.Arrays.copyOf(stackPos, sp * 2);
                        }
                        stackNode[sp] = w;
                        stackPos[sp++] = succStart(w);
                    }
                } else {
                    sp--;
                }
            }
            return count;
        }

        /**
         * Predecessors in dfs numbers, CSR by dfs number; only edges between numbered nodes. The start array is
         * its own fill cursor: after the fill each slot holds the next one's start, and one shift restores it.
         */
        private int[] predecessors(int[] dfnum, int[] vertex, int count, int[] predStart) {
            for (int d = 1; d <= count; d++) {
                int node = vertex[d];
                for (int k = succStart(node); k < succEnd(node); k++) {
                    int w = dfnum[succ(node, k)];
                    if (w != 0) {
                        predStart[w + 1]++;
                    }
                }
            }
            for (int i = 1; i < predStart.length; i++) {
                predStart[i] += predStart[i - 1];
            }
            int[] preds = new int[predStart[count + 1]];
            for (int d = 1; d <= count; d++) {
                int node = vertex[d];
                for (int k = succStart(node); k < succEnd(node); k++) {
                    int w = dfnum[succ(node, k)];
                    if (w != 0) {
                        preds[predStart[w]++] = d;
                    }
                }
            }
            for (int i = count + 1; i >= 2; i--) {
                predStart[i] = predStart[i - 1];
            }
            predStart[1] = 0;
            return preds;
        }

        /** Ancestor of v (in the linked forest) whose semidominator is lowest, compressing the path. */
        private int eval(int v, int[] ancestor, int[] best, int[] semi) {
            int sp = 0;
            int u = v;
            while (ancestor[ancestor[u]] != 0) {
                if (sp == evalStack.length) {
                    evalStack = java.util.Arrays.copyOf(evalStack, sp * 2);
                }
                evalStack[sp++] = u;
                u = ancestor[u];
            }
            while (sp > 0) {
                int y = evalStack[--sp];
                int a = ancestor[y];
                if (semi[best[a]] < semi[best[y]]) {
                    best[y] = best[a];
                }
                ancestor[y] = ancestor[a];
            }
            return best[v];
        }

        /** Pre-order number and subtree size of each non-leaf node in the dominator tree; {@code next} is scratch. */
        private static void intervals(int[] idom, int count, int[] pre, int[] size, int[] next) {
            java.util.Arrays.fill(size, 1, count + 1, 1);
            for (int d = count; d >= 2; d--) {
                size[idom[d]] += size[d]; // a dominator's dfs number is below its children's
            }
            pre[1] = 0;
            next[1] = 1;
            for (int d = 2; d <= count; d++) {
                int p = idom[d];
                pre[d] = next[p];
                next[p] += size[d];
                next[d] = pre[d] + 1;
            }
        }

        /**
         * Immediate dominators of the reachable leaves, as dfs numbers of non-leaf nodes, in an array by object
         * index that holds {@link #UNREACHABLE} everywhere else. The nearest common ancestor climbs from the leaf's
         * current dominator until that one's pre-order interval holds the next referrer: each leaf's climb only
         * goes up, so a leaf referenced from every node of a long list costs one step per reference, not the depth.
         */
        private int[] leafDominators(int[] vertex, int[] idom, int count, int[] pre, int[] size) {
            int[] objectIdom = new int[g.objectCount()];
            java.util.Arrays.fill(objectIdom, UNREACHABLE);
            for (int d = 1; d <= count; d++) {
                int node = vertex[d];
                for (int k = succStart(node); k < succEnd(node); k++) {
                    int o = succ(node, k) - 1;
                    if (!leaf(o)) {
                        continue;
                    }
                    int cur = objectIdom[o];
                    if (cur == UNREACHABLE) {
                        objectIdom[o] = d;
                    } else if (cur != d) {
                        while (pre[d] < pre[cur] || pre[d] >= pre[cur] + size[cur]) {
                            cur = idom[cur];
                        }
                        objectIdom[o] = cur;
                    }
                }
            }
            return objectIdom;
        }

        /** Leaves' idoms (dfs numbers so far) and the other objects' (from the dfs-indexed tree) as object indexes. */
        private static void toObjectIndexes(int[] objectIdom, int[] vertex, int[] idomDfs, int count) {
            for (int o = 0; o < objectIdom.length; o++) {
                if (objectIdom[o] != UNREACHABLE) {
                    objectIdom[o] = vertex[objectIdom[o]] - 1; // the super-root (node 0) becomes SUPER_ROOT (-1)
                }
            }
            for (int d = 2; d <= count; d++) {
                objectIdom[vertex[d] - 1] = vertex[idomDfs[d]] - 1;
            }
        }

        /** Retained sizes in one post-order walk down the children lists: a node is final when it leaves the stack. */
        private DominatorTree retainedSizes(int[] childStart, int[] children) {
            Retained retained = new Retained(g);
            long total = 0;
            int reachable = 0;
            int[] stack = new int[1024];
            int[] cursor = new int[1024];
            int sp = 0;
            stack[sp] = -1;
            cursor[sp++] = childStart[0];
            while (sp > 0) {
                int node = stack[sp - 1];
                if (cursor[sp - 1] < childStart[node + 2]) {
                    int child = children[cursor[sp - 1]++];
                    if (sp == stack.length) {
                        stack = java.util.Arrays.copyOf(stack, sp * 2);
                        cursor = java.util.Arrays.copyOf(cursor, sp * 2);
                    }
                    stack[sp] = child;
                    cursor[sp++] = childStart[child + 1];
                } else {
                    sp--;
                    if (node >= 0) {
                        retained.add(node, g.shallow(node));
                        total += g.shallow(node);
                        reachable++;
                        if (sp > 1) {
                            retained.add(stack[sp - 1], retained.get(node));
                        }
                    }
                }
            }
            return new DominatorTree(childStart, children, retained, total, reachable);
        }

        /** CSR of the idoms (by object index); {@code childStart} is its own fill cursor, shifted back afterwards. */
        private static int[] childrenLists(int[] idom, int[] childStart) {
            int n = idom.length;
            for (int o = 0; o < n; o++) {
                if (idom[o] != UNREACHABLE) {
                    childStart[idom[o] + 2]++; // SUPER_ROOT (-1) counts in slot 1, i.e. starts at slot 0
                }
            }
            for (int i = 1; i < childStart.length; i++) {
                childStart[i] += childStart[i - 1];
            }
            int[] children = new int[childStart[n + 1]];
            for (int o = 0; o < n; o++) {
                if (idom[o] != UNREACHABLE) {
                    children[childStart[idom[o] + 1]++] = o;
                }
            }
            for (int i = n + 1; i >= 1; i--) {
                childStart[i] = childStart[i - 1];
            }
            childStart[0] = 0;
            return children;
        }
    }
}
