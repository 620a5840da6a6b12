package dev.brink.heap.hprof;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Big-endian reader over an hprof stream with a byte position and a 1 MiB buffer. Reads never allocate.
 * Running out of bytes throws {@link HprofFormatException} naming what the caller was reading
 * ({@link #expecting(String)}), so a truncated dump reports what was cut. Not thread-safe.
 */
public final class HprofInput implements AutoCloseable {
    // big-endian views of the byte buffer: one bounds-checked load per value instead of a byte loop
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private InputStream in;
    private final byte[] buf = new byte[1 << 20];
    private int pos;
    private int limit;
    private long base; // stream offset of buf[0]
    private int idSize = 8;
    private String expecting = "more data";
    // a sub-record's name and offset, joined into the message only if the stream ends: a heap dump has
    // millions of sub-records and building the text for each one costs more than reading it
    private String expectingRecord;
    private long expectingAt = -1;

    public HprofInput(InputStream in) {
        this.in = in;
    }

    /** Reads {@code next} from here on, as the bytes from file offset {@code at}; the buffer is reused. */
    void reset(InputStream next, long at) {
        this.in = next;
        this.pos = 0;
        this.limit = 0;
        this.base = at;
    }

    void idSize(int size) {
        this.idSize = size;
    }

    public int idSize() {
        return idSize;
    }

    /** Names what the next reads are for, used in the message if the stream ends. */
    public void expecting(String what) {
        this.expecting = what;
        this.expectingRecord = null;
    }

    /** As {@link #expecting(String)} for "{@code record} sub-record at byte {@code at}", without building the text. */
    public void expectingSubRecord(String record, long at) {
        this.expectingRecord = record;
        this.expectingAt = at;
    }

    /** What the next reads are for, as the error message says it. */
    String expected() {
        return expectingRecord == null ? expecting : expectingRecord + " sub-record at byte " + expectingAt;
    }

    /** Byte offset of the next byte to read. */
    public long position() {
        return base + pos;
    }

    /** True when no byte is left; reads ahead if the buffer is empty. */
    public boolean atEnd() {
        return pos == limit && !fill(1, false);
    }

    private boolean fill(int need, boolean required) {
        if (limit - pos >= need) {
            return true;
        }
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        base += pos;
        limit -= pos;
        pos = 0;
        try {
            while (limit < need) {
                int n = in.read(buf, limit, buf.length - limit);
                if (n < 0) {
                    if (required) {
                        throw new HprofFormatException(position() + limit, "expected " + expected() + ", but the file ends");
                    }
                    return false;
                }
                limit += n;
            }
        } catch (EOFException e) {
            if (required) {
                throw new HprofFormatException(position() + limit, "expected " + expected() + ", but the file ends");
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return true;
    }

    public int u1() {
        fill(1, true);
        return buf[pos++] & 0xff;
    }

    public int u2() {
        fill(2, true);
        int v = ((buf[pos] & 0xff) << 8) | (buf[pos + 1] & 0xff);
        pos += 2;
        return v;
    }

    public int i4() {
        fill(4, true);
        int v = (int) INT.get(buf, pos);
        pos += 4;
        return v;
    }

    /** An unsigned u4 as a long. */
    public long u4() {
        return i4() & 0xffffffffL;
    }

    public long i8() {
        fill(8, true);
        long v = (long) LONG.get(buf, pos);
        pos += 8;
        return v;
    }

    /** An identifier of the dump's id size, zero-extended. */
    public long id() {
        return idSize == 4 ? u4() : i8();
    }

    /**
     * True when the next {@code n} bytes are in the buffer (reading ahead if needed), so that {@link #idAt} may read
     * them; false when the stream ends first or they do not fit the buffer, and then the caller reads value by value.
     * A record's fields read this way cost one check for the record, not one per field.
     */
    public boolean buffered(long n) {
        return n <= buf.length && fill((int) n, false);
    }

    /**
     * The identifier {@code offset} bytes after the position, which does not move; only within a span that
     * {@link #buffered} has just confirmed.
     */
    public long idAt(int offset) {
        return idSize == 4 ? (int) INT.get(buf, pos + offset) & 0xffffffffL : (long) LONG.get(buf, pos + offset);
    }

    /** Reads a value of hprof basic type {@code type} (see {@link HprofTypes}) as raw bits. */
    public long value(int type) {
        switch (HprofTypes.size(type, idSize)) {
            case 1: return u1();
            case 2: return u2();
            case 4: return u4();
            default: return i8();
        }
    }

    public void read(byte[] dst, int off, int len) {
        while (len > 0) {
            fill(1, true);
            int n = Math.min(len, limit - pos);
            System.arraycopy(buf, pos, dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    public void skip(long n) {
        if (n >= 0 && n <= limit - pos) {
            pos += (int) n; // nearly always: the rest of a record that is in the buffer
            return;
        }
        while (n > 0) {
            if (pos == limit) {
                fill(1, true);
            }
            int k = (int) Math.min(n, limit - pos);
            pos += k;
            n -= k;
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
