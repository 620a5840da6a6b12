package dev.brink.heap.report;

import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.Locale;

/**
 * An application's own structures that one dump shows are bounded by how they are built, whatever their size: what
 * {@link KnownStructures} does for frameworks' classes, done here from the objects themselves.
 *
 * <ul>
 *   <li><b>An LRU cache.</b> A {@code LinkedHashMap} in access order: the JDK documents that constructor as the way
 *       to build an LRU cache, bounded by overriding {@code removeEldestEntry}. Nothing else wants access order (it
 *       turns every {@code get} into a write), so the flag, read from the instance's {@code accessOrder} field, is
 *       the cache's signature.</li>
 *   <li><b>A pool of buffers.</b> An object array (an {@code ArrayDeque}'s, an {@code ArrayBlockingQueue}'s, a free
 *       list's) whose elements are all buffers ({@code java.nio} buffers or primitive arrays) retaining exactly the
 *       same bytes, each at least {@value #MIN_POOLED_BYTES} bytes, at least {@value #MIN_POOLED} of them: buffers
 *       made by one allocation site with one configured size, kept for reuse. What accumulates in a leak differs
 *       in size from one element to the next (requests, sessions, records with their own strings), and it is held
 *       in entities and map nodes, not as bare buffers in a list.</li>
 *   <li><b>A bounded Guava cache.</b> Guava builds one class, {@code LocalCache}, for bounded and unbounded caches
 *       alike, so a name in {@link KnownStructures} would call an unbounded one (a classic leak) bounded too: its
 *       fields say which it is ({@link GuavaCaches}: a maximum size or weight, or an expiry).</li>
 * </ul>
 *
 * A structure named here makes its leak-suspect finding informational, as a framework's does: its size alone says
 * nothing about growth, and two dumps (brink heap diff) still judge it like any holder. Cost: the chain's instances
 * are already fetched for the suspect's text; the pool test reads the dominator tree's children of one array.
 */
final class StructureShapes {
    static final int MIN_POOLED = 8;
    static final int MIN_POOLED_BYTES = 4096;
    /** The pooled elements hold nearly all of the array's memory: the array is the pool, not a list beside it. */
    static final double POOLED_SHARE = 0.9;

    private StructureShapes() {
    }

    /** What the chain down to the accumulation point is, by its shape, or null. */
    static String of(HeapGraph g, DominatorTree t, DominatedTree dt, DetailReader detail, int[] chain) {
        for (int v : chain) {
            int guava = GuavaCaches.cacheOf(g, v);
            if (guava >= 0 && GuavaCaches.bound(g, guava, detail) != EvictionBounds.NONE) {
                return "a Guava cache with a bound (maximum size or weight, or an expiry)";
            }
            if (lru(g, detail, v)) {
                return "an LRU cache: a " + PathText.name(g, v) + " in access order, the JDK's idiom for a cache bounded by removeEldestEntry";
            }
        }
        return pool(g, t, dt, chain[chain.length - 1]);
    }

    private static boolean lru(HeapGraph g, DetailReader detail, int v) {
        if (g.isClassObject(v)) {
            return false;
        }
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        if (!classes.extendsClass(c, "java.util.LinkedHashMap")) {
            return false;
        }
        byte[] data = detail.instance(g.id(v));
        int slot = Fields.slot(classes, c, "accessOrder");
        return data != null && slot >= 0 && Fields.value(data, Fields.offset(classes, c, slot, g.sizeModel().idSize()), 1) != 0;
    }

    private static String pool(HeapGraph g, DominatorTree t, DominatedTree dt, int acc) {
        if (g.isClassObject(acc) || !g.className(acc).endsWith("[]")) {
            return null;
        }
        int[] elements = dt.children(acc);
        if (elements.length < MIN_POOLED) {
            return null;
        }
        int cls = g.classOf(elements[0]);
        long each = t.retained(elements[0]);
        if (each < MIN_POOLED_BYTES || !buffer(g.className(elements[0]), g.classes(), cls)) {
            return null;
        }
        for (int e : elements) {
            if (g.classOf(e) != cls || t.retained(e) != each) {
                return null;
            }
        }
        if (each * elements.length < POOLED_SHARE * t.retained(acc)) {
            return null;
        }
        return String.format(Locale.ROOT, "a pool of %d equal buffers (%s, %d bytes each): allocated at one size and kept for reuse",
                elements.length, g.className(elements[0]), each);
    }

    private static boolean buffer(String className, ClassTable classes, int c) {
        return className.endsWith("[]") && !className.endsWith("[][]") && isPrimitiveArray(className)
                || classes.extendsClass(c, "java.nio.Buffer");
    }

    private static boolean isPrimitiveArray(String name) {
        return switch (name) {
            case "byte[]", "char[]", "short[]", "int[]", "long[]", "float[]", "double[]" -> true;
            default -> false;
        };
    }
}
