package dev.brink.heap.dominator;

import dev.brink.heap.HeapProgress;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.index.SpilledInts;

/**
 * Immediate dominators and retained sizes of every object reachable from the GC roots, over a super-root
 * that references every root: semidominators as in Lengauer–Tarjan (path compression, O(m log n)), then
 * idoms by Semi-NCA (Georgiadis), which needs no buckets and is near-linear on heap graphs. Everything is iterative: deep graphs (a 1.5 M-node linked list) need no stack.
 *
 * <p>Memory, with N objects of which I have references (I is about N / 2 in a typical heap: byte[], boxed numbers and
 * other leaves are the rest), C of those reachable, and R references. The peak of the whole analysis must stay near 14
 * bytes of live heap per object (with about one reference per object) so that a 10 GiB dump (154 M objects) is
 * analysed in under 3 GiB of resident memory (it takes 2.4 GiB); so every array a step does not read waits in a temporary file ({@code SpilledInts}), and what
 * a step reads in one direction is streamed from one rather than held:
 * <ul>
 *   <li>depth-first numbering: the graph's references (4N + 4R) and the dfs numbers (4N); the dfs order and the dfs
 *       parents are streamed out as they are found;</li>
 *   <li>predecessors: the dfs numbers (4N) and the predecessor lists (4C + 4 per edge between two inner objects);
 *       the references are read in object order from their file, and each edge to a leaf is streamed out;</li>
 *   <li>Lengauer–Tarjan and Semi-NCA: four dfs-indexed arrays (16C), the predecessors read back downwards;</li>
 *   <li>the leaves' dominators: three dfs-indexed arrays (12C) and one idom per object (4N), the leaf edges read
 *       back in order;</li>
 *   <li>the tree: children lists (4 bytes per reachable object) with a start only for objects that have references,
 *       and retained sizes only for those (4C; a leaf retains its shallow size, one bit says it is reachable): about
 *       4N + 8C, 16 for dumps over 32 GiB; {@link #park parked} in files while the report's detail scan runs.</li>
 * </ul>
 */
public final class DominatorTree {
    /** {@link #idom} of an object dominated only by the super-root (a top-level dominator). */
    public static final int SUPER_ROOT = -1;
    /** {@link #idom} of an object no GC root reaches (garbage the dump still held). */
    public static final int UNREACHABLE = -2;

    /**
     * Children of the dominator tree, CSR by slot: slot 0 is the super-root, slot r + 1 the object of rank r among
     * those with references ({@link #inner}). A leaf dominates nothing (no path goes on through it), so it has no
     * slot. No idom array is kept.
     */
    private int[] childStart;
    private int[] children;
    /** The two arrays above while {@link #park parked}, else null. */
    private SpilledInts parkedStarts;
    private SpilledInts parkedChildren;
    /** The objects that have references. */
    private final RankedBits inner;
    private final Retained retained;
    private final long reachableBytes;
    private final int reachableCount;

    private DominatorTree(int[] childStart, int[] children, RankedBits inner, Retained retained, long reachableBytes, int reachableCount) {
        this.childStart = childStart;
        this.children = children;
        this.inner = inner;
        this.retained = retained;
        this.reachableBytes = reachableBytes;
        this.reachableCount = reachableCount;
    }

    /**
     * Moves the tree's arrays (children lists, their starts, the retained sizes: about 8 bytes per object) into
     * temporary files until {@link #restore}, for a step that reads the dump again and not the tree: the detail scan,
     * whose string hashes need about 28 bytes per String at the same time. The tree must not be read meanwhile.
     */
    public void park() {
        if (parkedStarts == null) {
            parkedStarts = SpilledInts.of(childStart);
            parkedChildren = SpilledInts.of(children);
            childStart = null;
            children = null;
            retained.park();
        }
    }

    /** Reads what {@link #park} moved out back into the heap. */
    public void restore() {
        if (parkedStarts != null) {
            childStart = parkedStarts.toArray();
            children = parkedChildren.toArray();
            parkedStarts = null;
            parkedChildren = null;
            retained.restore();
        }
    }

    /** Slot of an object's children list ({@link #childStart}), or -1 for a leaf. */
    private static int slot(RankedBits inner, int object) {
        return object == SUPER_ROOT ? 0 : inner.has(object) ? inner.rank(object) + 1 : -1;
    }

