package dev.brink.heap.report;

import dev.brink.core.LibraryCode;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.Locale;

/**
 * Whether a holder's object evicts beyond a bound, and the bound when the heap shows it: what tells a cache that is
 * still filling from a leak when two dumps both show it growing.
 *
 * <p><b>Which objects evict.</b> A subclass of {@code LinkedHashMap} outside the JDK. The JDK documents subclassing
 * it and overriding {@code removeEldestEntry} as the way to build a bounded map (an LRU cache in access order, a
 * FIFO one in insertion order), and nothing else of {@code LinkedHashMap} is worth a subclass: the override is the
 * reason the class exists. The method itself is not in a heap dump, so the subclass is the evidence. And Caffeine's
 * {@code BoundedLocalCache}: Caffeine builds one only for a cache with a maximum size or weight, an expiry or
 * reference keys or values, and an {@code UnboundedLocalCache} for one with none of them, so the class says it.
 * And Guava's {@code LocalCache} (or its segments) when its fields say it has a maximum or expires: Guava builds that
 * one class for every cache ({@link GuavaCaches}).
 *
 * <p><b>The bound.</b> {@code removeEldestEntry} compares {@code size()} with a number. When that number is a field
 * of the subclass — a named cache's {@code maxEntries}, or the {@code val$…} an anonymous subclass captures from its
 * constructor argument — the dump has it: the one int or long field declared below {@code LinkedHashMap} whose name
 * reads as a limit (max, capacity, limit, bound), or the only one captured. A counter beside it ({@code hits}) is
 * not a bound; two limit-like fields are ambiguous, and a constant compiled into the method is invisible: the bound
 * is then unread, and the map still evicts. Caffeine keeps its bound in {@code maximum}: entries when its weigher is
 * the singleton one every entry weighs 1 in ({@code maximumSize}), a weight otherwise (unread, as the bound of a cache
 * that expires by time). Guava's is its {@code maxWeight}, in entries when its weigher is {@code OneWeigher}.
 *
 * <p>Cost: one instance's field values, which the holder scan fetches already for the element count.
 */
final class EvictionBounds {
    /** The object does not evict (nothing in the heap says it does). */
    static final long NONE = -1;
    /** It evicts at a bound the heap does not show (a constant in the code). */
    static final long UNREAD = 0;
    static final String CAFFEINE_BOUNDED = "com.github.benmanes.caffeine.cache.BoundedLocalCache";

    private EvictionBounds() {
    }

    /** {@link #NONE}, {@link #UNREAD}, or the most elements object {@code v} keeps. */
    static long of(HeapGraph g, int v, DetailReader scan) {
        if (g.isClassObject(v)) {
            return NONE;
        }
        int guava = GuavaCaches.cacheOf(g, v);
        if (guava >= 0) {
            return GuavaCaches.bound(g, guava, scan);
        }
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        String name = LibraryCode.unshaded(classes.name(c));
        byte[] data = scan.instance(g.id(v));
        if (classes.extendsClass(c, CAFFEINE_BOUNDED) || name.startsWith(CAFFEINE_BOUNDED)) {
            return data == null ? UNREAD : caffeine(g, c, data);
        }
        if (name.startsWith("java.") || !classes.extendsClass(c, "java.util.LinkedHashMap")) {
            return NONE;
        }
        return data == null ? UNREAD : bound(classes, c, data, g.sizeModel().idSize());
    }

    /** Caffeine's maximum in entries when every entry weighs 1, else {@link #UNREAD}. */
    private static long caffeine(HeapGraph g, int c, byte[] data) {
        ClassTable classes = g.classes();
        int slot = Fields.slot(classes, c, "maximum");
        int weigher = g.indexOf(Fields.reference(g, c, data, "weigher"));
        if (slot < 0 || classes.layoutTypes(c)[slot] != HprofTypes.LONG || weigher < 0
                || !g.className(weigher).endsWith(".SingletonWeigher")) {
            return UNREAD;
        }
        long maximum = Fields.value(data, Fields.offset(classes, c, slot, g.sizeModel().idSize()), 8);
        return maximum > 0 && maximum < Long.MAX_VALUE ? maximum : UNREAD;
    }

    /** The subclass's one limit-like int or long field (or its only captured one), else {@link #UNREAD}. */
    private static long bound(ClassTable classes, int c, byte[] data, int idSize) {
        byte[] types = classes.layoutTypes(c);
        long limit = UNREAD;
        int limits = 0;
        long captured = UNREAD;
        int numbers = 0;
        for (int s = 0, off = 0; s < types.length; off += HprofTypes.size(types[s], idSize), s++) {
            boolean number = types[s] == HprofTypes.INT || types[s] == HprofTypes.LONG;
            if (!number || classes.name(classes.declaringClass(c, s)).startsWith("java.")) {
                continue;
            }
            long value = Fields.value(data, off, HprofTypes.size(types[s], idSize));
            value = types[s] == HprofTypes.INT ? (int) value : value;
            String name = classes.fieldName(c, s);
            numbers++;
            if (limitLike(name)) {
                limits++;
                limit = value;
            }
            if (name.startsWith("val$")) {
                captured = value;
            }
        }
        long bound = limits == 1 ? limit : limits == 0 && numbers == 1 ? captured : UNREAD;
        return Math.max(UNREAD, bound);
    }

    private static boolean limitLike(String fieldName) {
        String n = fieldName.toLowerCase(Locale.ROOT);
        return n.contains("max") || n.contains("capacity") || n.contains("limit") || n.contains("bound");
    }
}
