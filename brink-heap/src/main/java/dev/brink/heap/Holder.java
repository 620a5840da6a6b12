package dev.brink.heap;

import dev.brink.core.summary.HolderKind;
import java.util.List;
import java.util.Objects;

/**
 * A named place that keeps memory in one heap dump, all its instances together: every TileCache's {@code tiles}
 * field, the values of one ThreadLocal in all threads of a pool, the class loaders one cache field keeps.
 *
 * @param key           the holder's name, the same in another dump of the application ({@link HolderKind} forms)
 * @param kind          what kind of place
 * @param structure     what a framework's or the JDK's structure is, or "" for the application's
 * @param pool          for thread-local, thread-stack and thread holders, the pool's name ("worker-#"); else ""
 * @param retainedBytes bytes its instances retain, nested instances of the same holder counted once
 * @param elements      element count: collection sizes summed, threads of a pool, loaders; -1 when unknown
 * @param bound         the most elements its instances keep when they evict beyond a bound (a LinkedHashMap subclass,
 *                      the bounds summed); 0 when they evict at a bound the heap does not show (a library's cache
 *                      by weight or time); -1 when nothing says they evict; -2 when they may evict or not (a
 *                      LinkedHashMap subclass whose bound does not read: report.EvictionBounds)
 * @param instances     how many objects (threads, loaders) it is made of
 * @param within        the holders that enclose it in the dominator tree (a bean's field within the registry's map)
 * @param namedClass    for a top-level object that no field, static field or root names (held from several places,
 *                      a busy monitor, another root), the class it is named by; for class loaders, their type; else
 *                      "". Such a name is the dominator tree's or the references' shape at the dump, not a place: the
 *                      same objects sit inside another holder, or are held from another place, in another dump.
 * @param nativeBytes   native memory its instances keep alive outside the heap: the capacities of the direct buffers
 *                      they retain that own their memory (report.DirectBuffers), nested instances counted once
 * @param poolBytes     of those, the bytes of Netty pools' chunks it encloses that no live pooled buffer holds
 *                      (report.NettyPools): the pool's capacity, free, cached by threads or never released; and of
 *                      its retained bytes, the same of Netty 4.2's adaptive allocator's heap chunks (report.AdaptiveChunks)
 * @param unreleasedBytes of those pools' chunks, the bytes in use that no live buffer holds and no thread cache keeps:
 *                      buffers dropped without release(); -1 when it encloses no pool whose sizes read
 */
public record Holder(String key, HolderKind kind, String structure, String pool, long retainedBytes, long elements, long bound, int instances,
                     List<String> within, String namedClass, long nativeBytes, long poolBytes, long unreleasedBytes) {
    public Holder {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(kind, "kind");
        structure = structure == null ? "" : structure;
        pool = pool == null ? "" : pool;
        within = List.copyOf(within);
        namedClass = namedClass == null ? "" : namedClass;
    }

    /** A holder that encloses no Netty pool. */
    public Holder(String key, HolderKind kind, String structure, String pool, long retainedBytes, long elements, long bound, int instances,
                  List<String> within, String namedClass, long nativeBytes) {
        this(key, kind, structure, pool, retainedBytes, elements, bound, instances, within, namedClass, nativeBytes, 0, -1);
    }

    /** True when it encloses a Netty pool whose chunks' sizes read. */
    public boolean keepsPool() {
        return unreleasedBytes >= 0;
    }

    /** Heap and native bytes together: what its instances would free if they were gone. */
    public long totalBytes() {
        return retainedBytes + nativeBytes;
    }

    /** True when its instances evict beyond a bound, read or not. */
    public boolean evicts() {
        return bound >= 0;
    }

    /**
     * True when they may evict at a bound the heap does not show, or never: a LinkedHashMap subclass whose
     * removeEldestEntry (not in a dump) compares with no value the dump has. No evidence of a bound.
     */
    public boolean mayEvict() {
        return bound == -2;
    }
}