    /**
     * Retained sizes of the objects that have references; a leaf retains exactly its own shallow size, so for leaves
     * only one bit (reached or not) is kept. Every shallow size is a multiple of the object alignment, so when the
     * whole dump is under 2^32 alignment units (32 GiB at 8-byte alignment) each sum fits an unsigned int of units:
     * 4 bytes per inner object instead of 8. Larger dumps (or sizes off the alignment) keep longs.
     */
    private static final class Retained {
        private final HeapGraph g;
        private final RankedBits inner;
        private int[] units;
        private SpilledInts parkedUnits;
        private final long[] bytes;
        private final int unitShift;
        private final long[] reachedLeaves;

        Retained(HeapGraph g, RankedBits inner) {
            this.g = g;
            this.inner = inner;
            int n = g.objectCount();
            int alignment = g.sizeModel().alignment();
            long sum = 0;
            boolean aligned = true;
            for (int i = 0; i < n; i++) {
                sum += g.shallow(i);
                aligned &= (g.shallow(i) & (alignment - 1)) == 0;
            }
            if (aligned && sum / alignment <= 0xffffffffL) {
                units = new int[inner.count()];
                bytes = null;
                unitShift = Integer.numberOfTrailingZeros(alignment);
            } else {
                units = null;
                bytes = new long[inner.count()];
                unitShift = 0;
            }
            reachedLeaves = new long[(n + 63) >>> 6];
        }

        long get(int o) {
            if (!inner.has(o)) {
                return (reachedLeaves[o >>> 6] & (1L << o)) != 0 ? g.shallow(o) : 0;
            }
            int r = inner.rank(o);
            return bytes == null ? (units[r] & 0xffffffffL) << unitShift : bytes[r];
        }

        /** Adds to an object that has references (only those dominate others). */
        void add(int o, long b) {
            int r = inner.rank(o);
            if (bytes == null) {
                units[r] += (int) (b >>> unitShift);
            } else {
                bytes[r] += b;
            }
        }

        void reachLeaf(int o) {
            reachedLeaves[o >>> 6] |= 1L << o;
        }

        /** The 4-byte sums go to a file (see {@link DominatorTree#park}); 8-byte ones (dumps over 32 GiB) stay. */
        void park() {
            if (units != null) {
                parkedUnits = SpilledInts.of(units);
                units = null;
            }
        }

