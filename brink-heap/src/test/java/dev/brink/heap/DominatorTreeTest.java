package dev.brink.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.testing.HprofWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Retained sizes on hand-built graphs written as real hprof files. Node = 12 + 2 x 4 + 8 = 28 → 32 bytes. */
class DominatorTreeTest {
    @TempDir
    Path dir;

    private record Built(HeapGraph graph, DominatorTree tree) {
        long retained(long id) {
            return tree.retained(graph.indexOf(id));
        }

        int idom(long id) {
            return tree.idom(graph.indexOf(id));
        }
    }

    private Built build(HprofWriter w) throws Exception {
        HeapGraph g = GraphBuilder.build(w.write(dir.resolve("g.hprof")), HeapProgress.NONE);
        return new Built(g, DominatorTree.compute(g, HeapProgress.NONE));
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 8})
    void diamondIsRetainedByItsTopOnly(int idSize) throws Exception {
        HprofWriter w = new HprofWriter(idSize);
        long r = w.newId(), a = w.newId(), b = w.newId(), c = w.newId(), d = w.newId();
        w.node(r, a, b);
        w.node(a, c, 0);
        w.node(b, c, 0);
        w.node(c, d, 0);
        w.node(d, 0, 0);
        w.jniGlobal(r);
        Built t = build(w);
        int node = (int) t.graph.sizeModel().instanceSize(8, 2);
        assertThat(node).isEqualTo(idSize == 8 ? 32 : 24);
        assertThat(t.retained(r)).isEqualTo(5L * node);
        assertThat(t.retained(a)).isEqualTo(node);
        assertThat(t.retained(b)).isEqualTo(node);
        assertThat(t.retained(c)).isEqualTo(2L * node);
        assertThat(t.idom(c)).isEqualTo(t.graph.indexOf(r));
        assertThat(t.idom(r)).isEqualTo(DominatorTree.SUPER_ROOT);
    }

    @Test
    void cycleIsRetainedByItsEntry() throws Exception {
        HprofWriter w = new HprofWriter(8);
        long x = w.newId(), y = w.newId(), z = w.newId(), v = w.newId();
        w.node(x, y, 0);
        w.node(y, z, 0);
        w.node(z, y, v);
        w.node(v, x, 0); // back edge to the root: x stays the only entry
        w.jniGlobal(x);
        Built t = build(w);
        assertThat(t.retained(y)).isEqualTo(3 * 32);
        assertThat(t.retained(z)).isEqualTo(2 * 32);
        assertThat(t.retained(x)).isEqualTo(4 * 32);
    }

    @Test
    void objectReachableFromTwoRootsBelongsToNeither() throws Exception {
        HprofWriter w = new HprofWriter(8);
        long r1 = w.newId(), r2 = w.newId(), shared = w.newId(), arr = w.newId(), bytes = w.newId();
        w.node(r1, shared, 0);
        w.node(r2, shared, 0);
        w.node(shared, arr, 0);
        w.array(arr, bytes, bytes, 0);
        w.bytes(bytes, 100);
        w.jniGlobal(r1);
        w.jniGlobal(r2);
        Built t = build(w);
        assertThat(t.retained(r1)).isEqualTo(32);
        assertThat(t.retained(r2)).isEqualTo(32);
        assertThat(t.idom(shared)).isEqualTo(DominatorTree.SUPER_ROOT);
        long arraySize = 16 + 3 * 4 + 4; // 28 → 32 bytes, aligned
        long bytesSize = 16 + 100 + 4;   // 116 → 120
        assertThat(t.retained(shared)).isEqualTo(32 + arraySize + bytesSize);
        assertThat(t.retained(bytes)).isEqualTo(bytesSize);
    }

    @Test
    void unreachableObjectsRetainNothingAndAreNotCounted() throws Exception {
        HprofWriter w = new HprofWriter(8);
        long root = w.newId(), garbage = w.newId();
        w.node(root, 0, 0);
        w.node(garbage, root, 0);
        w.jniGlobal(root);
        Built t = build(w);
        assertThat(t.tree.reachable(t.graph.indexOf(garbage))).isFalse();
        assertThat(t.retained(garbage)).isZero();
        assertThat(t.retained(root)).isEqualTo(32);
    }

    @Test
    void longChainNeedsNoRecursion() throws Exception {
        HprofWriter w = new HprofWriter(8);
        int n = 300_000;
        long first = w.newId();
        long prev = first;
        for (int i = 1; i < n; i++) {
            long next = w.newId();
            w.node(prev, next, 0);
            prev = next;
        }
        w.node(prev, 0, 0);
        w.jniGlobal(first);
        Built t = build(w);
        assertThat(t.retained(first)).isEqualTo(32L * n);
        assertThat(t.tree.reachableBytes()).isGreaterThanOrEqualTo(32L * n);
    }

    @Test
    void referencesToObjectsNotInTheDumpAreDropped() throws Exception {
        Built withAbsent = twoReferencesTo(true);
        Built withNull = twoReferencesTo(false);
        HeapGraph g = withAbsent.graph;
        assertThat(g.referenceCount()).isEqualTo(withNull.graph.referenceCount());
        for (int v = 0; v < g.objectCount(); v++) {
            assertThat(g.refEnd(v) - g.refStart(v)).isEqualTo(withNull.graph.refEnd(v) - withNull.graph.refStart(v));
            for (int k = g.refStart(v); k < g.refEnd(v); k++) {
                assertThat(g.ref(k)).isEqualTo(withNull.graph.ref(k));
            }
        }
        assertThat(withAbsent.tree.reachableBytes()).isEqualTo(withNull.tree.reachableBytes());
    }

    /** a → b → c, with a reference each from a and b to an id that is not dumped (or null). */
    private Built twoReferencesTo(boolean absent) throws Exception {
        HprofWriter w = new HprofWriter(8);
        long a = w.newId(), b = w.newId(), c = w.newId(), missing = w.newId();
        w.node(a, absent ? missing : 0, b);
        w.node(b, c, absent ? missing : 0);
        w.node(c, 0, 0);
        w.jniGlobal(a);
        return build(w);
    }

    @Test
    void leafReferencedAlongALongChainBelongsToTheChainHead() throws Exception {
        // a leaf (no references of its own) referenced from every node of a deep chain: its dominator is the nearest
        // common ancestor of all its referrers: the chain's head
        HprofWriter w = new HprofWriter(8);
        int n = 50_000;
        long shared = w.newId();
        long head = w.newId();
        long prev = head;
        for (int i = 1; i < n; i++) {
            long next = w.newId();
            w.node(prev, next, shared);
            prev = next;
        }
        w.node(prev, 0, shared);
        w.bytes(shared, 1000);
        w.jniGlobal(head);
        Built t = build(w);
        long sharedSize = 16 + 1000; // array header + bytes, already 8-aligned
        assertThat(t.idom(shared)).isEqualTo(t.graph.indexOf(head));
        assertThat(t.retained(shared)).isEqualTo(sharedSize);
        assertThat(t.retained(head)).isEqualTo(32L * n + sharedSize);
    }

    @Test
    void randomGraphsMatchTheDefinitionOfRetainedSize() throws Exception {
        java.util.Random random = new java.util.Random(42);
        for (int round = 0; round < 15; round++) {
            HprofWriter w = new HprofWriter(8);
            int n = 30 + random.nextInt(120);
            long[] id = new long[n];
            for (int i = 0; i < n; i++) {
                id[i] = w.newId();
            }
            for (int i = 0; i < n; i++) {
                if (random.nextInt(4) == 0) {
                    long[] elements = new long[1 + random.nextInt(5)];
                    for (int k = 0; k < elements.length; k++) {
                        elements[k] = id[random.nextInt(n)];
                    }
                    w.array(id[i], elements);
                } else {
                    w.node(id[i], random.nextInt(5) == 0 ? 0 : id[random.nextInt(n)], random.nextBoolean() ? 0 : id[random.nextInt(n)]);
                }
            }
            for (int r = 0; r < 1 + random.nextInt(3); r++) {
                w.jniGlobal(id[random.nextInt(n)]);
            }
            Built t = build(w);
            HeapGraph g = t.graph;
            long all = ReachableBytes.without(g, -1);
            for (int i = 0; i < n; i++) {
                int v = g.indexOf(id[i]);
                if (!t.tree.reachable(v)) {
                    continue;
                }
                // the definition: bytes that become unreachable when v goes
                long expected = all - ReachableBytes.without(g, v);
                assertThat(t.tree.retained(v)).as("round %d object %d", round, i).isEqualTo(expected);
            }
        }
    }
}
