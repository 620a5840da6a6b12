package dev.brink.heap.report;

import dev.brink.core.LibraryCode;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Netty's pooled allocators in a dump: which direct buffers are their chunks, which region of a chunk each live
 * pooled buffer holds, and how much of each pool is in use with no live buffer to release it.
 *
 * <p><b>How the pool keeps memory</b> (Netty 4.1 {@code PooledByteBufAllocator}, shaded copies alike). An arena
 * ({@code PoolArena}, its {@code parent} the allocator) allocates {@code PoolChunk}s of {@code chunkSize} bytes (4 MiB
 * by default), each one {@code ByteBuffer.allocateDirect} (a cleaner: unless {@code io.netty.tryReflectionSetAccessible}
 * lets Netty allocate without one on JDK 9+) in the chunk's {@code memory}; a chunk keeps {@code freeBytes}, and the
 * arena's usage lists ({@code PoolChunkList} q000 … q100) move it as that changes, destroying a chunk that falls empty
 * in q000. A {@code PooledByteBuf} holds the run or subpage element of its {@code chunk} (its {@code maxLength}
 * bytes) until {@code release()} frees it, when it drops {@code chunk} and goes back to its recycler. A freed region
 * does not always go back to its chunk: a thread with a {@code PoolThreadCache} (Netty's event loops) keeps it in a
 * {@code MemoryRegionCache} queue as an {@code Entry} ({@code chunk}, {@code normCapacity}) for its next allocation of
 * that size, and the chunk still counts it used. So a chunk's {@code chunkSize - freeBytes} is what live buffers
 * hold, what thread caches keep for reuse, and what was never released: a buffer dropped without {@code release()}
 * is collected, its region stays used, and only this difference shows it (Netty's leak detector samples 1 in 128).
 *
 * <p><b>Who keeps what.</b> Every live pooled buffer references its chunk's memory, so the chunk's direct buffer is
 * referenced from the pool and from wherever the application keeps its buffers: by the referrers alone its memory
 * would hang at their common dominator, often no holder at all, and as the chunk moves between usage lists the list
 * holding it changes. So a chunk's memory is credited as it is owned: each live buffer's region to whatever holds
 * the buffer (the application's collection: DirectBuffers finds it as it finds a direct buffer's holder), the rest
 * to the allocator, the pool, whatever list the chunk is on.
 *
 * <p>Found from the graph (a chunk references one arena, an arena one allocator, a buffer or a cache entry one
 * chunk), the sizes from the fields named above; a pool whose sizes cannot be read (another Netty's layout) has no
 * figures and its chunks are credited by their referrers, as any direct buffer is. A huge allocation (an
 * {@code unpooled} chunk for one buffer) is that buffer's alone, as a direct buffer is.
 *
 * <p>Netty 4.2's adaptive allocator (its default) has no arenas and caches whole chunks rather than regions, per
 * thread and shared, out of the allocator object's reach in the dominator tree: its chunks are read by
 * {@link AdaptiveChunks} and credited at the chunk (a heap chunk: at its array), through the same figures.
 */
final class NettyPools {
    private static final String PACKAGE = "io.netty.buffer.";

    private final HeapGraph g;
    /** Chunk object → its direct buffer (an index in the graph). */
    private final Map<Integer, Integer> chunkMemory = new HashMap<>();
    /** A chunk's direct buffer → its allocator object. */
    private final Map<Integer, Integer> memoryPool = new HashMap<>();
    /** Live pooled buffer, or thread-cache entry → the chunk it holds a region of. */
    private final Map<Integer, Integer> buffers = new HashMap<>();
    private final Map<Integer, Integer> entries = new HashMap<>();
    /** After {@link #read}: per live buffer, its region's bytes. */
    private final Map<Integer, Long> regions = new HashMap<>();
    /** After {@link #read}: per chunk's direct buffer of a judged pool, its bytes that no live buffer holds. */
    private final Map<Integer, Long> poolShare = new HashMap<>();
    /** After {@link #read}: per judged allocator, chunk bytes in use that no live buffer and no thread cache holds. */
    private final Map<Integer, Long> unreleased = new HashMap<>();
    /** Netty 4.2's adaptive allocator's chunks: their memory and sizes, read as {@link AdaptiveChunks} says. */
    private final AdaptiveChunks adaptive;
    /** {@link #liveBuffers}, once asked: both allocators' live buffers. */
    private Set<Integer> live;

    /** @param isBuffer the dump's reachable direct buffers */
    NettyPools(HeapGraph g, IntPredicate reachable, BitSet isBuffer) {
        this.g = g;
        ClassTable classes = g.classes();
        int n = classes.size();
        boolean[] chunk = new boolean[n];
        boolean[] arena = new boolean[n];
        boolean[] allocator = new boolean[n];
        boolean[] pooled = new boolean[n];
        boolean[] entry = new boolean[n];
        boolean any = false;
        adaptive = new AdaptiveChunks(g, reachable, isBuffer);
        for (int c = 0; c < n; c++) {
            chunk[c] = is(classes, c, "PoolChunk");
            arena[c] = is(classes, c, "PoolArena");
            allocator[c] = is(classes, c, "PooledByteBufAllocator");
            pooled[c] = is(classes, c, "PooledByteBuf");
            entry[c] = is(classes, c, "PoolThreadCache$MemoryRegionCache$Entry");
            any |= chunk[c];
        }
        if (!any) {
            return;
        }
        for (int i = 0; i < g.objectCount(); i++) {
            int c = g.classOf(i);
            if (g.isClassObject(i) || !(chunk[c] || pooled[c] || entry[c]) || !reachable.test(i)) {
                continue;
            }
            if (chunk[c]) {
                int memory = referenced(i, isBuffer, null);
                int a = referenced(i, null, arena);
                int pool = a < 0 ? -1 : referenced(a, null, allocator);
                if (memory >= 0 && pool >= 0) {
                    chunkMemory.put(i, memory);
                    memoryPool.put(memory, pool);
                }
            } else {
                int held = referenced(i, null, chunk); // a released buffer, a taken entry: its chunk is dropped
                if (held >= 0) {
                    (pooled[c] ? buffers : entries).put(i, held);
                }
            }
        }
    }

    /** True when class c is Netty's (or a shaded copy's) class {@code simpleName}, or extends it. */
    private static boolean is(ClassTable classes, int c, String simpleName) {
        for (int k = c, depth = 0; k >= 0 && depth < 64; k = classes.superIndex(k), depth++) {
            if (LibraryCode.unshaded(classes.name(k)).equals(PACKAGE + simpleName)) {
                return true;
            }
        }
        return false;
    }

    /** The first object {@code v} references that is in {@code objects}, or else of a class in {@code ofClass}; or -1. */
    private int referenced(int v, BitSet objects, boolean[] ofClass) {
        for (int k = g.refStart(v); k < g.refEnd(v); k++) {
            int w = g.ref(k);
            boolean match = w >= 0 && w != v && (objects != null ? objects.get(w) : !g.isClassObject(w) && ofClass[g.classOf(w)]);
            if (match) {
                return w;
            }
        }
        return -1;
    }

    /**
     * The objects where a pool's memory is credited: the allocators whose chunks were found (Netty 4.1), and the
     * adaptive allocator's chunks, or their heap arrays ({@link AdaptiveChunks}).
     */
    Set<Integer> allocators() {
        Set<Integer> out = new HashSet<>(memoryPool.values());
        out.addAll(adaptive.creditPoints());
        return out;
    }

    /** The live pooled buffers: those that still hold a chunk's region. */
    Set<Integer> liveBuffers() {
        if (live == null) {
            live = new HashSet<>(buffers.keySet());
            live.addAll(adaptive.liveBuffers());
        }
        return live;
    }

    /** The objects whose field values {@link #read} needs. */
    void request(Set<Long> out) {
        for (Map<Integer, Integer> m : List.of(chunkMemory, buffers, entries)) {
            for (int v : m.keySet()) {
                out.add(g.id(v));
            }
        }
        adaptive.request(out);
    }

    /**
     * Reads the chunks', buffers' and entries' sizes from the scan that fetched {@link #request}'s objects. A chunk
     * is its pool's when its sizes read and its direct buffer owns its memory ({@code owns}); a pool's unreleased
     * bytes are known when every thread-cache entry's size read too (else a cached region would look unreleased).
     */
    void read(DetailReader scan, IntPredicate owns) {
        Map<Integer, Long> chunkSize = new HashMap<>();
        Map<Integer, Long> inUse = new HashMap<>(); // chunkSize - freeBytes
        chunkMemory.forEach((chunk, memory) -> {
            long size = intField(scan, chunk, "chunkSize");
            long free = intField(scan, chunk, "freeBytes");
            // a huge allocation's unpooled chunk is its one buffer's, as a plain direct buffer is its holder's
            if (size > 0 && free >= 0 && intField(scan, chunk, "unpooled") == 0 && owns.test(memory)) {
                chunkSize.put(chunk, size);
                inUse.put(chunk, size - free);
            }
        });
        Map<Integer, Long> live = new HashMap<>();
        buffers.forEach((buf, chunk) -> {
            long length = intField(scan, buf, "maxLength");
            if (chunkSize.containsKey(chunk) && length > 0) {
                regions.put(buf, length);
                live.merge(chunk, length, Long::sum);
            }
        });
        Map<Integer, Long> cached = new HashMap<>();
        boolean cachesRead = true;
        for (Map.Entry<Integer, Integer> e : entries.entrySet()) {
            long length = intField(scan, e.getKey(), "normCapacity");
            cachesRead &= length >= 0;
            cached.merge(e.getValue(), Math.max(0, length), Long::sum);
        }
        Map<Integer, Long> idle = new HashMap<>();
        chunkSize.forEach((chunk, size) -> {
            int memory = chunkMemory.get(chunk);
            long held = live.getOrDefault(chunk, 0L);
            poolShare.put(memory, Math.max(0, size - held));
            idle.merge(memoryPool.get(memory), Math.max(0, inUse.get(chunk) - held - cached.getOrDefault(chunk, 0L)), Long::sum);
        });
        if (cachesRead) {
            unreleased.putAll(idle);
        }
        adaptive.read(scan, owns);
        regions.putAll(adaptive.regions());
        unreleased.putAll(adaptive.unreleased());
    }

    /** An int or boolean field's value, or -1 when the instance was not fetched or its class has no such field. */
    private long intField(DetailReader scan, int v, String name) {
        byte[] data = scan.instance(g.id(v));
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        int slot = Fields.slot(classes, c, name);
        if (data == null || slot < 0) {
            return -1;
        }
        byte type = classes.layoutTypes(c)[slot];
        if (type != HprofTypes.INT && type != HprofTypes.BOOLEAN) {
            return -1;
        }
        int idSize = g.sizeModel().idSize();
        long raw = Fields.value(data, Fields.offset(classes, c, slot, idSize), HprofTypes.size(type, idSize));
        return type == HprofTypes.INT ? (int) raw : raw;
    }

    /**
     * Where chunk direct buffer {@code memory}'s pool share is credited, when its sizes were read: its allocator
     * (Netty 4.1), or the adaptive allocator's chunk itself; else -1.
     */
    int poolOf(int memory) {
        if (poolShare.containsKey(memory)) {
            return memoryPool.get(memory);
        }
        return adaptive.creditPointOf(memory);
    }

    /** Of a chunk's direct buffer {@code memory} whose {@link #poolOf} is known, the bytes no live buffer holds. */
    long poolShare(int memory) {
        Long share = poolShare.get(memory);
        return share != null ? share : adaptive.poolShare(memory);
    }

    /** Per heap array of an adaptive allocator's heap chunk whose sizes read: the chunk's bytes no live buffer holds. */
    Map<Integer, Long> heapPoolShares() {
        return adaptive.heapPoolShares();
    }

    /** Adaptive chunks' direct buffers whose memory Netty owns without a cleaner, with their bytes. */
    Map<Integer, Long> nettyOwned() {
        return adaptive.nettyOwned();
    }

    /** Per live buffer of such a heap chunk: its region's bytes ({@link AdaptiveChunks#heapRegions}). */
    Map<Integer, Long> heapRegions() {
        return adaptive.heapRegions();
    }

    /** Per such heap chunk's array: the bytes of it its live buffers hold. */
    Map<Integer, Long> heapLive() {
        return adaptive.heapLive();
    }

    /** Per live pooled buffer of a judged chunk: the bytes of its region. */
    Map<Integer, Long> regions() {
        return regions;
    }

    /** Per allocator whose figures read: its chunks' bytes in use that no live buffer or thread cache holds. */
    Map<Integer, Long> unreleased() {
        return unreleased;
    }
}
