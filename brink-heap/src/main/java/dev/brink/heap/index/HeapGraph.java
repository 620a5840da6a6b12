package dev.brink.heap.index;

import dev.brink.heap.SizeModel;
import dev.brink.heap.hprof.HeapSegments;
import java.util.Map;

/**
 * The object graph of one dump in parallel primitive arrays, indexed by dense object index (the rank of
 * the object id among all ids, so {@link #indexOf} is a binary search). Outbound references are CSR:
 * targets {@code refs[offsets[i] .. offsets[i + 1])}, in field order. About 12 bytes per object plus 4 per
 * reference (ids as 4-byte offsets when the heap spans under 32 GiB, class and size in 2 bytes each). Parts that a
 * phase of the analysis does not read can leave the heap for temporary files ({@link #spillReferences},
 * {@link #parkClassesAndSizes}); read by one thread at a time.
 */
public final class HeapGraph {
    /** Root kind of a class object: its static fields keep what they reference alive. */
    public static final int ROOT_CLASS = 0x20;

    final ObjectIds ids;
    final ClassIndexes classOf;
    final ShallowSizes shallow;
    /** One bit per object: an instance of java.lang.ref.Reference (or a subclass). */
    private final long[] referenceObjects;
    /** CSR of the references while on the heap; null once {@link #spillReferences spilled}. */
    int[] offsets;
    int[] refs;
    private SpilledInts spilledOffsets;
    private SpilledInts spilledRefs;
    private final int referenceCount;
    /** Kind of each root, parallel to {@link #roots}. */
    final byte[] rootKind;
    final int[] roots;
    final ClassTable classes;
    final SizeModel model;
    final Map<Integer, Integer> rootThread;
    final Map<Integer, Long> threadBySerial;
    final Map<Long, Long> threadNameIds;
    private final HeapSegments segments;
    private final ThreadStacks stacks;
    private final long timestampMillis;

    HeapGraph(ObjectIds ids, ClassIndexes classOf, ShallowSizes shallow, long[] referenceObjects, int[] offsets, int[] refs, byte[] rootKind,
              int[] roots, ClassTable classes, SizeModel model, Map<Integer, Integer> rootThread,
              Map<Integer, Long> threadBySerial, Map<Long, Long> threadNameIds, HeapSegments segments,
              ThreadStacks stacks, long timestampMillis) {
        this.ids = ids;
        this.classOf = classOf;
        this.shallow = shallow;
        this.referenceObjects = referenceObjects;
        this.offsets = offsets;
        this.refs = refs;
        this.referenceCount = refs.length;
        this.rootKind = rootKind;
        this.roots = roots;
        this.classes = classes;
        this.model = model;
        this.rootThread = rootThread;
        this.threadBySerial = threadBySerial;
        this.threadNameIds = threadNameIds;
        this.segments = segments;
        this.stacks = stacks;
        this.timestampMillis = timestampMillis;
    }

    /** When the dump was written (the HPROF header's time stamp), epoch milliseconds. */
    public long timestampMillis() {
        return timestampMillis;
    }

    /**
     * "pkg.Class.method" of the frame whose local variable (or JNI local) root object {@code root} is, or null when
     * the dump does not say.
     */
    public String rootMethod(int root) {
        return stacks.method(rootThreadSerial(root), stacks.rootFrame(root), classes);
    }

    /** Where the dump's heap records lie, for passes that read only those ({@code HprofScanner.scanHeap}). */
    public HeapSegments segments() {
        return segments;
    }

    public int objectCount() {
        return ids.size();
    }

    public long referenceCount() {
        return referenceCount;
    }

    /**
     * Whether the object with this id is a virtual thread (a {@code java.lang.VirtualThread}, JDK 21+): those have no
     * name unless the code gave one, so where a platform thread is named by its pool, a virtual one is named by this.
     */
    public boolean isVirtualThread(long id) {
        int v = indexOf(id);
        return v >= 0 && classes().extendsClass(classOf(v), "java.lang.VirtualThread");
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

    /**
     * True when object i is a java.lang.ref.Reference (weak, soft, phantom, a finalizer's): answered without the
     * class indexes, which wait in a file until the dominator tree needs them.
     */
    public boolean isReference(int i) {
        return (referenceObjects[i >>> 6] & (1L << i)) != 0;
    }

    public String className(int i) {
        return classes.name(classOf.get(i));
    }

    /** Shallow size in bytes under {@link #sizeModel()} (saturates at 2 GiB for giant arrays). */
    public int shallow(int i) {
        return shallow.get(i);
    }

    public int refStart(int i) {
        return offsets != null ? offsets[i] : spilledOffsets.get(i);
    }

    public int refEnd(int i) {
        return offsets != null ? offsets[i + 1] : spilledOffsets.get(i + 1);
    }

    /** Target of reference slot k (between refStart and refEnd of its source). */
    public int ref(int k) {
        return refs != null ? refs[k] : spilledRefs.get(k);
    }

    /**
     * Moves the references (4 bytes per object and per reference) out of the heap into temporary files. For the
     * end of the dominator computation and the report, which read them only for Strings, in index order (see
     * {@link SpilledInts}). From here on the graph must be read by one thread at a time.
     */
    public void spillReferences() {
        if (offsets != null) {
            spilledOffsets = SpilledInts.of(offsets);
            spilledRefs = SpilledInts.of(refs);
            offsets = null;
            refs = null;
        }
    }

    /**
     * Moves class indexes and shallow sizes (4 bytes per object) out of the heap until
     * {@link #restoreClassesAndSizes} (or the first read of either): the dominator computation reads neither until
     * its retained sizes. The graph builder parks them already, after its counting pass.
     */
    public void parkClassesAndSizes() {
        classOf.park();
        shallow.park();
    }

    /** Reads what {@link #parkClassesAndSizes} moved out back into the heap. */
    public void restoreClassesAndSizes() {
        try {
            classOf.restore();
            shallow.restore();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read back the analysis's temporary file", e);
        }
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

    /** Ids of the thread objects (instances of java.lang.Thread or a subclass) that have a name. */
    public java.util.Set<Long> namedThreads() {
        return java.util.Collections.unmodifiableSet(threadNameIds.keySet());
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
