package dev.brink.heap.report;

import dev.brink.core.LibraryCode;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Netty 4.2's adaptive allocator in a dump ({@code AdaptiveByteBufAllocator}, the default of
 * {@code ByteBufAllocator.DEFAULT} from 4.2 on): which objects are its chunks, what memory each holds, which region
 * each live buffer holds, and how much of each chunk is in use with no live buffer to release it.
 *
 * <p><b>How it keeps memory</b> (4.2.18, {@code AdaptivePoolingAllocator}). A {@code Chunk} wraps one unpooled
 * buffer of its {@code capacity} bytes in {@code delegate}: for direct memory an {@code UnpooledDirectByteBuf}
 * whose {@code buffer} is a {@code java.nio.DirectByteBuffer}, for heap memory an {@code UnpooledHeapByteBuf} whose
 * {@code array} is a {@code byte[]}; its {@code allocator} is the {@code AdaptivePoolingAllocator} (one for direct
 * and one for heap per {@code AdaptiveByteBufAllocator}). Buffers of up to 16 896 bytes come from a
 * {@code SizeClassedChunk} of {@code segments} segments of {@code segmentSize} bytes: a free segment's offset is in
 * its {@code localFreeList} (an {@code IntStack}, {@code top + 1} entries: the owner thread's) or its
 * {@code externalFreeList} (an {@code MpscIntQueue}, {@code producerIndex - consumerIndex} entries), so
 * {@code (segments - free) * segmentSize} bytes are claimed. Bigger ones come from a {@code BuddyChunk}, whose
 * {@code allocatedBytes} are claimed once its {@code freeList} of returned regions is drained (empty); with
 * entries waiting there, what they return is in an int array this reader does not fetch, so such a chunk's claimed
 * bytes are not known. A {@code Chunk} with {@code pooled} false is a one-off for one buffer (too big to pool, or
 * allocated when the magazines were all contended, as a heap under 512 MiB makes them: one magazine): claimed whole
 * by that buffer, so its region is the whole chunk and goes to the buffer's holder, as a plain direct buffer's
 * memory does (the chunk's delegate is referenced by the chunk and the buffer's {@code rootParent} alike, so by
 * referrers it would hang at a Netty field). A live {@code AdaptiveByteBuf} references its
 * {@code chunk} and holds {@code maxFastCapacity} bytes of it (a segment, or a buddy); {@code deallocate()} (the
 * last {@code release()}) returns that region and sets {@code chunk} to null, so a buffer in the recycler holds none.
 *
 * <p><b>Who keeps a chunk.</b> Magazines allocate from a current chunk; a chunk they are done with goes to a chunk
 * cache (a per-thread ring on Netty's threads, of at most {@code io.netty.allocator.threadLocalChunkCacheMaxBytes},
 * 8 MiB per size class; a shared bounded queue otherwise), or, when the cache is full, is marked to be freed when
 * its last segment returns. So a cached chunk is kept by the allocator's structures (often a thread's
 * {@code InternalThreadLocalMap}, not the allocator object), and a chunk nothing caches is kept only by its live
 * buffers. Its memory is credited where the chunk is in the dominator tree (whoever keeps the chunk, be it a cache
 * or the application's collection of its buffers): each live buffer's region of a direct chunk to whatever holds the
 * buffer (as Netty 4.1's pooled regions, {@link NettyPools}), the rest to the chunk. A heap chunk's array is in the
 * retained bytes of whatever dominates it, live buffers' regions included: so each live buffer's region moves from
 * there to whatever holds the buffer (an archive of buffers grows by its buffers' bytes, not a few dozen a buffer),
 * and what is left is the pool's share.
 *
 * <p><b>Unreleased.</b> A buffer dropped without {@code release()} never returns its segment: its chunk's claimed
 * bytes less its live buffers' regions are what no one can release. There is no per-thread cache of regions to
 * subtract (the adaptive allocator caches whole chunks), so a chunk whose sizes read tells it exactly. What the
 * dump cannot show: a chunk with dropped buffers that no cache keeps is unreachable once they are collected, and
 * the GC frees it (a heap array; a direct buffer through its cleaner); where Netty allocates without a cleaner
 * ({@code io.netty.tryReflectionSetAccessible} on JDK 9+, a shared {@code Arena}'s segment on JDK 24+) that memory
 * is lost outside any dump. So the dropped buffers a dump can blame are those whose chunks the caches still keep:
 * bounded by the caches' sizes, growing until they are full.
 *
 * <p><b>Memory without a cleaner.</b> On JDK 24+ Netty 4.2 allocates direct memory as a segment of a shared
 * {@code Arena} (its {@code CleanerJava25}, or {@code CleanerJava24Linker}'s malloc): the chunk delegate's
 * {@code cleanable} is a {@code CleanableDirectBufferImpl} whose {@code buffer} is a {@code DirectByteBuffer} without
 * a cleaner, which {@link DirectBuffers} does not count (such memory is not freed by the GC). Netty frees it when the
 * chunk is released, so a judged chunk's such buffer counts its capacity as native memory ({@link #nettyOwned}).
 */
final class AdaptiveChunks {
    private static final String PREFIX = "io.netty.buffer.AdaptivePoolingAllocator$";
    /** {@code SizeClassedChunk.DEALLOCATED}: every segment returned after the chunk was marked, its memory freed. */
    private static final long DEALLOCATED = Integer.MIN_VALUE;
    /** What {@link #field} gives for a field it cannot read: below any int. */
    private static final long MISSING = Long.MIN_VALUE;

    private final HeapGraph g;
    /** Chunk → the direct buffers its delegate references (the one that owns memory is the chunk's). */
    private final Map<Integer, List<Integer>> directCandidates = new HashMap<>();
    /** Chunk → the direct buffer its delegate's Netty-owned memory segment shows (JDK 24+: no cleaner, see read). */
    private final Map<Integer, Integer> segmentMemory = new HashMap<>();
    /** After {@link #read}: such a buffer of a judged chunk → the chunk's capacity: native memory Netty frees on release. */
    private final Map<Integer, Long> nettyOwned = new HashMap<>();
    /** Chunk → its delegate's heap array. */
    private final Map<Integer, Integer> heapArray = new HashMap<>();
    /** Chunk → its free lists (an IntStack, an MpscIntQueue), in the order found; size-classed and buddy chunks. */
    private final Map<Integer, List<Integer>> freeLists = new HashMap<>();
    /** Live adaptive buffer → its chunk. */
    private final Map<Integer, Integer> buffers = new HashMap<>();
    private final boolean[] sizeClassed;
    private final boolean[] buddy;
    private final boolean[] intStack;

    /** After {@link #read}: a judged direct chunk's memory → its chunk, and its bytes no live buffer holds. */
    private final Map<Integer, Integer> memoryChunk = new HashMap<>();
    private final Map<Integer, Long> poolShare = new HashMap<>();
    /** After {@link #read}: a judged heap chunk's array → its bytes no live buffer holds. */
    private final Map<Integer, Long> heapShare = new HashMap<>();
    /** After {@link #read}: per live buffer of a judged direct chunk, its region's bytes. */
    private final Map<Integer, Long> regions = new HashMap<>();
    /** After {@link #read}: per live buffer of a judged heap chunk, its region's bytes. */
    private final Map<Integer, Long> heapRegions = new HashMap<>();
    /** After {@link #read}: per judged heap chunk's array, the bytes its live buffers hold. */
    private final Map<Integer, Long> heapLive = new HashMap<>();
    /** After {@link #read}: per judged chunk's credit point, claimed bytes that no live buffer holds. */
    private final Map<Integer, Long> unreleased = new HashMap<>();

    AdaptiveChunks(HeapGraph g, IntPredicate reachable, BitSet isBuffer) {
        this.g = g;
        ClassTable classes = g.classes();
        int n = classes.size();
        boolean[] chunk = new boolean[n];
        boolean[] buf = new boolean[n];
        boolean[] delegate = new boolean[n];
        boolean[] queue = new boolean[n];
        boolean[] segment = new boolean[n];
        sizeClassed = new boolean[n];
        buddy = new boolean[n];
        intStack = new boolean[n];
        boolean any = false;
        for (int c = 0; c < n; c++) {
            chunk[c] = is(classes, c, PREFIX + "Chunk");
            sizeClassed[c] = is(classes, c, PREFIX + "SizeClassedChunk");
            buddy[c] = is(classes, c, PREFIX + "BuddyChunk");
            buf[c] = is(classes, c, PREFIX + "AdaptiveByteBuf");
            intStack[c] = is(classes, c, PREFIX + "IntStack");
            queue[c] = is(classes, c, "io.netty.util.concurrent.MpscIntQueue$MpscAtomicIntegerArrayQueue");
            delegate[c] = is(classes, c, "io.netty.buffer.UnpooledDirectByteBuf") || is(classes, c, "io.netty.buffer.UnpooledHeapByteBuf");
            segment[c] = is(classes, c, "io.netty.util.internal.CleanerJava25$CleanableDirectBufferImpl")
                    || is(classes, c, "io.netty.util.internal.CleanerJava24Linker$CleanableDirectBufferImpl");
            any |= chunk[c];
        }
        if (!any) {
            return;
        }
        int bytes = classes.primitiveArrayClass(HprofTypes.BYTE);
        for (int i = 0; i < g.objectCount(); i++) {
            int c = g.classOf(i);
            if (g.isClassObject(i) || !(chunk[c] || buf[c]) || !reachable.test(i)) {
                continue;
            }
            if (buf[c]) {
                int held = first(i, chunk); // a released buffer's chunk is null
                if (held >= 0) {
                    buffers.put(i, held);
                }
                continue;
            }
            List<Integer> lists = new ArrayList<>(2);
            int d = -1;
            for (int k = g.refStart(i); k < g.refEnd(i); k++) {
                int w = g.ref(k);
                if (w < 0 || w == i || g.isClassObject(w)) {
                    continue;
                }
                int wc = g.classOf(w);
                if (delegate[wc] && d < 0) {
                    d = w;
                } else if (intStack[wc] || queue[wc]) {
                    lists.add(w);
                }
            }
            if (d < 0) {
                continue;
            }
            freeLists.put(i, lists);
            List<Integer> direct = new ArrayList<>(2);
            for (int k = g.refStart(d); k < g.refEnd(d); k++) {
                int w = g.ref(k);
                if (w >= 0 && w != d && isBuffer.get(w)) {
                    direct.add(w);
                } else if (w >= 0 && w != d && !g.isClassObject(w) && segment[g.classOf(w)]) {
                    for (int j = g.refStart(w); j < g.refEnd(w); j++) {
                        if (g.ref(j) >= 0 && isBuffer.get(g.ref(j))) {
                            segmentMemory.put(i, g.ref(j)); // the CleanableDirectBuffer's buffer
                        }
                    }
                } else if (w >= 0 && w != d && !g.isClassObject(w) && g.classOf(w) == bytes) {
                    heapArray.put(i, w);
                }
            }
            if (!direct.isEmpty()) {
                directCandidates.put(i, direct);
            }
        }
    }

    /** True when class c is {@code name} (or a shaded copy), or extends it. */
    private static boolean is(ClassTable classes, int c, String name) {
        for (int k = c, depth = 0; k >= 0 && depth < 64; k = classes.superIndex(k), depth++) {
            if (LibraryCode.unshaded(classes.name(k)).equals(name)) {
                return true;
            }
        }
        return false;
    }

    private int first(int v, boolean[] ofClass) {
        for (int k = g.refStart(v); k < g.refEnd(v); k++) {
            int w = g.ref(k);
            if (w >= 0 && w != v && !g.isClassObject(w) && ofClass[g.classOf(w)]) {
                return w;
            }
        }
        return -1;
    }

    /** Where chunks' memory may be credited: direct chunks themselves, heap chunks' arrays. */
    Set<Integer> creditPoints() {
        Set<Integer> out = new HashSet<>(directCandidates.keySet());
        out.addAll(heapArray.values());
        return out;
    }

    Set<Integer> liveBuffers() {
        return buffers.keySet();
    }

    void request(Set<Long> out) {
        for (Map<Integer, ?> m : List.of(freeLists, buffers)) {
            for (int v : m.keySet()) {
                out.add(g.id(v));
            }
        }
        for (List<Integer> lists : freeLists.values()) {
            for (int v : lists) {
                out.add(g.id(v));
            }
        }
    }

    /**
     * Reads the chunks', free lists' and buffers' sizes. A direct chunk is judged when one of its delegate's direct
     * buffers owns its memory ({@code owns}: a cleaner); a heap chunk when its array was found. A judged chunk's
     * unreleased bytes are known when its claimed bytes read (see the class comment).
     */
    void read(DetailReader scan, IntPredicate owns) {
        Map<Integer, Long> live = new HashMap<>();
        Map<Integer, Long> length = new HashMap<>();
        buffers.forEach((b, chunk) -> {
            long len = field(scan, b, "maxFastCapacity");
            if (len > 0) {
                length.put(b, len);
                live.merge(chunk, len, Long::sum);
            }
        });
        Set<Integer> judged = new HashSet<>();
        for (int chunk : freeLists.keySet()) {
            long capacity = field(scan, chunk, "capacity");
            long pooled = field(scan, chunk, "pooled");
            if (capacity <= 0 || (pooled != 0 && pooled != 1) || field(scan, chunk, "state") == DEALLOCATED) {
                continue; // sizes that do not read; a deallocated chunk holds nothing
            }
            int point = -1;
            for (int memory : directCandidates.getOrDefault(chunk, List.of())) {
                if (owns.test(memory)) {
                    point = chunk;
                    memoryChunk.put(memory, chunk);
                    poolShare.put(memory, Math.max(0, capacity - live.getOrDefault(chunk, 0L)));
                    break;
                }
            }
            Integer owned = segmentMemory.get(chunk);
            if (point < 0 && owned != null) {
                // no cleaner: Netty's own CleanableDirectBuffer frees the memory when the chunk is released
                point = chunk;
                nettyOwned.put(owned, capacity);
                memoryChunk.put(owned, chunk);
                poolShare.put(owned, Math.max(0, capacity - live.getOrDefault(chunk, 0L)));
            }
            if (point < 0 && heapArray.containsKey(chunk)) {
                point = heapArray.get(chunk);
                long held = Math.min(capacity, live.getOrDefault(chunk, 0L));
                heapShare.put(point, capacity - held);
                heapLive.put(point, held);
            }
            if (point < 0) {
                continue;
            }
            if (point == chunk) {
                judged.add(chunk);
            }
            // a one-off chunk is claimed whole by its one buffer, the only object that references it
            long claimed = pooled == 0 ? capacity : claimed(scan, chunk);
            if (claimed >= 0) {
                unreleased.put(point, Math.max(0, claimed - live.getOrDefault(chunk, 0L)));
            }
        }
        buffers.forEach((b, chunk) -> {
            if (judged.contains(chunk) && length.containsKey(b)) {
                regions.put(b, length.get(b)); // a direct chunk's region: native memory its buffer's holder keeps
            } else if (heapLive.containsKey(heapArray.getOrDefault(chunk, -1)) && length.containsKey(b)) {
                heapRegions.put(b, length.get(b)); // a heap chunk's region: heap its buffer's holder keeps
            }
        });
    }

    /** A chunk's claimed bytes (see the class comment), or -1 when they cannot be read. */
    private long claimed(DetailReader scan, int chunk) {
        int c = g.classOf(chunk);
        if (sizeClassed[c]) {
            long segments = field(scan, chunk, "segments");
            long segmentSize = field(scan, chunk, "segmentSize");
            if (segments <= 0 || segmentSize <= 0) {
                return -1;
            }
            long free = 0;
            for (int list : freeLists.get(chunk)) {
                long size = freeCount(scan, list);
                if (size < 0) {
                    return -1;
                }
                free += size;
            }
            return free > segments ? -1 : (segments - free) * segmentSize;
        }
        if (buddy[c]) {
            List<Integer> lists = freeLists.get(chunk);
            long allocated = field(scan, chunk, "allocatedBytes");
            if (lists.size() != 1 || allocated < 0 || freeCount(scan, lists.get(0)) != 0) {
                return -1; // returned regions not drained yet: what they free is not known
            }
            return allocated;
        }
        return -1;
    }

    /** Entries in a free list: an IntStack's {@code top + 1}, a queue's {@code producerIndex - consumerIndex}; or -1. */
    private long freeCount(DetailReader scan, int list) {
        if (intStack[g.classOf(list)]) {
            long top = field(scan, list, "top");
            return top < -1 ? -1 : top + 1; // MISSING too
        }
        long produced = field(scan, list, "producerIndex");
        long consumed = field(scan, list, "consumerIndex");
        return produced < 0 || consumed < 0 || produced < consumed ? -1 : produced - consumed;
    }

    /**
     * An int, long or boolean field's value (a boolean 0 or 1); {@link #MISSING} when the instance was not fetched
     * or its class has no such field of those types (an int field's -1, an empty IntStack's {@code top}, is a value).
     */
    private long field(DetailReader scan, int v, String name) {
        byte[] data = scan.instance(g.id(v));
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        int slot = Fields.slot(classes, c, name);
        if (data == null || slot < 0) {
            return MISSING;
        }
        byte type = classes.layoutTypes(c)[slot];
        if (type != HprofTypes.INT && type != HprofTypes.BOOLEAN && type != HprofTypes.LONG) {
            return MISSING;
        }
        int idSize = g.sizeModel().idSize();
        long raw = Fields.value(data, Fields.offset(classes, c, slot, idSize), HprofTypes.size(type, idSize));
        return type == HprofTypes.INT ? (int) raw : raw;
    }

    /**
     * The direct buffers of judged chunks whose memory Netty owns rather than a cleaner, with the chunk's capacity:
     * native memory as a cleaner's buffer's is (DirectBuffers counts them so).
     */
    Map<Integer, Long> nettyOwned() {
        return nettyOwned;
    }

    /** The chunk that direct buffer {@code memory} is the memory of, when judged; else -1. */
    int creditPointOf(int memory) {
        Integer chunk = memoryChunk.get(memory);
        return chunk == null ? -1 : chunk;
    }

    long poolShare(int memory) {
        return poolShare.get(memory);
    }

    Map<Integer, Long> heapPoolShares() {
        return heapShare;
    }

    Map<Integer, Long> regions() {
        return regions;
    }

    /**
     * Per live buffer of a judged heap chunk, its region's bytes: heap that whatever holds the buffer keeps, though
     * the dominator tree puts the chunk's whole array under whatever keeps the chunk.
     */
    Map<Integer, Long> heapRegions() {
        return heapRegions;
    }

    /** Per judged heap chunk's array, the bytes of it that live buffers hold ({@link #heapRegions}' sum). */
    Map<Integer, Long> heapLive() {
        return heapLive;
    }

    Map<Integer, Long> unreleased() {
        return unreleased;
    }
}
