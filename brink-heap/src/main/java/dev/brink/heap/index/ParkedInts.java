package dev.brink.heap.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An int array moved out of the Java heap into a memory-mapped temporary file, for arrays that are written once
 * and then read only here and there (a few lookups per report). Written through the channel, the data sits in the
 * page cache, not in the process; a read maps in only the pages it touches. The file is unlinked as soon as it is
 * mapped, so nothing is left behind even if the JVM dies. When no temporary file can be written the array simply
 * stays on the heap.
 */
public final class ParkedInts {
    private static final int CHUNK = 1 << 20;

    private ParkedInts() {
    }

    /** The values, mapped from an unlinked temporary file; the caller drops its array. */
    public static IntBuffer park(int[] values) {
        Path file = null;
        try {
            file = Files.createTempFile("brink-heap-", ".ints");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.allocate(CHUNK).order(ByteOrder.nativeOrder());
                for (int at = 0; at < values.length; ) {
                    buf.clear();
                    int n = Math.min(values.length - at, CHUNK / Integer.BYTES);
                    buf.asIntBuffer().put(values, at, n);
                    buf.limit(n * Integer.BYTES);
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                    at += n;
                }
                return ch.map(FileChannel.MapMode.READ_ONLY, 0, (long) values.length * Integer.BYTES)
                        .order(ByteOrder.nativeOrder()).asIntBuffer();
            }
        } catch (IOException | UnsupportedOperationException e) {
            return IntBuffer.wrap(values); // a full or read-only temp directory costs memory, not the analysis
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // the mapping stays valid; the file goes with the JVM's temp-dir cleanup
                }
            }
        }
    }
}
