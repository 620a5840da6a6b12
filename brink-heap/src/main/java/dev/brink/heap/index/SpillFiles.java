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

    static void write(FileChannel ch, int[] values) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(BLOCK).order(ByteOrder.nativeOrder());
        for (int at = 0; at < values.length; ) {
            int n = Math.min(values.length - at, BLOCK / Integer.BYTES);
            buf.clear();
            buf.asIntBuffer().put(values, at, n);
            buf.limit(n * Integer.BYTES);
            writeFully(ch, buf, (long) at * Integer.BYTES);
            at += n;
        }
    }

    static void write(FileChannel ch, char[] values) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(BLOCK).order(ByteOrder.nativeOrder());
        for (int at = 0; at < values.length; ) {
            int n = Math.min(values.length - at, BLOCK / Character.BYTES);
            buf.clear();
            buf.asCharBuffer().put(values, at, n);
            buf.limit(n * Character.BYTES);
            writeFully(ch, buf, (long) at * Character.BYTES);
            at += n;
        }
    }

    static void read(FileChannel ch, int[] values) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(BLOCK).order(ByteOrder.nativeOrder());
        for (int at = 0; at < values.length; ) {
            int n = Math.min(values.length - at, BLOCK / Integer.BYTES);
            buf.clear().limit(n * Integer.BYTES);
            readFully(ch, buf, (long) at * Integer.BYTES);
            buf.flip();
            buf.asIntBuffer().get(values, at, n);
            at += n;
        }
    }

    static void read(FileChannel ch, char[] values) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(BLOCK).order(ByteOrder.nativeOrder());
        for (int at = 0; at < values.length; ) {
            int n = Math.min(values.length - at, BLOCK / Character.BYTES);
            buf.clear().limit(n * Character.BYTES);
            readFully(ch, buf, (long) at * Character.BYTES);
            buf.flip();
            buf.asCharBuffer().get(values, at, n);
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
