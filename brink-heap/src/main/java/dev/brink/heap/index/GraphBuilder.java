package dev.brink.heap.index;

import dev.brink.heap.HeapProgress;
import dev.brink.heap.SizeModel;
import dev.brink.heap.hprof.ClassDump;
import dev.brink.heap.hprof.HeapSegments;
import dev.brink.heap.hprof.HprofFormatException;
import dev.brink.heap.hprof.HprofInput;
import dev.brink.heap.hprof.HprofScanner;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link HeapGraph} in three streaming passes: the first collects object ids, classes, names and
 * roots; the ids are sorted into dense indexes; the second fills class and shallow size and counts each object's
 * references; the third writes the references in place (the ids are collected as 4-byte offsets, {@link IdList}). Class and size wait in a temporary file from the end of
 * the second pass until the dominator tree's retained sizes (only one bit per object, "is a
 * java.lang.ref.Reference", is kept for the paths from the roots), so the third pass holds the ids (4.5 bytes per
 * object), the reference starts (4) and the references (4 per reference); while the ids are sorted, 8 bytes per
 * object.
 */
public final class GraphBuilder {
    private GraphBuilder() {
    }

    public static HeapGraph build(Path file, HeapProgress progress) throws IOException {
        long fileSize = Files.size(file);
        Pass1 p1 = new Pass1();
        HprofScanner.scan(file, p1, done -> progress.update("reading (1/3)", done, fileSize));
        ObjectIds ids = p1.ids.toIds(); // 4 bytes per object from here on when ids are compact
        p1.ids = null;
        HeaderEvidence.Layout layout = p1.headers.layout();
        SizeModel model = layout == null ? SizeModel.infer(p1.idSize, p1.minAddress, p1.maxAddress)
                : SizeModel.observed(layout.header(), layout.arrayHeader(), layout.reference(), p1.headers.describe(layout));
        p1.dumpsById.clear();
        p1.shapes.clear();
        ClassTable classes = new ClassTable(p1.classDumps, p1.loadNames, p1.utf8, p1.idSize, model);
        p1.classDumps = null;

        // pass 2 counts each object's references into offsets[v + 1]; after the prefix sum, pass 3 writes them
        // straight into place: every object is one record, so its slots are filled in one go, in id order, and
        // no file-order copy or per-object start/end ever exists
        Pass2 p2 = new Pass2(ids, classes, model, p1.idSize);
        p2.collect(HprofScanner.scanHeap(file, p1.segments, p2::reader, done -> progress.update("reading (2/3)", done, fileSize)));
        long[] referenceObjects = referenceObjects(p2.classOf, classes, ids.size());
        p2.classOf.park();
        p2.shallow.park();
        int[] offsets = p2.offsets;
        long total = 0;
        for (int v = 1; v < offsets.length; v++) {
            total += offsets[v];
            if (total > Integer.MAX_VALUE - 8) {
                throw new HprofFormatException(-1, "expected at most 2^31 references, the dump has more");
            }
            offsets[v] = (int) total;
        }
        p2.refs = new int[(int) total];
        p2.collect(HprofScanner.scanHeap(file, p1.segments, p2::reader, done -> progress.update("reading (3/3)", done, fileSize)));
        p2.dropMissing();
        byte[] rootKind = new byte[ids.size()];
        Map<Integer, Integer> rootThread = new HashMap<>();
        IntList roots = new IntList(p1.rootIds.size() + classes.size());
        for (int k = 0; k < p1.rootIds.size(); k++) {
            int v = ids.indexOf(p1.rootIds.get(k));
            if (v < 0) {
                continue; // HotSpot may name a root object it did not dump; MAT ignores those too
            }
            if (rootKind[v] == 0) {
                rootKind[v] = (byte) p1.rootKinds.get(k);
                roots.add(v);
                if (p1.rootThreads.get(k) != 0) {
                    rootThread.put(v, p1.rootThreads.get(k));
                }
                if (p1.rootFrames.get(k) >= 0) {
                    p1.stacks.rootFrame.put(v, p1.rootFrames.get(k));
                }
            }
        }
        for (int c = 0; c < classes.size(); c++) {
            long cid = classes.classId(c);
            int v = cid == 0 ? -1 : ids.indexOf(cid);
            if (v >= 0 && rootKind[v] == 0) {
                rootKind[v] = (byte) HeapGraph.ROOT_CLASS;
                roots.add(v);
            }
        }
        int[] rootArray = roots.trim();
        Arrays.sort(rootArray);
        byte[] rootKinds = new byte[rootArray.length];
        for (int k = 0; k < rootArray.length; k++) {
            rootKinds[k] = rootKind[rootArray[k]];
        }
        rootKind = null; // one byte per root from here on, not per object
        ids.park();
        return new HeapGraph(ids, p2.classOf, p2.shallow, referenceObjects, offsets, p2.refs, rootKinds, rootArray,
                classes, model, rootThread, p1.threadBySerial, p2.threadNames, p1.segments, p1.stacks, p1.timestampMillis);
    }

