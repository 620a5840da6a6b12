package dev.brink.heap.report;

import dev.brink.core.LibraryCode;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a holder's object evicts beyond a bound, and the bound when the heap shows it: what tells a cache that is
 * still filling from a leak when two dumps both show it growing. A leak is growth, not size, and a cache filling is
 * the one growth that is no leak; so the excuse needs evidence of the bound, and a possibility is not evidence.
 *
 * <p><b>Which objects evict.</b> Caffeine's {@code BoundedLocalCache}: Caffeine builds one only for a cache with a
 * maximum size or weight, an expiry or reference keys or values, and an {@code UnboundedLocalCache} for one with none
 * of them, so the class says it. And Guava's {@code LocalCache} (or its segments) when its fields say it has a maximum
 * or expires: Guava builds that one class for every cache ({@link GuavaCaches}). Both libraries chose the class or
 * wrote the setting from the builder's bound, so the heap is evidence of eviction even when the bound does not read.
 *
 * <p><b>Which objects may evict.</b> A subclass of {@code LinkedHashMap} outside the JDK. The JDK documents
 * subclassing it and overriding {@code removeEldestEntry} as the way to build a bounded map (an LRU cache in access
 * order, a FIFO one in insertion order), but a dump holds no method bodies: the subclass may override it with a
 * constant bound, or not at all (a subclass for a {@code toString} or a typed name), or with a test that never holds
 * (a bound of 0 meaning "unbounded"). The subclass is the possibility of eviction, not its evidence. It evicts, as far
 * as the heap can say, only when the number its {@code removeEldestEntry} compares {@code size()} with is a value the
 * dump has; else it is {@link #MAYBE}: growth in it is judged like any holder's, its finding saying it may be a cache.
 *
 * <p><b>The bound.</b> Where code keeps the number: a field of the subclass — a named cache's {@code maxEntries}, or
 * the {@code val$…} an anonymous subclass captures from its constructor argument — the one int or long field declared
 * below {@code LinkedHashMap} whose name reads as a limit (max, cap, capacity, limit, bound), or the only one captured;
 * else a field of the instance that encloses an inner or anonymous subclass, reached through its {@code this$0}
 * ({@code SessionStore.this.cap}), the one limit-like int or long of that class; else a static one (a
 * {@code MAX_ENTRIES} constant: HotSpot writes a class's static fields, constants included, into the dump) of the
 * subclass or of its enclosing instance's class; else, for a subclass with no enclosing instance (an anonymous or
 * local class in a static initializer or a static method: {@code static Map m = new LinkedHashMap<>(16, .75f, true)
 * {…}}, which javac compiles without {@code this$0}), a static one of the class that declares it, the class named
 * by the subclass's binary name up to its last {@code $} and defined by the same loader. That is where such code keeps
 * a bound it reads at start-up ({@code static final int MAX = Integer.getInteger("cache.max", 500)}): javac inlines
 * only a compile-time constant into the method, so a non-constant static is read from the outer class at each call,
 * and its value is in the dump. The first of these places that has a limit-like field decides. A
 * counter beside it ({@code hits}) is not a bound; two limit-like fields at one place are ambiguous; a read value of 0
 * or less keeps no entry and is no bound (it is how code says "unbounded"); a literal compiled into the method is
 * invisible. Each leaves the bound unread: {@link #MAYBE}. Caffeine
 * keeps its bound in {@code maximum}: entries when its weigher is the singleton one every entry weighs 1 in
 * ({@code maximumSize}), a weight otherwise (unread, as the bound of a cache that expires by time). Guava's is its
 * {@code maxWeight}, in entries when its weigher is {@code OneWeigher}.
 *
 * <p><b>Eviction seen across two dumps</b> (keys of the earlier dump gone from the later one) is not used: it needs the
 * keys' identities in both dumps, and it would not excuse growth anyway — a map whose count rises while old keys go
 * is removing entries, which a leaking session map that drops logged-out sessions also does; only a count level at a
 * bound says "full", and a level count is no growth.
 *
 * <p>Cost: the field values of the instance and of the one that encloses it, which the holder scan fetches
 * ({@link #request}).
 */
final class EvictionBounds {
    /** The object does not evict (nothing in the heap says it does). */
    static final long NONE = -1;
    /** It evicts (a library's bounded cache says so) at a bound the heap does not show (a weight, a time). */
    static final long UNREAD = 0;
    /**
     * It may evict, at a bound the heap does not show, or never: a LinkedHashMap subclass whose bound does not read
     * (see the class comment). Below {@link #NONE}: not an eviction, never a bound.
     */
    static final long MAYBE = -2;
    /** No limit-like field at the place looked at: look at the next one. */
    private static final long NOT_THERE = Long.MIN_VALUE;
    static final String CAFFEINE_BOUNDED = "com.github.benmanes.caffeine.cache.BoundedLocalCache";

    private EvictionBounds() {
    }

    /** {@link #NONE}, {@link #MAYBE}, {@link #UNREAD}, or the most elements object {@code v} keeps. */
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
        return data == null ? MAYBE : linkedHashMap(g, c, data, scan);
    }

    /**
     * Adds what {@link #of} reads beyond instance {@code v}'s own fields: for a LinkedHashMap subclass of the
     * application, the application's objects it references (the instance that encloses it among them).
     */
    static void request(HeapGraph g, int v, Set<Long> out) {
        if (g.isClassObject(v)) {
            return;
        }
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        if (classes.name(c).startsWith("java.") || !classes.extendsClass(c, "java.util.LinkedHashMap")) {
            return;
        }
        for (int k = g.refStart(v), end = g.refEnd(v); k < end; k++) {
            int w = g.ref(k);
            if (!g.isClassObject(w) && !g.className(w).startsWith("java.") && !g.className(w).endsWith("[]")) {
                out.add(g.id(w));
            }
        }
    }

    /**
     * The bound of a LinkedHashMap subclass's instance (raw fields {@code data}): its own field, its enclosing
     * instance's, a static one of either class; {@link #MAYBE} when none reads (see the class comment).
     */
    private static long linkedHashMap(HeapGraph g, int c, byte[] data, DetailReader scan) {
        ClassTable classes = g.classes();
        int idSize = g.sizeModel().idSize();
        long bound = bound(classes, c, data, idSize);
        long outerId = Fields.reference(g, c, data, "this$0");
        int outer = outerId == 0 ? -1 : g.indexOf(outerId);
        int outerClass = outer < 0 || g.isClassObject(outer) ? -1 : g.classOf(outer);
        byte[] outerData = outerClass < 0 ? null : scan.instance(outerId);
        if (bound == NOT_THERE && outerData != null) {
            bound = ownLimit(classes, outerClass, outerData, idSize);
        }
        if (bound == NOT_THERE) {
            bound = staticLimit(classes, c);
        }
        if (bound == NOT_THERE && outerClass >= 0) {
            bound = staticLimit(classes, outerClass);
        }
        int declaring = outerId == 0 ? declaringClass(classes, c) : -1;
        if (bound == NOT_THERE && declaring >= 0) {
            bound = staticLimit(classes, declaring);
        }
        return bound == NOT_THERE ? MAYBE : bound;
    }

    /**
     * The class that declares nested class c (its binary name up to the last {@code $}, defined by the same loader),
     * or -1: none, or several (see the class comment).
     */
    private static int declaringClass(ClassTable classes, int c) {
        String name = classes.name(c);
        int dollar = name.lastIndexOf('$');
        if (dollar <= 0) {
            return -1;
        }
        String outer = name.substring(0, dollar);
        int found = -1;
        for (int k = 0; k < classes.size(); k++) {
            if (classes.loaderId(k) == classes.loaderId(c) && outer.equals(classes.name(k))) {
                if (found >= 0) {
                    return -1;
                }
                found = k;
            }
        }
        return found;
    }

    /**
     * The one limit-like int or long field that class c declares itself, read from an instance's raw fields
     * {@code data}, when it is above 0; else -1 (none, several, or one that keeps nothing).
     */
    static long limitOf(ClassTable classes, int c, byte[] data, int idSize) {
        long v = ownLimit(classes, c, data, idSize);
        return v > 0 ? v : -1;
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

    /**
     * The subclass's one limit-like int or long field (or its only captured one); {@link #MAYBE} when it has several,
     * or one that keeps no entry; {@link #NOT_THERE} when it has none.
     */
    private static long bound(ClassTable classes, int c, byte[] data, int idSize) {
        byte[] types = classes.layoutTypes(c);
        long limit = MAYBE;
        int limits = 0;
        long captured = MAYBE;
        boolean anyCaptured = false;
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
                anyCaptured = true;
            }
        }
        if (limits == 0) {
            return numbers == 1 && anyCaptured ? asBound(captured) : NOT_THERE;
        }
        return asBound(limits == 1 ? limit : MAYBE);
    }

    /**
     * The one limit-like int or long field class c declares itself, of the instance with raw fields {@code data}, as
     * {@link #bound} says it.
     */
    private static long ownLimit(ClassTable classes, int c, byte[] data, int idSize) {
        byte[] types = classes.layoutTypes(c);
        long limit = MAYBE;
        int limits = 0;
        for (int s = 0, off = 0; s < types.length; off += HprofTypes.size(types[s], idSize), s++) {
            if ((types[s] == HprofTypes.INT || types[s] == HprofTypes.LONG) && classes.declaringClass(c, s) == c
                    && limitLike(classes.fieldName(c, s))) {
                long value = Fields.value(data, off, HprofTypes.size(types[s], idSize));
                limit = types[s] == HprofTypes.INT ? (int) value : value;
                limits++;
            }
        }
        return limits == 0 ? NOT_THERE : asBound(limits == 1 ? limit : MAYBE);
    }

    /** The one limit-like static int or long field of class c (a constant), as {@link #bound} says it. */
    private static long staticLimit(ClassTable classes, int c) {
        long limit = MAYBE;
        int limits = 0;
        for (int i = 0; i < classes.staticCount(c); i++) {
            int type = classes.staticType(c, i);
            if ((type == HprofTypes.INT || type == HprofTypes.LONG) && limitLike(classes.staticName(c, i))) {
                long value = classes.staticValue(c, i);
                limit = type == HprofTypes.INT ? (int) value : value;
                limits++;
            }
        }
        return limits == 0 ? NOT_THERE : asBound(limits == 1 ? limit : MAYBE);
    }

    /** A read value as a bound: 0 or less keeps no entry, and is how code says "no bound". */
    private static long asBound(long value) {
        return value > 0 ? value : MAYBE;
    }

    private static boolean limitLike(String fieldName) {
        String n = fieldName.toLowerCase(Locale.ROOT);
        return n.contains("max") || n.contains("capacity") || n.contains("limit") || n.contains("bound")
                || n.equals("cap") || n.endsWith("cap") || fieldName.matches("(cap|CAP)[A-Z_].*");
    }
}
