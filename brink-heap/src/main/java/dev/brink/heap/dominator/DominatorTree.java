package dev.brink.heap.dominator;

import dev.brink.heap.HeapProgress;
import dev.brink.heap.index.HeapGraph;

/**
 * Immediate dominators and retained sizes of every object reachable from the GC roots, computed with
 * Lengauer–Tarjan (simple version: path compression without balancing, O(m log n)) over a super-root that
 * references every root. Everything is iterative: deep graphs (a 1.5 M-node linked list) need no stack.
 * Memory while computing: about 40 bytes per object plus 4 per reference; afterwards 12 bytes per object.
 */
public final class DominatorTree {
    /** {@link #idom} of an object dominated only by the super-root (a top-level dominator). */
    public static final int SUPER_ROOT = -1;
    /** {@link #idom} of an object no GC root reaches (garbage the dump still held). */
    public static final int UNREACHABLE = -2;

    private final int[] idom;
    private final long[] retained;
    private final long reachableBytes;
    private final int reachableCount;

    private DominatorTree(int[] idom, long[] retained, long reachableBytes, int reachableCount) {
        this.idom = idom;
        this.retained = retained;
        this.reachableBytes = reachableBytes;
        this.reachableCount = reachableCount;
    }

    /** Immediate dominator's object index, {@link #SUPER_ROOT} or {@link #UNREACHABLE}. */
    public int idom(int object) {
        return idom[object];
    }

    /** Bytes freed if this object were unreachable: its shallow size plus all it dominates; 0 if unreachable. */
    public long retained(int object) {
        return retained[object];
    }

    /** Shallow bytes of all reachable objects: the heap size reports divide by. */
    public long reachableBytes() {
        return reachableBytes;
    }

    public int reachableCount() {
        return reachableCount;
    }

    public boolean reachable(int object) {
        return idom[object] != UNREACHABLE;
    }

    public static DominatorTree compute(HeapGraph g, HeapProgress progress) {
        return new Builder(g, progress).run();
    }

    /** Node 0 is the super-root; node i + 1 is object i. dfs numbers start at 1; 0 means none. */
    private static final class Builder {
        private final HeapGraph g;
        private final HeapProgress progress;
        private final int nodes;

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

        DominatorTree run() {
            int[] dfnum = new int[nodes];
            int[] vertex = new int[nodes + 1];
            int[] parent = new int[nodes + 1];
            // iterative DFS; the two stacks borrow arrays that are initialised only afterwards
            int[] stackNode = new int[nodes + 1];
            int[] stackPos = new int[nodes + 1];
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
                    if (dfnum[w] == 0) {
                        dfnum[w] = ++count;
                        vertex[count] = w;
                        parent[count] = dfnum[node];
                        stackNode[sp] = w;
                        stackPos[sp++] = succStart(w);
                    }
                } else {
                    sp--;
                }
            }
            progress.update("dominators", 1, 4);
            int[] predStart = new int[count + 2];
            int[] preds = predecessors(dfnum, count, predStart);
            progress.update("dominators", 2, 4);

            int[] semi = stackNode; // reuse
            int[] ancestor = stackPos;
            int[] best = new int[count + 1];
            int[] idom = new int[count + 1];
            // parent[v] is last read when v is processed; afterwards it holds v's "same dominator as" link
            int[] samedom = parent;
            int[] bucketHead = new int[count + 1];
            int[] bucketNext = new int[count + 1];
            java.util.Arrays.fill(semi, 0);
            java.util.Arrays.fill(ancestor, 0);
            for (int v = 1; v <= count; v++) {
                best[v] = v;
            }
            int[] evalStack = dfnum; // preds are already in dfs numbers; dfnum is rebuilt from vertex below
            for (int n = count; n >= 2; n--) {
                int p = parent[n];
                int s = p;
                for (int k = predStart[n]; k < predStart[n + 1]; k++) {
                    int v = preds[k];
                    int s2 = v <= n ? v : semi[eval(v, ancestor, best, semi, evalStack)];
                    if (s2 < s) {
                        s = s2;
                    }
                }
                semi[n] = s;
                bucketNext[n] = bucketHead[s];
                bucketHead[s] = n;
                ancestor[n] = p;
                best[n] = n;
                for (int v = bucketHead[p]; v != 0; v = bucketNext[v]) {
                    int y = eval(v, ancestor, best, semi, evalStack);
                    if (semi[y] == semi[v]) {
                        idom[v] = p;
                        samedom[v] = 0;
                    } else {
                        samedom[v] = y;
                    }
                }
                bucketHead[p] = 0;
            }
            for (int n = 2; n <= count; n++) {
                if (samedom[n] != 0) {
                    idom[n] = idom[samedom[n]];
                }
            }
            progress.update("dominators", 3, 4);
            java.util.Arrays.fill(dfnum, 0);
            for (int d = 1; d <= count; d++) {
                dfnum[vertex[d]] = d;
            }
            return finish(dfnum, vertex, idom, count);
        }

        /** Predecessors in dfs numbers, CSR by dfs number; only edges between reached nodes. */
        private int[] predecessors(int[] dfnum, int count, int[] predStart) {
            for (int node = 0; node < nodes; node++) {
                if (dfnum[node] == 0) {
                    continue;
                }
                for (int k = succStart(node); k < succEnd(node); k++) {
                    predStart[dfnum[succ(node, k)] + 1]++;
                }
            }
            for (int i = 1; i < predStart.length; i++) {
                predStart[i] += predStart[i - 1];
            }
            int[] fill = new int[count + 1];
            int[] preds = new int[predStart[count + 1]];
            for (int node = 0; node < nodes; node++) {
                int dn = dfnum[node];
                if (dn == 0) {
                    continue;
                }
                for (int k = succStart(node); k < succEnd(node); k++) {
                    int w = dfnum[succ(node, k)];
                    preds[predStart[w] + fill[w]++] = dn;
                }
            }
            return preds;
        }

        /** Ancestor of v (in the linked forest) whose semidominator is lowest, compressing the path. */
        private static int eval(int v, int[] ancestor, int[] best, int[] semi, int[] stack) {
            int sp = 0;
            int u = v;
            while (ancestor[ancestor[u]] != 0) {
                stack[sp++] = u;
                u = ancestor[u];
            }
            while (sp > 0) {
                int y = stack[--sp];
                int a = ancestor[y];
                if (semi[best[a]] < semi[best[y]]) {
                    best[y] = best[a];
                }
                ancestor[y] = ancestor[a];
            }
            return best[v];
        }

        private DominatorTree finish(int[] dfnum, int[] vertex, int[] idomDfs, int count) {
            int n = g.objectCount();
            long[] retainedDfs = new long[count + 1];
            long total = 0;
            for (int d = count; d >= 2; d--) {
                // children have larger dfs numbers than their dominator, so one backward sweep accumulates
                retainedDfs[d] += g.shallow(vertex[d] - 1);
                total += g.shallow(vertex[d] - 1);
                retainedDfs[idomDfs[d]] += retainedDfs[d];
            }
            int[] idom = new int[n];
            long[] retained = new long[n];
            for (int i = 0; i < n; i++) {
                int d = dfnum[i + 1];
                if (d == 0) {
                    idom[i] = UNREACHABLE;
                } else {
                    int dom = vertex[idomDfs[d]];
                    idom[i] = dom == 0 ? SUPER_ROOT : dom - 1;
                    retained[i] = retainedDfs[d];
                }
            }
            progress.update("dominators", 4, 4);
            return new DominatorTree(idom, retained, total, count - 1);
        }
    }
}
