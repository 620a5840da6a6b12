package dev.brink.heap.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;

/**
 * An int array moved out of the process into an unlinked temporary file, read back through a 256 KiB window.
 * For arrays that are read in one direction (ascending or descending) once they are written: the pages sit in
 * the kernel's page cache, which the system reclaims at will and which is not the process's resident memory,
 * whereas a memory-mapped file's pages count toward RSS for as long as they stay mapped. A read outside the
 * window costs one positioned read that refills it in the direction the reader is going; a read far from the
 * window (a binary search's probe) reads one page around it, a system call per probe. When no temporary file can
 * be written the array stays on the heap. One reader at a time (the analysis is one thread).
 */
public final class SpilledInts {
    private static final int WINDOW = 64 * 1024;
    private static final int MARGIN = 64;
    /** Window of a read far from the last one (a binary search's probe): one page. */
    private static final int PROBE = 1024;
    private static final Cleaner CLOSER = Cleaner.create();

    private final int[] onHeap;
    private final FileChannel file;
    private final int length;
    private final ByteBuffer bytes;
    private final IntBuffer window;
    private int start;
    private int end;

    private SpilledInts(int[] onHeap, FileChannel file, int length) {
        this.onHeap = onHeap;
        this.file = file;
        this.length = length;
        this.bytes = file == null ? null : ByteBuffer.allocateDirect(WINDOW * Integer.BYTES).order(ByteOrder.nativeOrder());
        this.window = bytes == null ? null : bytes.asIntBuffer();
        if (file != null) {
            // the file goes with the last reader; every method that reads the channel keeps this object reachable
            // until its read is done (Reference.reachabilityFence), or the cleaner could close it mid-read
            CLOSER.register(this, new Close(file));
        }
    }

    /** The values, written out; the caller drops its array. */
    public static SpilledInts of(int[] values) {
        FileChannel ch = SpillFiles.open();
        if (ch == null) {
            return new SpilledInts(values, null, values.length);
        }
        try {
            SpillFiles.write(ch, values);
        } catch (IOException e) {
            SpillFiles.close(ch);
            return new SpilledInts(values, null, values.length);
        }
        return new SpilledInts(null, ch, values.length);
    }

    /** A new stream of ints bound for a temporary file, for {@link Writer#add appending} in the order they will be read. */
    public static Writer writer() {
        return new Writer();
    }

    public int length() {
        return length;
    }

    /**
     * All the values back on the heap, in one array; for a spilled array that a later phase reads at random again.
     * This reader is not used afterwards.
     */
    public int[] toArray() {
        if (onHeap != null) {
            return onHeap;
        }
        int[] out = new int[length];
        try {
            SpillFiles.read(file, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back the analysis's temporary file", e);
        } finally {
            // the usual caller drops its only reference as this returns (parent = parentFile.toArray(); parentFile =
            // null), so compiled code may treat this object as unreachable once it has loaded file: a collection
            // during the read would then let CLOSER close the channel under it (ClosedChannelException), which
            // happened to the dominator computation of a second analysis in one JVM on a busy machine
            Reference.reachabilityFence(this);
        }
        return out;
    }

    public int get(int k) {
        if (onHeap != null) {
            return onHeap[k];
        }
        if (k < start || k >= end) {
            fill(k);
        }
        return window.get(k - start);
    }

    private void fill(int k) {
        if (k < 0 || k >= length) {
            throw new ArrayIndexOutOfBoundsException(k);
        }
        // going down (below the window): the window ends just above k, otherwise it starts just below, so that
        // a reader that steps back or forth by a few slots (an object's start after its end) stays inside it
        int from;
        int to;
        if (k >= start - WINDOW && k < end + WINDOW) {
            from = k < start ? Math.max(0, Math.min(length, k + 1 + MARGIN) - WINDOW) : Math.max(0, k - MARGIN);
            to = Math.min(length, from + WINDOW);
        } else {
            from = Math.max(0, k - PROBE / 2);
            to = Math.min(length, from + PROBE);
        }
        bytes.clear().limit((to - from) * Integer.BYTES);
        try {
            SpillFiles.readFully(file, bytes, (long) from * Integer.BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read back the analysis's temporary file", e);
        } finally {
            Reference.reachabilityFence(this); // as in toArray: the channel must outlive the read
        }
        start = from;
        end = to;
    }

    /**
     * Ints appended one at a time, written out through a 256 KiB buffer: a sequence that one pass produces and a later
     * one reads in the same order (or reversed) costs the heap only the buffer, not an array as long as the sequence.
     * When no temporary file can be written (or a write fails) the values collect on the heap instead.
     */
    public static final class Writer {
        private FileChannel file = SpillFiles.open();
        private final ByteBuffer buf = file == null ? null : ByteBuffer.allocateDirect(WINDOW * Integer.BYTES).order(ByteOrder.nativeOrder());
        private int[] onHeap = file == null ? new int[1024] : null;
        private int length;
        /** Index of the first value in {@link #buf}; every value before it is in the file. */
        private int bufferedFrom;

        private Writer() {
        }

        public void add(int v) {
            if (length == Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("expected fewer than 2^31 values in one temporary stream");
            }
            if (onHeap == null && !buf.hasRemaining()) {
                flush();
            }
            if (onHeap != null) {
                if (length == onHeap.length) {
                    onHeap = java.util.Arrays.copyOf(onHeap, (int) Math.min(Integer.MAX_VALUE - 8, onHeap.length * 2L));
                }
                onHeap[length++] = v;
                return;
            }
            buf.putInt(v);
            length++;
        }

        private void flush() {
            buf.flip();
            long at = (long) bufferedFrom * Integer.BYTES;
            try {
                while (buf.hasRemaining()) {
                    at += file.write(buf, at);
                }
                buf.clear();
                bufferedFrom = length;
            } catch (IOException e) {
                toHeap();
            }
        }

        /** A full disk mid-stream: what the file holds comes back, and the rest collects on the heap. */
        private void toHeap() {
            int[] a = new int[Math.max(1024, length + 1024)];
            try {
                int[] written = new int[bufferedFrom];
                SpillFiles.read(file, written);
                System.arraycopy(written, 0, a, 0, written.length);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read back the analysis's temporary file", e);
            }
            buf.position(0);
            buf.asIntBuffer().get(a, bufferedFrom, length - bufferedFrom);
            SpillFiles.close(file);
            file = null;
            onHeap = a;
        }

        /** The values written so far, for reading; this writer is not used afterwards. */
        public SpilledInts finish() {
            if (onHeap == null) {
                flush();
            }
            return onHeap != null ? new SpilledInts(java.util.Arrays.copyOf(onHeap, length), null, length) : new SpilledInts(null, file, length);
        }
    }

    private record Close(FileChannel file) implements Runnable {
        @Override
        public void run() {
            SpillFiles.close(file);
        }
    }
}
