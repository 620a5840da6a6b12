package dev.brink.heap.index;

import dev.brink.heap.SizeModel;
import java.util.Map;

/**
 * The object graph of one dump in parallel primitive arrays, indexed by dense object index (the rank of
 * the object id among all ids, so {@link #indexOf} is a binary search). Outbound references are CSR:
 * targets {@code refs[offsets[i] .. offsets[i + 1])}, in field order. About 12 bytes per object plus 4 per
 * reference (ids as 4-byte offsets when the heap spans under 32 GiB, class and size in 2 bytes each). Immutable and safe to share between threads once built.
 */
public final class HeapGraph {
    /** Root kind of a class object: its static fields keep what they reference alive. */
    public static final int ROOT_CLASS = 0x20;

    final ObjectIds ids;
    final ClassIndexes classOf;
    final ShallowSizes shallow;
    final int[] offsets;
    final int[] refs;
    /** Kind of each root, parallel to {@link #roots}. */
    final byte[] rootKind;
    final int[] roots;
    final ClassTable classes;
    final SizeModel model;
    final Map<Integer, Integer> rootThread;
    final Map<Integer, Long> threadBySerial;
    final Map<Long, Long> threadNameIds;

    HeapGraph(ObjectIds ids, ClassIndexes classOf, ShallowSizes shallow, int[] offsets, int[] refs, byte[] rootKind,
              int[] roots, ClassTable classes, SizeModel model, Map<Integer, Integer> rootThread,
              Map<Integer, Long> threadBySerial, Map<Long, Long> threadNameIds) {
        this.ids = ids;
        this.classOf = classOf;
        this.shallow = shallow;
        this.offsets = offsets;
        this.refs = refs;
        this.rootKind = rootKind;
        this.roots = roots;
        this.classes = classes;
        this.model = model;
        this.rootThread = rootThread;
        this.threadBySerial = threadBySerial;
        this.threadNameIds = threadNameIds;
    }

    public int objectCount() {
        return ids.size();
    }

    public long referenceCount() {
        return refs.length;
    }

    /** Dense index of an object id, or a negative number if the dump has no such object. */
    public int indexOf(long id) {
        return ids.indexOf(id);
    }

    public long id(int i) {
        return ids.id(i);
    }

    public int classOf(int i) {
        return classOf.get(i);
    }

    public String className(int i) {
        return classes.name(classOf.get(i));
    }

    /** Shallow size in bytes under {@link #sizeModel()} (saturates at 2 GiB for giant arrays). */
    public int shallow(int i) {
        return shallow.get(i);
    }

    public int refStart(int i) {
        return offsets[i];
    }

    public int refEnd(int i) {
        return offsets[i + 1];
    }

    /** Target of reference slot k (between refStart and refEnd of its source). */
    public int ref(int k) {
        return refs[k];
    }

    /** GC root kind (hprof sub-record tag, or {@link #ROOT_CLASS}), 0 when not a root. */
    public int rootKind(int i) {
        int k = java.util.Arrays.binarySearch(roots, i);
        return k < 0 ? 0 : rootKind[k] & 0xff;
    }

    /** Distinct root objects, ascending. */
    public int[] roots() {
        return roots.clone();
    }

    public int rootCount() {
        return roots.length;
    }

    public int root(int k) {
        return roots[k];
    }

    /** Thread serial of a thread-related root (java frame, JNI local, native stack, thread block), or 0. */
    public int rootThreadSerial(int i) {
        return rootThread.getOrDefault(i, 0);
    }

    /** Object id of the thread with this serial, or 0. */
    public long threadObject(int serial) {
        return threadBySerial.getOrDefault(serial, 0L);
    }

    /** Id of the String in the thread object's {@code name} field, or 0. */
    public long threadNameId(long threadObjectId) {
        return threadNameIds.getOrDefault(threadObjectId, 0L);
    }

    public ClassTable classes() {
        return classes;
    }

    public SizeModel sizeModel() {
        return model;
    }

    /** True when object i is a class with a CLASS_DUMP (not e.g. the int.class mirror, dumped as an instance). */
    public boolean isClassObject(int i) {
        return classOf.get(i) == classes.classClass() && classes.indexOf(ids.id(i)) >= 0;
    }
}
