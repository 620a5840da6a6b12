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
 *   <li><b>A pool of buffers.</b> An object array whose elements are all buffers ({@code java.nio} buffers or
 *       primitive arrays) retaining exactly the same bytes, each at least {@value #MIN_POOLED_BYTES} bytes, at least
 *       {@value #MIN_POOLED} of them, kept by a structure that gives buffers back: buffers made by one allocation site
 *       with one configured size, kept for reuse. Equal buffers alone are not the evidence: a leak of per-task
 *       scratch buffers ({@code threadLocal.get().add(new byte[10_000])} on a pool's threads, never cleared) is
 *       equal buffers too, thousands of them. What tells them apart is the structure around the array, the array's
 *       immediate dominator:
 *       <ul>
 *         <li>a queue or deque ({@code ArrayDeque}, {@code ArrayBlockingQueue}, any {@code java.util} or
 *             {@code java.util.concurrent} {@code Queue} or {@code Deque} class): a free list, polled to borrow and
 *             offered to give back, the way pools are written (Netty's recyclers and arenas are named by
 *             {@link KnownStructures}); a linked one ({@code ConcurrentLinkedQueue}, {@code LinkedBlockingDeque}:
 *             Commons Pool's idle objects, Jetty's pools) has no backing array, so its nodes are read instead
 *             ({@link #linkedPool});</li>
 *         <li>an object of the application's own that keeps the array itself: a fixed array with an index, which
 *             code does not grow by appending;</li>
 *         <li>a list ({@code ArrayList}, {@code Vector}, {@code CopyOnWriteArrayList}) only when the object that keeps
 *             the list has a limit-like int or long field (a pool's {@code capacity}, {@code maxPooled}, as
 *             {@link EvictionBounds} reads one) of at least the number of buffers, or when an {@code ArrayList}
 *             is exactly full at a length appending never gives it (made at its size and filled once,
 *             {@link #presizedAndFull}): a list is what code appends to, and a list that only grows is the leak
 *             this rule must not excuse.</li>
 *       </ul>
 *       A list of equal buffers with no such field is not named: its suspect keeps the severity of its size. One
 *       dump cannot say it grows (a working set filled once and replaced in place looks the same); two can. The
 *       pool's share of the heap is no evidence either way: a preallocated slab pool is sized to the heap (one was
 *       99 % of the used heap), and a leaking list is whatever share it has reached. What accumulates in a leak of
 *       entities differs in size from one element to the next (requests, sessions, records with their own
 *       strings), and it is held in entities and map nodes, not as bare buffers.</li>
 *   <li><b>A bounded Guava cache.</b> Guava builds one class, {@code LocalCache}, for bounded and unbounded caches
 *       alike, so a name in {@link KnownStructures} would call an unbounded one (a classic leak) bounded too: its
 *       fields say which it is ({@link GuavaCaches}: a maximum size or weight, or an expiry).</li>
 * </ul>
 *
 * A structure named here makes its leak-suspect finding informational, as a framework's does: its size alone says
 * nothing about growth, and two dumps (brink heap diff) still judge it like any holder. Cost: the chain's instances
 * are already fetched for the suspect's text; the pool test reads the dominator tree's
 * children of one array and its immediate dominator (a walk of the tree's children lists, once per suspect).
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
        String linked = linkedPool(g, t, dt, chain);
        return linked != null ? linked : pool(g, t, dt, detail, chain[chain.length - 1]);
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

    private static String pool(HeapGraph g, DominatorTree t, DominatedTree dt, DetailReader detail, int acc) {
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
        String keeper = keeper(g, t, detail, acc, elements.length);
        return keeper == null ? null : String.format(Locale.ROOT, "a pool of %d equal buffers (%s, %d bytes each) in %s: "
                + "allocated at one size and kept for reuse", elements.length, g.className(elements[0]), each, keeper);
    }

    /**
     * What keeps the array of {@code buffers} equal buffers as a pool, said as text (see the class comment), or null
     * when nothing does: a list with no limit beside it, or no keeper at all.
     */
    private static String keeper(HeapGraph g, DominatorTree t, DetailReader detail, int array, int buffers) {
        int owner = t.idom(array);
        if (owner < 0 || g.isClassObject(owner)) {
            return null; // a root, a static field: nothing says how it is used
        }
        ClassTable classes = g.classes();
        int c = g.classOf(owner);
        String name = g.className(owner);
        if (queue(classes, c)) {
            return "a " + name + " (a free list: polled to borrow, offered to give back)";
        }
        if (!name.startsWith("java.") && !name.startsWith("jdk.") && !name.startsWith("sun.")) {
            return "a fixed array of " + name;
        }
        if (!classes.extendsClass(c, "java.util.AbstractList") && !name.equals("java.util.concurrent.CopyOnWriteArrayList")) {
            return null;
        }
        if (name.equals("java.util.ArrayList") && presizedAndFull(g, array, buffers)) {
            return "a java.util.ArrayList filled to the capacity it was made with (" + buffers + "), not grown by appending";
        }
        int pool = t.idom(owner);
        byte[] data = pool < 0 || g.isClassObject(pool) ? null : detail.instance(g.id(pool));
        if (data == null || g.className(pool).startsWith("java.")) {
            return null;
        }
        long cap = EvictionBounds.limitOf(classes, g.classOf(pool), data, g.sizeModel().idSize());
        return cap >= buffers ? String.format(Locale.ROOT, "a list of %s capped at %d", g.className(pool), cap) : null;
    }

    /**
     * A pool kept in a linked queue or deque of the JDK ({@code ConcurrentLinkedQueue}, {@code LinkedBlockingQueue},
     * {@code LinkedBlockingDeque}, {@code ConcurrentLinkedDeque}), or null. No backing array holds the buffers: each
     * sits in a node of the queue's own nested class, and the dominator tree shows a singly linked queue as a chain of
     * nodes (each dominating the next, so the walk to the accumulation point ends on a node near the tail) and a doubly
     * linked one as nodes all directly under the queue. Either way the queue's dominated subtree holds its nodes, the
     * buffers they dominate and its own small fields (a lock, a count): the innermost such queue on the chain is the
     * pool when its nodes hold only equal buffers holding nearly all its memory (the nodes' own bytes are the rest).
     * Nodes are told by their class, a nested {@code Node} of {@code java.util.concurrent}
     * ({@code LinkedTransferQueue}'s {@code DualNode} since JDK 21). A {@code LinkedList} is
     * not read so:
     * it is a list, appended to as much as polled.
     */
    private static String linkedPool(HeapGraph g, DominatorTree t, DominatedTree dt, int[] chain) {
        ClassTable classes = g.classes();
        for (int i = chain.length - 1; i >= 0; i--) {
            int q = chain[i];
            if (g.isClassObject(q) || !linkedQueue(classes, g.classOf(q))) {
                continue;
            }
            int cls = -1;
            long each = -1;
            int count = 0;
            int[] stack = new int[64];
            int sp = 0;
            stack[sp++] = q;
            while (sp > 0) {
                int v = stack[--sp];
                boolean node = v != q;
                for (int e : dt.children(v)) {
                    String name = g.className(e);
                    if (!g.isClassObject(e) && name.startsWith("java.util.concurrent.") && name.contains("$") && name.endsWith("Node")) {
                        if (sp == stack.length) {
                            stack = java.util.Arrays.copyOf(stack, sp * 2);
                        }
                        stack[sp++] = e;
                    } else if (node) { // a node's item: a buffer equal to every other, or this is no pool of buffers
                        if (cls < 0) {
                            cls = g.classOf(e);
                            each = t.retained(e);
                            if (each < MIN_POOLED_BYTES || g.isClassObject(e) || !buffer(name, classes, cls)) {
                                return null;
                            }
                        } else if (g.classOf(e) != cls || t.retained(e) != each) {
                            return null;
                        }
                        count++;
                    }
                }
            }
            if (count < MIN_POOLED || each * count < POOLED_SHARE * t.retained(q)) {
                return null;
            }
            return String.format(Locale.ROOT, "a pool of %d equal buffers (%s, %d bytes each) in a %s (a free list: polled "
                    + "to borrow, offered to give back): allocated at one size and kept for reuse", count, classes.name(cls), each, g.className(q));
        }
        return null;
    }

    /**
     * Whether an ArrayList's array of {@code buffers} buffers has no free slot and a length that appending from an empty
     * list never gives: a list made at its size and filled once ({@code new ArrayList<>(960)}, entries replaced in
     * place). ArrayList (JDK 8 to 25) grows by {@code old + old >> 1}: from 10 for {@code new ArrayList<>()}, from 0
     * for {@code new ArrayList<>(0)}; a list that grows by {@code add} is full only at the moment it reaches one of
     * those lengths, and has spare slots otherwise. The array's length is read from its shallow size (no room for one
     * more reference) with its non-null references (one per buffer). Limits: a list made at a size of its own and
     * appended to looks the same at the one moment it is exactly full (the next add grows it, and two dumps judge it
     * as any holder); a list copied ({@code new ArrayList<>(c)}) or trimmed is exactly full too, which says nothing
     * of growth either way. {@code new ArrayList<>()} filled by {@code add} and then overwritten in place has spare
     * slots like any list grown by appending: one dump cannot tell it from a leak.
     */
    private static boolean presizedAndFull(HeapGraph g, int array, int buffers) {
        var size = g.sizeModel();
        if (g.shallow(array) >= size.arraySize(buffers + 1L, size.referenceBytes())) {
            return false; // room for one more: the list has spare slots, or the length is unsure
        }
        return !grownTo(10, buffers) && !grownTo(0, buffers);
    }

    /** Whether ArrayList's growth from capacity {@code from} passes through exactly {@code length}. */
    private static boolean grownTo(long from, int length) {
        for (long c = from; c <= length; c = c + Math.max(1, c >> 1)) {
            if (c == length) {
                return true;
            }
        }
        return false;
    }

    /** A linked queue or deque of {@code java.util.concurrent}, a subclass of one too (its nodes are the JDK's). */
    private static boolean linkedQueue(ClassTable classes, int c) {
        for (String q : new String[] {"ConcurrentLinkedQueue", "LinkedBlockingQueue", "LinkedBlockingDeque", "ConcurrentLinkedDeque",
                "LinkedTransferQueue"}) {
            if (classes.extendsClass(c, "java.util.concurrent." + q)) {
                return true;
            }
        }
        return false;
    }

    /** A JDK queue or deque: {@code java.util.Queue}'s implementations extend one of these. */
    private static boolean queue(ClassTable classes, int c) {
        return classes.extendsClass(c, "java.util.ArrayDeque") || classes.extendsClass(c, "java.util.AbstractQueue")
                || classes.extendsClass(c, "java.util.concurrent.ArrayBlockingQueue");
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
