package dev.brink.heap.index;

import dev.brink.core.JvmTypeNames;
import dev.brink.heap.SizeModel;
import dev.brink.heap.hprof.ClassDump;
import dev.brink.heap.hprof.HprofFormatException;
import dev.brink.heap.hprof.HprofTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The dump's classes by dense class index, with each class's full instance layout (own fields, then its
 * superclass's, as INSTANCE_DUMP lays out values) and JVM shallow size. Immutable once built.
 */
public final class ClassTable {
    private final List<String> names = new ArrayList<>();
    private final List<ClassDump> dumps = new ArrayList<>();
    private final LongIntMap byId;
    private int[] superIndex;
    private byte[][] layoutTypes;
    private long[][] layoutNames;
    private int[][] layoutDeclaring;
    private int[] dataBytes;
    private int[][] referenceOffsets;
    private int[][] referenceSlots;
    private long[] instanceShallow;
    private final int[] primitiveArrayClass = new int[12];
    private int classClass = -1;
    private final Map<Long, String> utf8;

    ClassTable(List<ClassDump> classDumps, Map<Long, Long> loadNames, Map<Long, String> utf8, int idSize, SizeModel model) {
        this.utf8 = utf8;
        byId = new LongIntMap(classDumps.size() + 16);
        for (ClassDump d : classDumps) {
            if (byId.get(d.id(), -1) >= 0) {
                throw new HprofFormatException(-1, String.format("expected one CLASS_DUMP per class, class 0x%x is dumped twice", d.id()));
            }
            byId.put(d.id(), dumps.size());
            dumps.add(d);
            Long nameId = loadNames.get(d.id());
            String raw = nameId == null ? null : utf8.get(nameId);
            names.add(raw == null ? String.format("class@0x%x", d.id()) : JvmTypeNames.javaName(raw));
        }
        for (int t = HprofTypes.BOOLEAN; t <= HprofTypes.LONG; t++) {
            String n = HprofTypes.primitiveName(t) + "[]";
            int found = names.indexOf(n);
            if (found < 0) {
                found = names.size();
                names.add(n);
                dumps.add(null);
            }
            primitiveArrayClass[t] = found;
        }
        classClass = names.indexOf("java.lang.Class");
        if (classClass < 0) {
            classClass = names.size();
            names.add("java.lang.Class");
            dumps.add(null);
        }
        layout(idSize, model);
    }

    private void layout(int idSize, SizeModel model) {
        int n = names.size();
        superIndex = new int[n];
        layoutTypes = new byte[n][];
        layoutNames = new long[n][];
        layoutDeclaring = new int[n][];
        dataBytes = new int[n];
        referenceOffsets = new int[n][];
        referenceSlots = new int[n][];
        instanceShallow = new long[n];
        for (int c = 0; c < n; c++) {
            ClassDump d = dumps.get(c);
            superIndex[c] = d == null || d.superId() == 0 ? -1 : byId.get(d.superId(), -1);
        }
        for (int c = 0; c < n; c++) {
            int total = 0;
            int depth = 0;
            for (int k = c; k >= 0; k = superIndex[k]) {
                if (++depth > 10_000) {
                    throw new HprofFormatException(-1, "expected a finite superclass chain, " + names.get(c) + " has a cycle");
                }
                total += dumps.get(k) == null ? 0 : dumps.get(k).fieldTypes().length;
            }
            byte[] types = new byte[total];
            long[] fnames = new long[total];
            int[] declaring = new int[total];
            int i = 0;
            int bytes = 0;
            int prim = 0;
            int refs = 0;
            for (int k = c; k >= 0; k = superIndex[k]) {
                ClassDump d = dumps.get(k);
                if (d == null) {
                    continue;
                }
                for (int f = 0; f < d.fieldTypes().length; f++) {
                    types[i] = d.fieldTypes()[f];
                    fnames[i] = d.fieldNameIds()[f];
                    declaring[i] = k;
                    i++;
                    bytes += HprofTypes.size(d.fieldTypes()[f], idSize);
                    if (d.fieldTypes()[f] == HprofTypes.OBJECT) {
                        refs++;
                    } else {
                        prim += HprofTypes.size(d.fieldTypes()[f], idSize);
                    }
                }
            }
            int[] offsets = new int[refs];
            int[] slots = new int[refs];
            for (int s = 0, at = 0, r = 0; s < total; s++) {
                if (types[s] == HprofTypes.OBJECT) {
                    offsets[r] = at;
                    slots[r++] = s;
                }
                at += HprofTypes.size(types[s], idSize);
            }
            referenceOffsets[c] = offsets;
            referenceSlots[c] = slots;
            layoutTypes[c] = types;
            layoutNames[c] = fnames;
            layoutDeclaring[c] = declaring;
            dataBytes[c] = bytes;
            instanceShallow[c] = model.instanceSize(prim, refs);
        }
    }

    public int size() {
        return names.size();
    }

    public String name(int c) {
        return names.get(c);
    }

    /** Class index for a class object id, or -1. */
    public int indexOf(long classId) {
        return byId.get(classId, -1);
    }

    public int superIndex(int c) {
        return superIndex[c];
    }

    /** The dump's class object id, or 0 for a class Brink made up (a primitive array type with no dump). */
    public long classId(int c) {
        ClassDump d = dumps.get(c);
        return d == null ? 0 : d.id();
    }

    /** Object id of the loader that defined c; 0 for the bootstrap loader and for made-up classes. */
    public long loaderId(int c) {
        ClassDump d = dumps.get(c);
        return d == null ? 0 : d.loaderId();
    }

    ClassDump dump(int c) {
        return dumps.get(c);
    }

    public int primitiveArrayClass(int type) {
        return primitiveArrayClass[type];
    }

    public int classClass() {
        return classClass;
    }

    /** Field types (hprof basic types) of an instance of c, in INSTANCE_DUMP order. */
    public byte[] layoutTypes(int c) {
        return layoutTypes[c];
    }

    /** Field name of layout slot i of class c. */
    public String fieldName(int c, int i) {
        String s = utf8.get(layoutNames[c][i]);
        return s == null ? "field#" + i : s;
    }

    /** Class that declares layout slot i of class c. */
    public int declaringClass(int c, int i) {
        return layoutDeclaring[c][i];
    }

    /** Bytes of instance data INSTANCE_DUMP holds for c. */
    public int dataBytes(int c) {
        return dataBytes[c];
    }

    /** Byte offsets, within an instance's field values, of its reference fields, in layout order. */
    public int[] referenceOffsets(int c) {
        return referenceOffsets[c];
    }

    /** Layout slots of the reference fields, parallel to {@link #referenceOffsets}. */
    public int[] referenceSlots(int c) {
        return referenceSlots[c];
    }

    public long instanceShallow(int c) {
        return instanceShallow[c];
    }

    /** Static field names / types / values of c (empty for made-up classes). */
    public String staticName(int c, int i) {
        String s = utf8.get(dumps.get(c).staticNameIds()[i]);
        return s == null ? "static#" + i : s;
    }

    public int staticCount(int c) {
        return dumps.get(c) == null ? 0 : dumps.get(c).staticTypes().length;
    }

    public int staticType(int c, int i) {
        return dumps.get(c).staticTypes()[i];
    }

    public long staticValue(int c, int i) {
        return dumps.get(c).staticValues()[i];
    }

    /** True when c is java.lang.Thread or a subclass. */
    public boolean isThread(int c) {
        return extendsClass(c, "java.lang.Thread");
    }

    /** True when c is the class named {@code name} or a subclass of it. */
    public boolean extendsClass(int c, String name) {
        for (int k = c, depth = 0; k >= 0 && depth < 10_000; k = superIndex[k], depth++) {
            if (name.equals(names.get(k))) {
                return true;
            }
        }
        return false;
    }
}
