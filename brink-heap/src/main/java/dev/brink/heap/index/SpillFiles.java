package dev.brink.heap.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Unlinked temporary files that hold primitive arrays while the analysis does not need them, written and read in
 * 1 MiB blocks through the channel (so the data sits in the page cache, never mapped into the process).
 */
final class SpillFiles {
    private static final int BLOCK = 1 << 20;

    private SpillFiles() {
    }

    /** A new empty temporary file, already unlinked where the system allows it; null when none can be written. */
    static FileChannel open() {
        Path file = null;
        try {
            file = Files.createTempFile("brink-heap-", ".spill");
            return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null; // a full or read-only temp directory costs memory, not the analysis
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file); // an open file lives on without its name, even if the JVM dies
                } catch (IOException ignored) {
                    // DELETE_ON_CLOSE removes it when the channel closes
                }
            }
        }
    }

    static void close(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // a temporary file that would not close is gone with the process
        }
    }

    /** Writes with {@code writer} into a new file; null (the caller keeps its array) when that cannot be done. */
    static FileChannel park(Transfer writer) {
        FileChannel ch = open();
        if (ch == null) {
            return null;
        }
        try {
            writer.run(ch);
            return ch;
        } catch (IOException e) {
            close(ch);
            return null;
        }
    }

    /** Reads a {@link #park parked} file back with {@code reader} and closes it. */
    static void restore(FileChannel ch, Transfer reader) throws IOException {
        try {
            reader.run(ch);
        } finally {
            close(ch);
        }
    }

    /** A write or read of a whole array. */
    interface Transfer {
        void run(FileChannel ch) throws IOException;
    }

    /** Copies {@code n} values from index {@code at} between an array and a buffer. */
    private interface Copy {
        void apply(ByteBuffer buf, int at, int n);
    }

    static void write(FileChannel ch, int[] values) throws IOException {
        blocks(ch, values.length, Integer.BYTES, true, (buf, at, n) -> buf.asIntBuffer().put(values, at, n));
    }

    static void write(FileChannel ch, char[] values) throws IOException {
        blocks(ch, values.length, Character.BYTES, true, (buf, at, n) -> buf.asCharBuffer().put(values, at, n));
    }

    static void read(FileChannel ch, int[] values) throws IOException {
        blocks(ch, values.length, Integer.BYTES, false, (buf, at, n) -> buf.asIntBuffer().get(values, at, n));
    }

    static void read(FileChannel ch, char[] values) throws IOException {
        blocks(ch, values.length, Character.BYTES, false, (buf, at, n) -> buf.asCharBuffer().get(values, at, n));
    }

    private static void blocks(FileChannel ch, int length, int width, boolean write, Copy copy) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(BLOCK).order(ByteOrder.nativeOrder());
        for (int at = 0; at < length; ) {
            int n = Math.min(length - at, BLOCK / width);
            long position = (long) at * width;
            buf.clear();
            if (write) {
                copy.apply(buf, at, n);
                buf.limit(n * width);
                writeFully(ch, buf, position);
            } else {
                buf.limit(n * width);
                readFully(ch, buf, position);
                buf.flip();
                copy.apply(buf, at, n);
            }
            at += n;
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            at += ch.write(buf, at);
        }
    }

    static void readFully(FileChannel ch, ByteBuffer buf, long at) throws IOException {
        while (buf.hasRemaining()) {
            int n = ch.read(buf, at);
            if (n < 0) {
                throw new IOException("the spill file ended early");
            }
            at += n;
        }
    }
}
