package dev.brink.heap.report;

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
 * reason the class exists. The method itself is not in a heap dump, so the subclass is the evidence.
 *
 * <p><b>The bound.</b> {@code removeEldestEntry} compares {@code size()} with a number. When that number is a field
 * of the subclass — a named cache's {@code maxEntries}, or the {@code val$…} an anonymous subclass captures from its
 * constructor argument — the dump has it: the one int or long field declared below {@code LinkedHashMap} whose name
 * reads as a limit (max, capacity, limit, bound), or the only one captured. A counter beside it ({@code hits}) is
 * not a bound; two limit-like fields are ambiguous, and a constant compiled into the method is invisible: the bound
 * is then unread, and the map still evicts.
 *
 * <p>Cost: one instance's field values, which the holder scan fetches already for the element count.
 */
final class EvictionBounds {
    /** The object does not evict (nothing in the heap says it does). */
    static final long NONE = -1;
    /** It evicts at a bound the heap does not show (a constant in the code). */
    static final long UNREAD = 0;

    private EvictionBounds() {
    }

    /** {@link #NONE}, {@link #UNREAD}, or the most elements object {@code v} keeps. */
    static long of(HeapGraph g, int v, DetailReader scan) {
        if (g.isClassObject(v)) {
            return NONE;
        }
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        if (classes.name(c).startsWith("java.") || !classes.extendsClass(c, "java.util.LinkedHashMap")) {
            return NONE;
        }
        byte[] data = scan.instance(g.id(v));
        return data == null ? UNREAD : bound(classes, c, data, g.sizeModel().idSize());
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