    /** One bit per object: an instance of java.lang.ref.Reference or a subclass (the paths from the roots avoid them). */
    private static long[] referenceObjects(ClassIndexes classOf, ClassTable classes, int n) {
        boolean[] reference = new boolean[classes.size()];
        for (int c = 0; c < reference.length; c++) {
            reference[c] = classes.extendsClass(c, "java.lang.ref.Reference");
        }
        long[] bits = new long[(n + 63) >>> 6];
        for (int i = 0; i < n; i++) {
            if (reference[classOf.get(i)]) {
                bits[i >>> 6] |= 1L << i;
            }
        }
        return bits;
    }

    /** Ids, classes, names and roots; nothing per object but its id. */
    private static final class Pass1 implements HprofVisitor {
        int idSize;
        IdList ids = new IdList();
        final HeapSegments segments = new HeapSegments();
        long minAddress = Long.MAX_VALUE;
        long maxAddress = Long.MIN_VALUE;
        HeaderEvidence headers = new HeaderEvidence(8);
        /** The class dumps by id, and instance shapes from them: for {@link #headers}; cleared once it has spoken. */
        final Map<Long, ClassDump> dumpsById = new HashMap<>();
        final Map<Long, int[]> shapes = new HashMap<>();
        List<ClassDump> classDumps = new ArrayList<>();
        final Map<Long, Long> loadNames = new HashMap<>();
        final Map<Long, String> utf8 = new HashMap<>();
        final LongList rootIds = new LongList();
        final IntList rootKinds = new IntList(1024);
        final IntList rootThreads = new IntList(1024);
        /** Frame depth of java-frame and JNI-local roots, -1 for the other kinds; parallel to {@link #rootIds}. */
        final IntList rootFrames = new IntList(1024);
        final Map<Integer, Long> threadBySerial = new HashMap<>();
        final ThreadStacks stacks = new ThreadStacks(utf8);
        long timestampMillis;

        @Override
        public void header(int idSize, long timestampMillis) {
            this.idSize = idSize;
            this.timestampMillis = timestampMillis;
            headers = new HeaderEvidence(idSize);
            segments.idSize(idSize);
        }

        @Override
        public void heapRecord(long bodyStart, long length) {
            segments.add(bodyStart, length);
        }

        @Override
        public void utf8(long id, String text) {
            utf8.put(id, text);
        }

        @Override
        public void loadClass(int serial, long classId, long nameId) {
            loadNames.put(classId, nameId);
            stacks.classSerial(serial, classId);
        }

        @Override
        public void stackFrame(long frameId, long methodNameId, int classSerial, int line) {
            stacks.frame(frameId, methodNameId, classSerial);
        }

        @Override
        public void stackTrace(int serial, int threadSerial, long[] frameIds) {
            stacks.trace(threadSerial, frameIds);
        }

        @Override
        public void root(int kind, long objectId, int threadSerial, int detail) {
            if (objectId == 0) {
                return;
            }
            if (kind == ROOT_THREAD_OBJ) {
                threadBySerial.put(threadSerial, objectId);
            }
            rootIds.add(objectId);
            rootKinds.add(kind);
            rootThreads.add(kind == ROOT_THREAD_OBJ ? 0 : threadSerial);
            rootFrames.add(kind == ROOT_JAVA_FRAME || kind == ROOT_JNI_LOCAL ? detail : -1);
        }

        @Override
        public void classDump(ClassDump dump) {
            classDumps.add(dump);
            ids.add(dump.id());
            dumpsById.put(dump.id(), dump);
        }

        /** {primitive bytes, reference fields} of an instance of the class, superclasses included; null if unknown. */
        private int[] shape(long classId) {
            int[] s = shapes.get(classId);
            if (s == null && dumpsById.containsKey(classId)) {
                s = new int[2];
                ClassDump d = dumpsById.get(classId);
                for (int depth = 0; d != null && depth < 1_000; depth++, d = dumpsById.get(d.superId())) {
                    for (byte t : d.fieldTypes()) {
                        if (t == HprofTypes.OBJECT) {
                            s[1]++;
                        } else if (HprofTypes.valid(t)) {
                            s[0] += HprofTypes.size(t, idSize);
                        }
                    }
                }
                shapes.put(classId, s);
            }
            return s;
        }

