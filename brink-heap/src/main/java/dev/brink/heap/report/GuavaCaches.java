package dev.brink.heap.report;

import dev.brink.core.LibraryCode;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.Set;

/**
 * Guava's cache ({@code CacheBuilder.build()}) in a heap: whether it evicts, its bound, and its entries. Unlike
 * Caffeine, Guava builds one class, {@code com.google.common.cache.LocalCache}, for every cache, bounded or not, so
 * the class says nothing and the fields say it all. {@code LocalCache}'s constructor copies the builder's
 * settings into final fields:
 *
 * <ul>
 *   <li>{@code maxWeight}: {@code CacheBuilder.getMaximumWeight()}, the {@code maximumSize} when no weigher was
 *       given, else the {@code maximumWeight}; {@code UNSET_INT} (-1) when neither was set. {@code evictsBySize()} is
 *       {@code maxWeight >= 0}, and each segment evicts its least recently used entries once its weight passes its
 *       {@code maxSegmentWeight}, the segments' maxima summing to {@code maxWeight}: the whole cache never holds
 *       more.</li>
 *   <li>{@code weigher}: {@code CacheBuilder$OneWeigher.INSTANCE} (every entry weighs 1) unless the builder was
 *       given one, so with it {@code maxWeight} is a number of entries, the bound a holder's element count is
 *       compared with; with a custom weigher it is a weight (bytes, cost) the heap has no count of: evicting, bound
 *       unread.</li>
 *   <li>{@code expireAfterWriteNanos}, {@code expireAfterAccessNanos}: above 0 when the cache expires entries by
 *       time ({@code expires()}). Such a cache without a maximum still evicts: it holds what was written (or read)
 *       within the last window, so after a start it grows for one window and then stays at the request rate times
 *       the window; two dumps inside the first window show it filling. Its bound is that rate, which no field
 *       holds: unread, as for Caffeine's expiring caches. A window longer than the time between the dumps hides a
 *       leak-like growth as a constant bound does (GrowthRules: a third dump, or the soak's trend, says).</li>
 * </ul>
 *
 * Weak or soft keys or values are no bound: a weak-keyed cache holds as many entries as there are keys alive
 * elsewhere, and soft values are cleared only when the heap is nearly full, so their growth until then is growth.
 * {@code refreshAfterWrite} replaces values and removes none. A cache with none of these settings is a plain
 * concurrent map that grows with every key.
 *
 * <p><b>Its entries.</b> {@code LocalCache} has no size field: each {@code LocalCache$Segment} counts its own
 * ({@code count}), so the cache's entries are the sum over its {@code segments} array (four segments by default),
 * not the array's four slots.
 *
 * <p><b>Which holder.</b> The {@code Cache} the application holds is a {@code LocalCache$LocalManualCache} (or
 * {@code LocalLoadingCache}) wrapping the {@code LocalCache} in its field {@code localCache}; being a library object,
 * the wrapper makes the {@code LocalCache} a holder of its own whenever the cache is big enough to be one, so the
 * wrapper is never the cache's only holder and needs no reading. The {@code LocalCache} itself is the holder when
 * the application keeps its {@code asMap()} view; and its {@code Segment[]} is one when the {@code LocalCache} is
 * held by a JDK collection (a registry map of caches), whose own fields are the inside of a holder, not one: the
 * array is then read as its cache, through a segment's {@code map} field. Shaded copies
 * ({@code org.example.shaded.com.google.common.cache.LocalCache}) are Guava's too.
 *
 * <p>Cost: the cache's and its segments' field values, requested for the holder scan ({@link #request}).
 */
final class GuavaCaches {
    static final String LOCAL_CACHE = "com.google.common.cache.LocalCache";
    static final String SEGMENTS = LOCAL_CACHE + "$Segment[]";
    static final String ONE_WEIGHER = "com.google.common.cache.CacheBuilder$OneWeigher";

    private GuavaCaches() {
    }

