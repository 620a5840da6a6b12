package dev.brink.heap.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes tiny but well-formed HPROF 1.0.2 files for tests: one class "Node" with reference fields
 * {@code a}, {@code b} and a long {@code payload}, instances of it, object arrays and GC roots. Ids are
 * assigned 8 bytes apart from 0x1000, like addresses, so the size model infers compressed oops.
 */
public final class HprofWriter {
    private final int idSize;
    private final ByteArrayOutputStream records = new ByteArrayOutputStream();
    private final ByteArrayOutputStream heap = new ByteArrayOutputStream();
    private long nextName = 1;
    private long nextId = 0x1000;
    private final long nodeClass;
    private final long objectClass;
    private final long arrayClass;

    public HprofWriter(int idSize) {
        this.idSize = idSize;
        objectClass = classDump("java/lang/Object", 0, new String[0]);
        nodeClass = classDump("Node", objectClass, new String[] {"a", "b"});
        arrayClass = classDump("[LNode;", objectClass, null);
    }

    private long name(String s) {
        long id = nextName++;
        record(0x01, out -> {
            id(out, id);
            out.write(s.getBytes(StandardCharsets.UTF_8));
        });
        return id;
    }

    /** Allocates an id: objects are 32 bytes apart. */
    public long newId() {
        long id = nextId;
        nextId += 32;
        return id;
    }

    private long classDump(String name, long superId, String[] refFields) {
        long id = newId();
        long nameId = name(name);
        record(0x02, out -> {
            out.writeInt(1);
            id(out, id);
            out.writeInt(0);
            id(out, nameId);
        });
        long[] fieldNames = new long[refFields == null ? 0 : refFields.length];
        for (int i = 0; i < fieldNames.length; i++) {
            fieldNames[i] = name(refFields[i]);
        }
        long payloadName = refFields != null && refFields.length > 0 ? name("payload") : 0;
        sub(out -> {
            out.write(0x20);
            id(out, id);
            out.writeInt(0);
            id(out, superId);
            for (int i = 0; i < 5; i++) {
                id(out, 0);
            }
            out.writeInt(fieldNames.length * idSize + (payloadName != 0 ? 8 : 0));
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(fieldNames.length + (payloadName != 0 ? 1 : 0));
            for (long f : fieldNames) {
                id(out, f);
                out.write(2);
            }
            if (payloadName != 0) {
                id(out, payloadName);
                out.write(11);
            }
        });
        return id;
    }

    /** A Node with references a and b (0 for null). */
    public void node(long id, long a, long b) {
        sub(out -> {
            out.write(0x21);
            id(out, id);
            out.writeInt(0);
            id(out, nodeClass);
            out.writeInt(2 * idSize + 8);
            id(out, a);
            id(out, b);
            out.writeLong(42);
        });
    }

    public void array(long id, long... elements) {
        sub(out -> {
            out.write(0x22);
            id(out, id);
            out.writeInt(0);
            out.writeInt(elements.length);
            id(out, arrayClass);
            for (long e : elements) {
                id(out, e);
            }
        });
    }

    public void bytes(long id, int length) {
        sub(out -> {
            out.write(0x23);
            id(out, id);
            out.writeInt(0);
            out.writeInt(length);
            out.write(8);
            out.write(new byte[length]);
        });
    }

    /** A JNI global root (kind 0x01) on the object. */
    public void jniGlobal(long id) {
        sub(out -> {
            out.write(0x01);
            id(out, id);
            id(out, 0);
        });
    }

    public void stickyClassRoot(long id) {
        sub(out -> {
            out.write(0x05);
            id(out, id);
        });
    }

    public long nodeClassId() {
        return nodeClass;
    }

    public byte[] toBytes() {
        try {
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(all);
            out.write("JAVA PROFILE 1.0.2".getBytes(StandardCharsets.ISO_8859_1));
            out.write(0);
            out.writeInt(idSize);
            out.writeLong(System.currentTimeMillis());
            out.write(records.toByteArray());
            byte[] h = heap.toByteArray();
            out.write(0x1C);
            out.writeInt(0);
            out.writeInt(h.length);
            out.write(h);
            out.write(0x2C);
            out.writeInt(0);
            out.writeInt(0);
            out.flush();
            return all.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path write(Path file) throws IOException {
        Files.write(file, toBytes());
        return file;
    }

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    private void id(DataOutputStream out, long id) throws IOException {
        if (idSize == 4) {
            out.writeInt((int) id);
        } else {
            out.writeLong(id);
        }
    }

    private void record(int tag, Body body) {
        try {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            body.write(new DataOutputStream(b));
            DataOutputStream out = new DataOutputStream(records);
            out.write(tag);
            out.writeInt(0);
            out.writeInt(b.size());
            b.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void sub(Body body) {
        try {
            body.write(new DataOutputStream(heap));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