        private void object(long id) {
            ids.add(id);
            headers.object(id);
            if (id < minAddress) {
                minAddress = id;
            }
            if (id > maxAddress) {
                maxAddress = id;
            }
        }

        @Override
        public void instance(long id, long classId, long length, HprofInput in) {
            object(id);
            int[] s = headers.collecting() ? shape(classId) : null;
            if (s != null) {
                headers.instance(id, s[0], s[1]);
            }
        }

        @Override
        public void objectArray(long id, long arrayClassId, int count, HprofInput in) {
            object(id);
            headers.array(id, count, 0);
        }

        @Override
        public void primitiveArray(long id, int type, int count, HprofInput in) {
            object(id);
            headers.array(id, count, HprofTypes.size(type, idSize));
        }
    }

    /** Per-object class, shallow size and references, by dense index. */
    private static final class Pass2 {
        final ObjectIds ids;
        final ClassTable classes;
        final SizeModel model;
        final int idSize;
        final ClassIndexes classOf;
        final ShallowSizes shallow;
        /** Reference counts at v + 1 while counting; starts (CSR) once {@link #refs} is set. */
        final int[] offsets;
        /** Null while counting (pass 2); the id-ordered targets while filling (pass 3). */
        int[] refs;
        /** References to objects the dump does not hold, found by the readers of the filling pass. */
        long missing;
        final Map<Long, Long> threadNames = new HashMap<>();
        private final int[] threadNameSlot;

        Pass2(ObjectIds ids, ClassTable classes, SizeModel model, int idSize) {
            this.ids = ids;
            this.classes = classes;
            this.model = model;
            this.idSize = idSize;
            int n = ids.size();
            classOf = new ClassIndexes(n, classes.size());
            shallow = new ShallowSizes(n, model.alignment());
            offsets = new int[n + 1];
            threadNameSlot = new int[classes.size()];
            for (int c = 0; c < classes.size(); c++) {
                threadNameSlot[c] = -1;
                if (classes.isThread(c)) {
                    byte[] t = classes.layoutTypes(c);
                    for (int s = 0; s < t.length; s++) {
                        if (t[s] == HprofTypes.OBJECT && "name".equals(classes.fieldName(c, s))
                                && "java.lang.Thread".equals(classes.name(classes.declaringClass(c, s)))) {
                            threadNameSlot[c] = s;
                        }
                    }
                }
            }
        }

        /** References to objects not in the dump are dropped, as MAT does: one in-place sweep when there are any. */
        void dropMissing() {
            if (missing == 0) {
                return;
            }
            int w = 0;
            for (int v = 0; v + 1 < offsets.length; v++) {
                int s = offsets[v];
                int e = offsets[v + 1];
                offsets[v] = w;
                for (int k = s; k < e; k++) {
                    if (refs[k] >= 0) {
                        refs[w++] = refs[k];
                    }
                }
            }
            offsets[offsets.length - 1] = w;
            refs = Arrays.copyOf(refs, w);
        }

        /** One reading thread's view: its place in the references and what it found; the arrays are shared. */
        Reader reader() {
            return new Reader();
        }

        /** Adds what the readers of a pass found. */
        void collect(List<Reader> readers) {
            for (Reader r : readers) {
                missing += r.missing;
                threadNames.putAll(r.threadNames);
            }
        }

        /**
         * Reads the records of some heap segments. Each object is one record in one segment, so readers on several
         * threads write disjoint slots of the shared arrays; only the rare shallow size too big for two bytes goes
         * to a shared map ({@link ShallowSizes#set}, synchronized there).
         */
        final class Reader implements HprofVisitor {
            private int cursor;
            private long missing;
            private final Map<Long, Long> threadNames = new HashMap<>();

            /** Index of the last object read: the next one in the file is usually the next by id. */
            private int last = -1;

            private int index(long id, HprofInput in) {
                int v = ids.indexOf(id, last + 1);
                last = v;
                if (v < 0) {
                    throw new HprofFormatException(in.position(), String.format("expected the same objects on a second read, 0x%x is new (file changed?)", id));
                }
                return v;
            }

            /** The second pass counts and sets class and size; the third (references) finds them parked. */
            private boolean counting() {
                return refs == null;
            }

            private void begin(int v) {
                cursor = refs == null ? 0 : offsets[v];
            }

