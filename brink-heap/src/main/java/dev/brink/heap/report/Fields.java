package dev.brink.heap.report;

import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.nio.charset.StandardCharsets;

/** Reads field values out of raw INSTANCE_DUMP bytes with a class's layout, and decodes java.lang.String. */
final class Fields {
    private Fields() {
    }

    /** Byte offset of layout slot {@code slot} of class c in its instance data. */
    static int offset(ClassTable classes, int c, int slot, int idSize) {
        byte[] t = classes.layoutTypes(c);
        int off = 0;
        for (int i = 0; i < slot; i++) {
            off += HprofTypes.size(t[i], idSize);
        }
        return off;
    }

    static long value(byte[] data, int off, int size) {
        long v = 0;
        for (int i = 0; i < size && off + i < data.length; i++) {
            v = (v << 8) | (data[off + i] & 0xff);
        }
        return v;
    }

    /** Slot of the field named {@code name} (searching the whole layout, own class first), or -1. */
    static int slot(ClassTable classes, int c, String name) {
        byte[] t = classes.layoutTypes(c);
        for (int i = 0; i < t.length; i++) {
            if (name.equals(classes.fieldName(c, i))) {
                return i;
            }
        }
        return -1;
    }

    /** Slot holding reference {@code target} in the raw data, or -1. */
    static int slotReferencing(ClassTable classes, int c, byte[] data, long target, int idSize) {
        byte[] t = classes.layoutTypes(c);
        int off = 0;
        for (int i = 0; i < t.length; i++) {
            int size = HprofTypes.size(t[i], idSize);
            if (t[i] == HprofTypes.OBJECT && value(data, off, size) == target) {
                return i;
            }
            off += size;
        }
        return -1;
    }

    /** Value of the reference field {@code name} of an instance, or 0. */
    static long reference(HeapGraph g, int c, byte[] data, String name) {
        int s = slot(g.classes(), c, name);
        if (s < 0 || data == null) {
            return 0;
        }
        int idSize = g.sizeModel().idSize();
        return value(data, offset(g.classes(), c, s, idSize), idSize);
    }

    /** The text of java.lang.String {@code stringId} from a scan that fetched it and its value array, or null. */
    static String string(HeapGraph g, DetailReader scan, long stringId) {
        if (stringId == 0) {
            return null;
        }
        int v = g.indexOf(stringId);
        byte[] data = scan.instance(stringId);
        if (v < 0 || data == null) {
            return null;
        }
        int c = g.classOf(v);
        long value = reference(g, c, data, "value");
        int coderSlot = slot(g.classes(), c, "coder");
        int coder = coderSlot < 0 ? 0 : (int) value(data, offset(g.classes(), c, coderSlot, g.sizeModel().idSize()), 1);
        return decode(scan.array(value), scan.arrayType(value), coder);
    }

    /** "Declaring.field" of the reference field of instance {@code holder} (raw data) that holds {@code target}, or null. */
    static String fieldHolding(HeapGraph g, int holder, byte[] data, long target) {
        if (data == null) {
            return null;
        }
        ClassTable classes = g.classes();
        int c = g.classOf(holder);
        int slot = slotReferencing(classes, c, data, target, g.sizeModel().idSize());
        return slot < 0 ? null : classes.name(classes.declaringClass(c, slot)) + "." + classes.fieldName(c, slot);
    }

    /** "Class.field" of the first static field of class object {@code classObject} that holds {@code target}, or null. */
    static String staticHolding(HeapGraph g, int classObject, long target) {
        ClassTable classes = g.classes();
        int cls = classes.indexOf(g.id(classObject));
        if (cls < 0) {
            return null;
        }
        for (int i = 0; i < classes.staticCount(cls); i++) {
            if (classes.staticType(cls, i) == HprofTypes.OBJECT && classes.staticValue(cls, i) == target) {
                return classes.name(cls) + "." + classes.staticName(cls, i);
            }
        }
        return null;
    }

    /** Decodes a String's value array (byte[] with coder LATIN1/UTF16 on JDK 9+, char[] before). */
    static String decode(byte[] value, int arrayType, int coder) {
        if (value == null) {
            return null;
        }
        if (arrayType == HprofTypes.CHAR || coder == 1) {
            return new String(value, StandardCharsets.UTF_16BE);
        }
        return new String(value, StandardCharsets.ISO_8859_1);
    }
}
