package dev.brink.heap.report;

import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;

/**
 * How many elements a holder's collection has, from the graph and one object's fields: an object array counts its
 * non-null slots (the references the graph keeps for it), a collection its size field — {@code size} (ArrayList,
 * HashMap, LinkedList, TreeMap), {@code count} (ArrayBlockingQueue, Hashtable), {@code elementCount} (Vector),
 * {@code baseCount} (ConcurrentHashMap's uncontended count; under contention the rest sits in counter cells, so it
 * may count low), and Guava's cache (or its segment array) the entries its segments count ({@link GuavaCaches}). A
 * collection without one (ConcurrentLinkedQueue) has no count: -1.
 */
final class ElementCounts {
    private static final String[] SIZE_FIELDS = {"size", "count", "elementCount", "baseCount"};

    private ElementCounts() {
    }

    /** Layout slot of c's size field (an int, or ConcurrentHashMap's long baseCount), or -1. */
    static int sizeSlot(ClassTable classes, int c) {
        byte[] types = classes.layoutTypes(c);
        for (String name : SIZE_FIELDS) {
            for (int s = 0; s < types.length; s++) {
                if ((types[s] == HprofTypes.INT || types[s] == HprofTypes.LONG) && name.equals(classes.fieldName(c, s))) {
                    return s;
                }
            }
        }
        return -1;
    }

    /** Elements of object v, or -1 when it is neither an object array nor an instance with a size field the scan fetched. */
    static long of(HeapGraph g, int v, DetailReader scan) {
        ClassTable classes = g.classes();
        int c = g.classOf(v);
        if (g.isClassObject(v)) {
            return -1;
        }
        int guava = GuavaCaches.cacheOf(g, v);
        if (guava >= 0) {
            return GuavaCaches.entries(g, guava, scan);
        }
        if (classes.name(c).endsWith("[]")) {
            return isPrimitiveArray(classes, c) ? -1 : g.refEnd(v) - g.refStart(v);
        }
        int slot = sizeSlot(classes, c);
        byte[] data = scan.instance(g.id(v));
        if (slot < 0 || data == null) {
            return -1;
        }
        int idSize = g.sizeModel().idSize();
        long value = Fields.value(data, Fields.offset(classes, c, slot, idSize), HprofTypes.size(classes.layoutTypes(c)[slot], idSize));
        return classes.layoutTypes(c)[slot] == HprofTypes.INT ? (int) value : value;
    }

    private static boolean isPrimitiveArray(ClassTable classes, int c) {
        for (int t = HprofTypes.BOOLEAN; t <= HprofTypes.LONG; t++) {
            if (classes.primitiveArrayClass(t) == c) {
                return true;
            }
        }
        return false;
    }
}
