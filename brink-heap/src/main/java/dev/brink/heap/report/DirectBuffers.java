package dev.brink.heap.report;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The native memory that reachable direct buffers hold outside the heap, in all and per holder. A
 * {@code java.nio.DirectByteBuffer} is about 64 bytes of heap; {@code ByteBuffer.allocateDirect(cap)} took
 * {@code cap} more bytes with {@code Unsafe.allocateMemory}, counted against {@code -XX:MaxDirectMemorySize} by
 * {@code Bits.reserveMemory}, and freed only when the buffer's {@code jdk.internal.ref.Cleaner} runs its
 * {@code Deallocator}, after a GC finds the buffer unreachable. So a map of sessions that keeps its 64 KiB buffers
 * grows the process by megabytes while its heap holder grows by kilobytes, and only this count says so.
 *
 * <p><b>Which buffers own memory.</b> As laid out in JDK 17 and JDK 25 ({@code Direct-X-Buffer.java.template},
 * {@code Buffer.java}): {@code Buffer.capacity} (an int) is the size; the allocating constructor sets
 * {@code cleaner} and leaves {@code att} null; a duplicate, a slice or a view ({@code asLongBuffer}, which are other
 * {@code Direct*Buffer} classes) has no cleaner and {@code att} referencing the buffer whose memory it shares, so
 * memory counts once, at the buffer with a cleaner. A buffer JNI's {@code NewDirectByteBuffer} wrapped has neither:
 * native code owns that memory and Java never frees it, so it is not counted; nor is a buffer over a
 * {@code MemorySegment} (its arena owns the memory), but a Netty 4.2 adaptive chunk's (see {@link AdaptiveChunks}).
 * A {@code MappedByteBuffer} from {@code FileChannel.map} has a
 * cleaner too (its unmapper) and {@code fd} set: its pages are the file's, which the OS writes back and drops under
 * pressure, outside {@code MaxDirectMemorySize}, so it is not counted as native memory held either. Only reachable
 * buffers count: an unreachable one is garbage whose Cleaner has not run yet, and the next GC frees it.
 *
 * <p><b>Only buffers something holds.</b> The graph keeps a Reference's referent as an edge (it cannot tell that slot
 * from the others), and every allocating buffer is the referent of its Cleaner, which a static list keeps: by the
 * graph, every buffer is reachable, and none is dominated by what holds it, since the Cleaner's list is a second
 * path to it. So a buffer counts when a reachable object other than a Reference references it (a field, an array's
 * slot, a view's {@code att}); one whose only referrer is its Cleaner is garbage the next GC hands to the Cleaner.
 *
 * <p><b>Per holder.</b> What keeps a buffer's memory alive is what dominates all its referrers: their nearest common
 * dominator, where the buffer would hang in the tree if the Cleaner's path were not there (a session holding its
 * buffer and a duplicate of it: the session). The holders (candidates of {@link Holders}) that enclose that object
 * count the buffer's capacity, as they count its heap bytes. The holder walk prunes objects retaining less heap
 * than its floor, and a list of direct buffers retains a few bytes per buffer: so the objects above a held buffer
 * ({@link #holdsBuffer}) are walked whatever their heap size, as a thread's parts are. Three walks down the
 * dominator tree, only when the dump has direct buffers: the nearest common dominators (each referrer met in
 * pre-order moves its buffer's one up to the deepest open object whose subtree began before it), the objects above
 * them, and once the capacities are read, the candidates above them.
 *
 * <p><b>Netty's pools.</b> A pooled allocator's chunk is a direct buffer that every live pooled buffer carved from it
 * references too, so its referrers say little about who keeps it (the pool, and whoever holds one of its buffers).
 * The chunks of a pool whose sizes read are credited as {@link NettyPools} says: each live buffer's region to what
 * holds that buffer (its anchor, found as a direct buffer's is: Netty's leak detector refers to a sampled buffer
 * through a WeakReference, and the buffer's recycler handle is its own inside), the rest to the allocator; the
 * candidates above the allocators also learn how much of their pools' chunks is in use with no live buffer. The
 * allocators are marked as anchors are (never leaves: an allocator holds its arenas). Netty 4.2's adaptive
 * allocator's chunks are credited at the chunk itself, wherever it hangs ({@link AdaptiveChunks}: its caches are
 * per thread, not under the allocator), and a heap chunk's array counts among its enclosers' pool bytes (its bytes
 * are heap, in their retained bytes already).
 *
 * <p>Cost: one pass over the objects' classes to find the buffers; one over the references for their referrers
 * (a list per referrer); their field values in the first detail scan (about 60 bytes each); for the walks, two bits
 * per object and stacks of the tree's depth. Nothing beyond the class pass when the dump has no direct buffer.
 */
public final class DirectBuffers {
    private final HeapGraph g;
    private final DominatorTree t;
    /** Reachable instances of java.nio.DirectByteBuffer and its subclasses that a reachable non-Reference holds. */
    private final Map<Integer, Integer> held = new HashMap<>();
    /** Per held buffer (by its {@link #held} slot): its referrers' nearest common dominator. */
    private int[] anchor = new int[0];
    /** Object index → the held buffers it references. */
    private final Map<Integer, List<Integer>> referrers = new HashMap<>();
    /** The anchors and every object above them in the dominator tree. */
    private final BitSet above = new BitSet();
    /** Object index → capacity of each held buffer that owns its memory, after {@link #read}. */
    private final Map<Integer, Long> owners = new HashMap<>();
    private long bytes;
    /** Netty's pools among the buffers' holders; null when the dump has no direct buffer. */
    private NettyPools pools;
    /** Where the pools' memory is credited ({@link NettyPools#allocators}). */
    private final BitSet creditPoints = new BitSet();

    public DirectBuffers(HeapGraph g, DominatorTree t) {
        this.g = g;
        this.t = t;
        ClassTable classes = g.classes();
        boolean[] direct = new boolean[classes.size()];
        boolean any = false;
        for (int c = 0; c < direct.length; c++) {
            // DirectByteBuffer and DirectByteBufferR (read-only): the only classes whose constructors allocate
            direct[c] = classes.extendsClass(c, "java.nio.DirectByteBuffer");
            any |= direct[c];
        }
        if (!any) {
            return;
        }
        BitSet isBuffer = new BitSet(g.objectCount());
        for (int i = 0; i < g.objectCount(); i++) {
            if (direct[g.classOf(i)] && !g.isClassObject(i) && t.reachable(i)) {
                isBuffer.set(i);
            }
        }
        pools = new NettyPools(g, t::reachable, isBuffer);
        for (int b : pools.liveBuffers()) {
            isBuffer.set(b); // a live pooled buffer's region is kept by what holds it, found as a direct buffer's is
        }
        for (int i = 0; i < g.objectCount() && !isBuffer.isEmpty(); i++) {
            if (g.isReference(i) || !t.reachable(i)) {
                continue; // a Cleaner's referent, a weak map's key: not what keeps a buffer's memory
            }
            for (int k = g.refStart(i); k < g.refEnd(i); k++) {
                int target = g.ref(k);
                if (target != i && target >= 0 && isBuffer.get(target)) {
                    referrers.computeIfAbsent(i, x -> new ArrayList<>(1)).add(target);
                    held.putIfAbsent(target, held.size());
                }
            }
        }
        if (!held.isEmpty() || !pools.allocators().isEmpty()) {
            anchors();
            markAbove();
        }
    }

    /**
     * The first walk: each held buffer's referrers' nearest common dominator, leaving out the referrers the buffer
     * dominates (its own inside, such as a pooled buffer's recycler handle: not what keeps it).
     */
    private void anchors() {
        anchor = new int[held.size()];
        Arrays.fill(anchor, DominatorTree.SUPER_ROOT); // referenced from its own inside alone: held by nothing
        long[] anchorPre = new long[held.size()];
        Arrays.fill(anchorPre, -1);
        BitSet open = new BitSet(g.objectCount()); // the objects on the stack: what encloses the current one
        int[] stack = new int[1024];
        int[] cursor = new int[1024];
        long[] pre = new long[1024]; // pre-order number of each open object
        long n = 0;
        int sp = 0;
        stack[sp] = DominatorTree.SUPER_ROOT;
        cursor[sp] = t.childrenStart(DominatorTree.SUPER_ROOT);
        pre[sp++] = n++;
        while (sp > 0) {
            int at = stack[sp - 1];
            if (cursor[sp - 1] >= t.childrenEnd(at)) {
                if (at >= 0) {
                    open.clear(at);
                }
                sp--;
                continue;
            }
            int child = t.child(cursor[sp - 1]++);
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, sp * 2);
                cursor = Arrays.copyOf(cursor, sp * 2);
                pre = Arrays.copyOf(pre, sp * 2);
            }
            stack[sp] = child;
            cursor[sp] = t.childrenStart(child);
            pre[sp++] = n++;
            open.set(child);
            List<Integer> refs = referrers.get(child);
            for (int b : refs == null ? List.<Integer>of() : refs) {
                if (open.get(b)) {
                    continue; // b encloses its referrer
                }
                int slot = held.get(b);
                if (anchorPre[slot] < 0) {
                    anchor[slot] = child;
                    anchorPre[slot] = pre[sp - 1];
                } else {
                    // the deepest open object whose subtree began at or before the anchor encloses both
                    int lo = 0;
                    int hi = sp - 1;
                    while (lo < hi) {
                        int mid = (lo + hi + 1) >>> 1;
                        if (pre[mid] <= anchorPre[slot]) {
                            lo = mid;
                        } else {
                            hi = mid - 1;
                        }
                    }
                    anchor[slot] = stack[lo];
                    anchorPre[slot] = pre[lo];
                }
            }
        }
    }

    /** The second walk: the anchors and every object above them. */
    private void markAbove() {
        BitSet anchors = new BitSet(g.objectCount());
        for (int a : anchor) {
            if (a >= 0) {
                anchors.set(a);
            }
        }
        for (int a : pools.allocators()) {
            creditPoints.set(a);
            anchors.set(a); // where a pool's chunks are credited once their sizes read (NettyPools, AdaptiveChunks)
        }
        walk((stack, sp) -> {
            if (anchors.get(stack[sp - 1])) {
                for (int k = sp - 1; k >= 1 && !above.get(stack[k]); k--) {
                    above.set(stack[k]);
                }
            }
        });
    }

    private interface Visit {
        /** Called on entering stack[sp - 1], its dominators below it on the stack (stack[0] the super-root). */
        void enter(int[] stack, int sp);
    }

    /**
     * Pre-order walk of the dominator tree, leaves (which dominate nothing and reference nothing) skipped but where a
     * pool's memory is credited (a heap chunk's array).
     */
    private void walk(Visit visit) {
        int[] stack = new int[1024];
        int[] cursor = new int[1024];
        int sp = 0;
        stack[sp] = DominatorTree.SUPER_ROOT;
        cursor[sp++] = t.childrenStart(DominatorTree.SUPER_ROOT);
        while (sp > 0) {
            int at = stack[sp - 1];
            if (cursor[sp - 1] >= t.childrenEnd(at)) {
                sp--;
                continue;
            }
            int child = t.child(cursor[sp - 1]++);
            if (t.childrenStart(child) >= t.childrenEnd(child) && !referrers.containsKey(child) && !creditPoints.get(child)) {
                continue;
            }
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, sp * 2);
                cursor = Arrays.copyOf(cursor, sp * 2);
            }
            stack[sp] = child;
            cursor[sp++] = t.childrenStart(child);
            visit.enter(stack, sp);
        }
    }

    /**
     * True when object {@code v} holds a direct buffer in the sense of the class comment (it is, or is above, the
     * nearest common dominator of a buffer's referrers): a holder walk must not prune it for its heap size.
     */
    public boolean holdsBuffer(int v) {
        return v >= 0 && above.get(v);
    }

    /** The held buffers' ids: the first detail scan fetches their field values. */
    public Set<Long> wanted() {
        Set<Long> out = new HashSet<>();
        for (int b : held.keySet()) {
            out.add(g.id(b));
        }
        if (pools != null) {
            pools.request(out);
        }
        return out;
    }

    /** Decides which held buffers own memory, from the scan that fetched {@link #wanted()}. */
    public void read(DetailReader scan) {
        ClassTable classes = g.classes();
        int idSize = g.sizeModel().idSize();
        for (int b : held.keySet()) {
            if (pools.liveBuffers().contains(b)) {
                continue; // a pooled buffer: its memory is its chunk's
            }
            byte[] data = scan.instance(g.id(b));
            int c = g.classOf(b);
            int capacity = Fields.slot(classes, c, "capacity");
            if (data == null || capacity < 0 || classes.layoutTypes(c)[capacity] != HprofTypes.INT) {
                continue;
            }
            boolean cleaner = Fields.reference(g, c, data, "cleaner") != 0;
            boolean mapped = Fields.reference(g, c, data, "fd") != 0;
            if (cleaner && !mapped) {
                long cap = (int) Fields.value(data, Fields.offset(classes, c, capacity, idSize), 4);
                owners.put(b, cap);
                bytes += cap;
            }
        }
        if (pools != null) {
            pools.read(scan, owners::containsKey);
            pools.nettyOwned().forEach((b, cap) -> {
                if (owners.putIfAbsent(b, cap) == null) {
                    bytes += cap; // an adaptive chunk's segment: Netty frees it on release, not a cleaner (AdaptiveChunks)
                }
            });
        }
    }

    /** Held buffers that own native memory (with a cleaner, not a file mapping). */
    public int count() {
        return owners.size();
    }

    /** Native bytes those buffers hold: the sum of their capacities. */
    public long bytes() {
        return bytes;
    }

    /**
     * What candidates keep outside the heap, each map by candidate object index, only those that keep some; and
     * {@code heapShift}, the heap bytes to add to a candidate's retained bytes (negative: to take away) because live
     * buffers of a pool's heap chunk hold their regions elsewhere than the chunk is (AdaptiveChunks).
     */
    public record Held(Map<Integer, Long> nativeBytes, Map<Integer, Long> poolBytes, Map<Integer, Long> unreleasedBytes,
                       Map<Integer, Long> heapShift) {
        static final Held NONE = new Held(Map.of(), Map.of(), Map.of(), Map.of());
    }

    /**
     * What each of {@code candidates} keeps alive outside the heap: the native bytes of the owning buffers whose
     * anchor it encloses (see the class comment), a Netty pool's chunks credited as {@link NettyPools} says; and
     * of those, the bytes of pools' chunks it encloses, and their bytes in use that no live buffer holds. The
     * dominator tree must not be parked.
     */
    public Held heldBy(int[] candidates) {
        if (pools == null || owners.isEmpty() && pools.heapPoolShares().isEmpty()) {
            return Held.NONE;
        }
        Map<Integer, Long> byAnchor = new HashMap<>();
        Map<Integer, Long> byPool = new HashMap<>(pools.heapPoolShares()); // heap chunks: in the retained bytes already
        owners.forEach((b, cap) -> {
            int pool = pools.poolOf(b);
            if (pool >= 0) {
                byAnchor.merge(pool, pools.poolShare(b), Long::sum);
                byPool.merge(pool, pools.poolShare(b), Long::sum);
            } else {
                byAnchor.merge(anchor[held.get(b)], cap, Long::sum);
            }
        });
        pools.regions().forEach((buffer, length) -> {
            Integer slot = held.get(buffer); // none: only References and its own inside reference it
            byAnchor.merge(slot == null ? DominatorTree.SUPER_ROOT : anchor[slot], length, Long::sum);
        });
        Map<Integer, Long> shift = new HashMap<>();
        pools.heapLive().forEach((array, bytes) -> shift.merge(array, -bytes, Long::sum));
        pools.heapRegions().forEach((buffer, length) -> {
            Integer slot = held.get(buffer);
            shift.merge(slot == null ? DominatorTree.SUPER_ROOT : anchor[slot], length, Long::sum);
        });
        return new Held(creditAbove(candidates, byAnchor), creditAbove(candidates, byPool), creditAbove(candidates, pools.unreleased()),
                creditAbove(candidates, shift));
    }

    /** For each candidate, the sum of {@code byObject}'s values of the objects it is or dominates: a walk of the tree. */
    private Map<Integer, Long> creditAbove(int[] candidates, Map<Integer, Long> byObject) {
        Map<Integer, Long> out = new HashMap<>();
        if (byObject.isEmpty()) {
            return out;
        }
        BitSet candidate = new BitSet(g.objectCount());
        for (int v : candidates) {
            candidate.set(v);
        }
        walk((stack, sp) -> {
            Long value = byObject.get(stack[sp - 1]);
            if (value != null) {
                for (int k = 1; k < sp; k++) {
                    if (candidate.get(stack[k])) {
                        out.merge(stack[k], value, Long::sum);
                    }
                }
            }
        });
        return out;
    }
}