        void restore() {
            if (parkedUnits != null) {
                units = parkedUnits.toArray();
                parkedUnits = null;
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
        return lo == 0 ? SUPER_ROOT : inner.select(lo - 1);
    }

    /** First position (for {@link #child}) of the objects {@code object} immediately dominates; -1: the super-root. */
    public int childrenStart(int object) {
        int s = slot(inner, object);
        return s < 0 ? 0 : childStart[s];
    }

    /** End (exclusive) of {@code object}'s children positions; -1: the super-root. */
    public int childrenEnd(int object) {
        int s = slot(inner, object);
        return s < 0 ? 0 : childStart[s + 1];
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
     * dominator. Lengauer–Tarjan runs on the other objects only, which shrinks its per-vertex arrays by that
     * share; a leaf's immediate dominator is then the nearest common ancestor, in the dominator tree, of the
     * objects that reference it (Dom(v) = {v} ∪ ⋂ Dom(p) over its predecessors p), which does not depend on the
     * order the referrers come in.
     */
    private static final class Builder {
        private final HeapGraph g;
        private final HeapProgress progress;
        private final int nodes;
        /** The objects that have references. */
        private final RankedBits inner;
        /** Path-compression stack: as long as the longest uncompressed path, not one slot per object. */
        private int[] evalStack = new int[1024];

        Builder(HeapGraph g, HeapProgress progress) {
            this.g = g;
            this.progress = progress;
            this.nodes = g.objectCount() + 1;
            this.inner = new RankedBits(g.objectCount());
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

        DominatorTree run() {
            // Lengauer–Tarjan reads only the references; class and size wait in a file until the retained sizes
            g.parkClassesAndSizes();
            for (int i = 0; i < g.objectCount(); i++) {
                if (g.refEnd(i) != g.refStart(i)) {
                    inner.set(i);
                }
            }
            inner.seal();
            int[] dfnum = new int[nodes];
            SpilledInts.Writer vertexOut = SpilledInts.writer();
            SpilledInts.Writer parentOut = SpilledInts.writer();
            int count = dfs(dfnum, vertexOut, parentOut);
            SpilledInts vertexFile = vertexOut.finish();
            SpilledInts parentFile = parentOut.finish();
            progress.update("dominators", 1, 4);
            // the last random read of the references: from here on they are read in object order from a file, here
            // and by the report (Strings' values)
            g.spillReferences();
            int[] predStartArray = new int[count + 2];
            SpilledInts.Writer leafFromOut = SpilledInts.writer();
            SpilledInts.Writer leafToOut = SpilledInts.writer();
            int[] predArray = predecessors(dfnum, predStartArray, leafFromOut, leafToOut);
            dfnum = null; // preds are in dfs numbers already: the object-indexed array goes before LT's arrays come
            // the semidominator loop reads the predecessors and their starts once, from the last dfs number down
            SpilledInts preds = SpilledInts.of(predArray);
            predArray = null;
            SpilledInts predStart = SpilledInts.of(predStartArray);
            predStartArray = null;
            SpilledInts leafFrom = leafFromOut.finish();
            SpilledInts leafTo = leafToOut.finish();
            progress.update("dominators", 2, 4);

            int[] parent = parentFile.toArray();
            parentFile = null;
            int[] semi = new int[count + 1];
            int[] ancestor = new int[count + 1];
            int[] best = new int[count + 1];
            for (int v = 1; v <= count; v++) {
                best[v] = v;
            }
            // semidominators, exactly as Lengauer–Tarjan computes them
            for (int n = count; n >= 2; n--) {
                int s = parent[n];
                for (int k = predStart.get(n + 1) - 1, first = predStart.get(n); k >= first; k--) { // downwards too
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
            int[] objectIdom = leafDominators(leafFrom, leafTo, idom, semi, ancestor);
            leafFrom = null;
            leafTo = null;
            semi = null;
            ancestor = null;
            int[] vertex = vertexFile.toArray();
            vertexFile = null;
            toObjectIndexes(objectIdom, vertex, idom, count);
            vertex = null; // the dfs-number arrays go before the children lists are built beside the idoms
            parent = null;
            idom = null;
            int[] childStart = new int[inner.count() + 2];
            int[] children = childrenLists(objectIdom, childStart);
            objectIdom = null; // and the idoms go before the retained sizes come
            g.restoreClassesAndSizes();
            DominatorTree tree = retainedSizes(childStart, children);
            progress.update("dominators", 4, 4);
            return tree;
        }

        /**
         * Depth-first numbering of the non-leaf objects reachable from the super-root; returns their count + 1. Each
         * node's object (node) and dfs parent go to the two streams at its dfs number (slot 0 of each: none).
         */
        private int dfs(int[] dfnum, SpilledInts.Writer vertex, SpilledInts.Writer parent) {
            // the stack grows with the depth, not the heap: a 1.5 M-node linked list is 1.5 M deep, a map is shallow
            int[] stackNode = new int[1024];
            int[] stackPos = new int[1024];
            int count = 0;
            int sp = 0;
            vertex.add(0);
            parent.add(0);
            dfnum[0] = ++count;
            vertex.add(0);
            parent.add(0);
            stackNode[sp] = 0;
            stackPos[sp++] = succStart(0);
            while (sp > 0) {
                int node = stackNode[sp - 1];
                int pos = stackPos[sp - 1];
                if (pos < succEnd(node)) {
                    stackPos[sp - 1] = pos + 1;
                    int w = succ(node, pos);
                    if (dfnum[w] == 0 && inner.has(w - 1)) {
                        dfnum[w] = ++count;
                        vertex.add(w);
                        parent.add(dfnum[node]);
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
         * Predecessors in dfs numbers, CSR by dfs number; only edges between numbered nodes. The super-root's edges
         * (to the roots) first, then the objects in index order: the references are read from their file front to
         * back, twice (count, fill). The order of a node's predecessors changes no semidominator (a minimum over
         * them). An edge from a numbered node to an unnumbered one reaches a leaf (every other object it reaches is
         * numbered): it goes to the two leaf streams, as dfs number and object. The start array is its own fill
         * cursor: after the fill each slot holds the next one's start, and one shift restores it.
         */
        private int[] predecessors(int[] dfnum, int[] predStart, SpilledInts.Writer leafFrom, SpilledInts.Writer leafTo) {
            int count = predStart.length - 2;
            for (int k = 0; k < g.rootCount(); k++) {
                int w = dfnum[g.root(k) + 1];
                if (w != 0) {
                    predStart[w + 1]++;
                }
            }
            for (int o = 0; o < nodes - 1; o++) {
                if (dfnum[o + 1] != 0) {
                    for (int k = g.refStart(o), end = g.refEnd(o); k < end; k++) {
                        int w = dfnum[g.ref(k) + 1];
                        if (w != 0) {
                            predStart[w + 1]++;
                        }
                    }
                }
            }
            for (int i = 1; i < predStart.length; i++) {
                predStart[i] += predStart[i - 1];
            }
            int[] preds = new int[predStart[count + 1]];
            for (int k = 0; k < g.rootCount(); k++) {
                int target = g.root(k);
                int w = dfnum[target + 1];
                if (w != 0) {
                    preds[predStart[w]++] = 1;
                } else {
                    leafFrom.add(1);
                    leafTo.add(target);
                }
            }
            for (int o = 0; o < nodes - 1; o++) {
                int d = dfnum[o + 1];
                if (d != 0) {
                    for (int k = g.refStart(o), end = g.refEnd(o); k < end; k++) {
                        int target = g.ref(k);
                        int w = dfnum[target + 1];
                        if (w != 0) {
                            preds[predStart[w]++] = d;
                        } else {
                            leafFrom.add(d);
                            leafTo.add(target);
                        }
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
         * index that holds {@link #UNREACHABLE} everywhere else; from the leaf edges (dfs number of the referrer, leaf)
         * that {@link #predecessors} streamed out. The nearest common ancestor climbs from the leaf's current
         * dominator until that one's pre-order interval holds the next referrer: each leaf's climb only goes up, so a
         * leaf referenced from every node of a long list costs one step per reference, not the depth.
         */
        private int[] leafDominators(SpilledInts from, SpilledInts to, int[] idom, int[] pre, int[] size) {
            int[] objectIdom = new int[g.objectCount()];
            java.util.Arrays.fill(objectIdom, UNREACHABLE);
            for (int e = 0; e < from.length(); e++) {
                int d = from.get(e);
                int o = to.get(e);
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

        /**
         * Retained sizes in one post-order walk down the children lists: a node is final when it leaves the stack;
         * a leaf child is final at once (it retains itself).
         */
        private DominatorTree retainedSizes(int[] childStart, int[] children) {
            Retained retained = new Retained(g, inner);
            long total = 0;
            int reachable = 0;
            int[] stack = new int[1024];
            int[] cursor = new int[1024];
            int sp = 0;
            stack[sp] = SUPER_ROOT;
            cursor[sp++] = childStart[0];
            while (sp > 0) {
                int node = stack[sp - 1];
                if (cursor[sp - 1] < childStart[slot(inner, node) + 1]) {
                    int child = children[cursor[sp - 1]++];
                    if (!inner.has(child)) {
                        retained.reachLeaf(child);
                        total += g.shallow(child);
                        reachable++;
                        if (node != SUPER_ROOT) {
                            retained.add(node, g.shallow(child));
                        }
                        continue;
                    }
                    if (sp == stack.length) {
                        stack = java.util.Arrays.copyOf(stack, sp * 2);
                        cursor = java.util.Arrays.copyOf(cursor, sp * 2);
                    }
                    stack[sp] = child;
                    cursor[sp++] = childStart[slot(inner, child)];
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
            return new DominatorTree(childStart, children, inner, retained, total, reachable);
        }

        /**
         * CSR of the idoms (by object index) over the slots of {@link DominatorTree#childStart}; {@code childStart} is
         * its own fill cursor, shifted back afterwards.
         */
        private int[] childrenLists(int[] idom, int[] childStart) {
            int n = idom.length;
            for (int o = 0; o < n; o++) {
                if (idom[o] != UNREACHABLE) {
                    childStart[idomSlot(idom[o]) + 1]++;
                }
            }
            for (int i = 1; i < childStart.length; i++) {
                childStart[i] += childStart[i - 1];
            }
            int[] children = new int[childStart[childStart.length - 1]];
            for (int o = 0; o < n; o++) {
                if (idom[o] != UNREACHABLE) {
                    children[childStart[idomSlot(idom[o])]++] = o;
                }
            }
            for (int i = childStart.length - 1; i >= 1; i--) {
                childStart[i] = childStart[i - 1];
            }
            childStart[0] = 0;
            return children;
        }

        /** Slot of a dominator: the super-root or an object with references (a leaf dominates nothing). */
        private int idomSlot(int dominator) {
            int s = slot(inner, dominator);
            if (s < 0) {
                throw new IllegalStateException("object " + dominator + " has no references yet dominates another");
            }
            return s;
        }
    }
}