            /**
             * Counting needs no id lookup: every non-null reference gets a slot, and the filling pass writes its index,
             * negative for a target the dump does not hold; {@link #dropMissing} removes those afterwards.
             */
            private void edge(long target) {
                if (target != 0) {
                    if (refs != null) {
                        int t = ids.indexOf(target);
                        refs[cursor] = t;
                        if (t < 0) {
                            missing++;
                        }
                    }
                    cursor++;
                }
            }

            private void end(int v) {
                if (refs == null) {
                    offsets[v + 1] = cursor;
                } else if (cursor != offsets[v + 1]) {
                    throw new HprofFormatException(-1, String.format("expected the same references on a third read of object 0x%x (file changed?)", ids.id(v)));
                }
            }

            private static int clamp(long size) {
                return (int) Math.min(Integer.MAX_VALUE, size);
            }

            @Override
            public void classDump(ClassDump d) {
                int v = ids.indexOf(d.id(), last + 1);
                last = v;
                if (counting()) {
                    classOf.set(v, classes.classClass());
                }
                begin(v);
                edge(d.superId());
                edge(d.loaderId());
                int prim = 0;
                int refCount = 0;
                for (int i = 0; i < d.staticTypes().length; i++) {
                    if (d.staticTypes()[i] == HprofTypes.OBJECT) {
                        edge(d.staticValues()[i]);
                        refCount++;
                    } else {
                        prim += HprofTypes.size(d.staticTypes()[i], idSize);
                    }
                }
                end(v);
                // HotSpot keeps statics in the java.lang.Class mirror; count them as the class object's size
                if (counting()) {
                    shallow.set(v, clamp(model.instanceSize(prim, refCount)));
                }
            }

            @Override
            public void instance(long id, long classId, long length, HprofInput in) {
                int v = index(id, in);
                int c = classes.indexOf(classId);
                if (c < 0) {
                    throw new HprofFormatException(in.position(), String.format("expected the class id 0x%x of instance 0x%x to have a CLASS_DUMP", classId, id));
                }
                if (length != classes.dataBytes(c)) {
                    throw new HprofFormatException(in.position(), String.format("expected %d bytes of field values for an instance of %s, the record says %d",
                            classes.dataBytes(c), classes.name(c), length));
                }
                if (counting()) {
                    classOf.set(v, c);
                    shallow.set(v, clamp(classes.instanceShallow(c)));
                }
                begin(v);
                int nameSlot = threadNameSlot[c];
                int[] at = classes.referenceOffsets(c);
                if (in.buffered(length)) {
                    // the whole record is in the buffer: read the reference fields where the class says they are and
                    // let the scanner skip the rest in one step
                    for (int r = 0; r < at.length; r++) {
                        long target = in.idAt(at[r]);
                        edge(target);
                        if (nameSlot >= 0 && classes.referenceSlots(c)[r] == nameSlot && target != 0) {
                            threadNames.put(id, target);
                        }
                    }
                    end(v);
                    return;
                }
                byte[] types = classes.layoutTypes(c);
                for (int s = 0; s < types.length; s++) {
                    if (types[s] == HprofTypes.OBJECT) {
                        long target = in.id();
                        edge(target);
                        if (s == nameSlot && target != 0) {
                            threadNames.put(id, target);
                        }
                    } else {
                        in.skip(HprofTypes.size(types[s], idSize));
                    }
                }
                end(v);
            }

            @Override
            public void objectArray(long id, long arrayClassId, int count, HprofInput in) {
                int v = index(id, in);
                int c = classes.indexOf(arrayClassId);
                if (c < 0) {
                    throw new HprofFormatException(in.position(), String.format("expected the array class id 0x%x of array 0x%x to have a CLASS_DUMP", arrayClassId, id));
                }
                if (counting()) {
                    classOf.set(v, c);
                    shallow.set(v, clamp(model.arraySize(count, model.referenceBytes())));
                }
                begin(v);
                if (in.buffered((long) count * idSize)) {
                    for (int k = 0, at = 0; k < count; k++, at += idSize) {
                        edge(in.idAt(at));
                    }
                } else {
                    for (int k = 0; k < count; k++) {
                        edge(in.id());
                    }
                }
                end(v);
            }

            @Override
            public void primitiveArray(long id, int type, int count, HprofInput in) {
                int v = index(id, in);
                if (counting()) {
                    classOf.set(v, classes.primitiveArrayClass(type));
                    shallow.set(v, clamp(model.arraySize(count, HprofTypes.size(type, idSize))));
                }
                begin(v);
                end(v);
            }
        }
    }
}