    /** The {@code LocalCache} object {@code v} is, or whose segments it holds; -1 for anything else. */
    static int cacheOf(HeapGraph g, int v) {
        if (g.isClassObject(v)) {
            return -1;
        }
        String name = g.className(v);
        boolean array = name.endsWith(".LocalCache$Segment[]");
        if (!array && !name.endsWith(".LocalCache")) {
            return -1; // every candidate passes here: unshade only the few that can be Guava's
        }
        String unshaded = LibraryCode.unshaded(name);
        if (!array) {
            return unshaded.equals(LOCAL_CACHE) ? v : -1;
        }
        if (!unshaded.equals(SEGMENTS)) {
            return -1;
        }
        for (int k = g.refStart(v); k < g.refEnd(v); k++) {
            int segment = g.ref(k); // each segment references its cache (Segment.map)
            for (int j = g.refStart(segment); j < g.refEnd(segment); j++) {
                int w = g.ref(j);
                if (!g.isClassObject(w) && LibraryCode.unshaded(g.className(w)).equals(LOCAL_CACHE)) {
                    return w;
                }
            }
        }
        return -1;
    }

    /** Adds the objects whose fields tell {@code v}'s bound and entries when it is a Guava cache or its segments. */
    static void request(HeapGraph g, int v, Set<Long> out) {
        int cache = cacheOf(g, v);
        if (cache < 0) {
            return;
        }
        out.add(g.id(cache));
        int segments = segments(g, cache);
        for (int k = segments < 0 ? 0 : g.refStart(segments), end = segments < 0 ? 0 : g.refEnd(segments); k < end; k++) {
            out.add(g.id(g.ref(k)));
        }
    }

    /** The cache's {@code Segment[]}, found by class among its references (the heap keeps no field names), or -1. */
    private static int segments(HeapGraph g, int cache) {
        for (int k = g.refStart(cache); k < g.refEnd(cache); k++) {
            int w = g.ref(k);
            if (!g.isClassObject(w) && g.className(w).endsWith(".LocalCache$Segment[]")) {
                return w;
            }
        }
        return -1;
    }

    /** The entries of {@code cache}: its segments' counts summed; -1 when a segment's fields were not fetched. */
    static long entries(HeapGraph g, int cache, DetailReader scan) {
        int segments = segments(g, cache);
        if (segments < 0) {
            return -1;
        }
        ClassTable classes = g.classes();
        long sum = 0;
        for (int k = g.refStart(segments); k < g.refEnd(segments); k++) {
            int segment = g.ref(k);
            int c = g.classOf(segment);
            int slot = Fields.slot(classes, c, "count");
            byte[] data = scan.instance(g.id(segment));
            if (slot < 0 || data == null || classes.layoutTypes(c)[slot] != HprofTypes.INT) {
                return -1;
            }
            sum += (int) Fields.value(data, Fields.offset(classes, c, slot, g.sizeModel().idSize()), 4);
        }
        return sum;
    }

    /**
     * {@link EvictionBounds#NONE} when {@code cache} neither has a maximum nor expires, its {@code maxWeight} in
     * entries when every entry weighs 1, else {@link EvictionBounds#UNREAD} (see the class comment).
     */
    static long bound(HeapGraph g, int cache, DetailReader scan) {
        byte[] data = scan.instance(g.id(cache));
        if (data == null) {
            return EvictionBounds.NONE; // its settings unread: nothing in the heap says this one evicts
        }
        int c = g.classOf(cache);
        long maxWeight = longField(g, c, data, "maxWeight");
        if (maxWeight >= 0) {
            int weigher = g.indexOf(Fields.reference(g, c, data, "weigher"));
            boolean oneEach = weigher >= 0 && !g.isClassObject(weigher)
                    && LibraryCode.unshaded(g.className(weigher)).equals(ONE_WEIGHER);
            return oneEach && maxWeight > 0 ? maxWeight : EvictionBounds.UNREAD;
        }
        boolean expires = longField(g, c, data, "expireAfterWriteNanos") > 0 || longField(g, c, data, "expireAfterAccessNanos") > 0;
        return expires ? EvictionBounds.UNREAD : EvictionBounds.NONE;
    }

    /** A long field's value, or -1 (Guava's UNSET_INT) when the class has no such long field. */
    private static long longField(HeapGraph g, int c, byte[] data, String name) {
        ClassTable classes = g.classes();
        int slot = Fields.slot(classes, c, name);
        if (slot < 0 || classes.layoutTypes(c)[slot] != HprofTypes.LONG) {
            return -1;
        }
        return Fields.value(data, Fields.offset(classes, c, slot, g.sizeModel().idSize()), 8);
    }
}
