package dev.brink.heap.report;

import dev.brink.core.summary.HolderKind;
import dev.brink.heap.Holder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The holders of one dump by name, each the sum of its instances, and which object is its biggest instance (where a
 * path from a GC root and an accumulation point are looked for). Filled by {@link Holders#name}; the node indexes
 * are the analysed graph's and mean nothing after it.
 */
public final class HolderTable {
    private final Map<String, Entry> byKey = new LinkedHashMap<>();
    private final Map<Integer, String> keyOfNode = new HashMap<>();
    /** Class-loader holders: the loaders' class and how many classes they defined. */
    private final Map<String, LoaderSet> loaderSets = new LinkedHashMap<>();

    /** The loaders of one class-loader holder: their class, how many, the classes they defined, what they retain. */
    public record LoaderSet(String holder, String place, String loaderClass, int loaders, int classes, long retainedBytes,
                            long biggestLoaderId) {
    }

    private static final class Entry {
        final HolderKind kind;
        final String structure;
        final String pool;
        final String namedClass;
        long retained;
        long nativeBytes;
        long poolBytes;
        /** Netty pools' bytes in use with no live buffer; -1 until an instance encloses a pool whose figures read. */
        long unreleasedBytes = -1;
        long elements = -1;
        /**
         * Summed bounds of instances that evict; EvictionBounds.UNREAD once one's is unread, NONE until one evicts,
         * MAYBE once one may evict at no bound the heap shows (that one can grow without limit: so can the holder).
         */
        long bound = EvictionBounds.NONE;
        int instances;
        int biggest = -1;
        long biggestRetained = -1;
        final Set<String> within = new LinkedHashSet<>();
        /** A path from a GC root that shows who holds it, when the dominator tree cannot (class loaders). */
        int[] path;

        Entry(HolderKind kind, String structure, String pool, String namedClass) {
            this.kind = kind;
            this.structure = structure;
            this.pool = pool;
            this.namedClass = namedClass;
        }

        Holder holder(String key) {
            return new Holder(key, kind, structure, pool, retained, elements, bound, instances, List.copyOf(within), namedClass, nativeBytes,
                    poolBytes, unreleasedBytes);
        }
    }

    /** {@code unreleasedBytes}: of the Netty pools the instance encloses (report.NettyPools), -1 when it encloses none read. */
    void add(String key, HolderKind kind, String structure, String pool, String namedClass, int node, long retained, long nativeBytes,
             long poolBytes, long unreleasedBytes, long elements, long bound, String within) {
        Entry e = byKey.computeIfAbsent(key, k -> new Entry(kind, structure, pool, namedClass));
        e.retained += retained;
        e.nativeBytes += nativeBytes;
        e.poolBytes += poolBytes;
        if (unreleasedBytes >= 0) {
            e.unreleasedBytes = Math.max(0, e.unreleasedBytes) + unreleasedBytes;
        }
        if (elements >= 0) {
            e.elements = Math.max(0, e.elements) + elements;
        }
        if (bound == EvictionBounds.MAYBE || e.bound == EvictionBounds.MAYBE) {
            e.bound = EvictionBounds.MAYBE;
        } else if (bound != EvictionBounds.NONE) {
            boolean first = e.bound == EvictionBounds.NONE;
            e.bound = first ? bound : e.bound > 0 && bound > 0 ? e.bound + bound : EvictionBounds.UNREAD;
        }
        e.instances++;
        if (retained > e.biggestRetained) {
            e.biggest = node;
            e.biggestRetained = retained;
        }
        if (within != null && !within.equals(key)) {
            e.within.add(within);
        }
        if (node >= 0) {
            keyOfNode.put(node, key);
        }
    }

    void loaders(String key, String place, String loaderClass, int classes, long loaderId) {
        Entry e = byKey.get(key);
        LoaderSet was = loaderSets.get(key);
        loaderSets.put(key, new LoaderSet(key, place, loaderClass, e.instances, (was == null ? 0 : was.classes()) + classes,
                e.retained, was == null ? loaderId : was.biggestLoaderId()));
    }

    /** The class-loader holders. */
    public List<LoaderSet> loaderSets() {
        return List.copyOf(loaderSets.values());
    }

    void addWithin(String key, String within) {
        Entry e = byKey.get(key);
        if (e != null && !key.equals(within)) {
            e.within.add(within);
        }
    }

    /** Every holder, biggest first. */
    public List<Holder> holders() {
        List<Holder> out = new ArrayList<>();
        byKey.forEach((k, e) -> out.add(e.holder(k)));
        out.sort(Comparator.comparingLong(Holder::totalBytes).reversed().thenComparing(Holder::key));
        return out;
    }

    /** The holder named {@code key}, or null. */
    public Holder holder(String key) {
        Entry e = byKey.get(key);
        return e == null ? null : e.holder(key);
    }

    /** The object of the holder's instance that retains most, or -1 (a class-loader holder has none). */
    public int biggestNode(String key) {
        Entry e = byKey.get(key);
        return e == null ? -1 : e.biggest;
    }

    void path(String key, int[] path) {
        Entry e = byKey.get(key);
        if (e != null && e.path == null) {
            e.path = path;
        }
    }

    /** A path from a GC root to the object that holds the holder's instances, when set (class loaders); else null. */
    public int[] path(String key) {
        Entry e = byKey.get(key);
        return e == null ? null : e.path;
    }

    /** The holder whose instance {@code node} is, or null. */
    public String keyOf(int node) {
        return keyOfNode.get(node);
    }
}
