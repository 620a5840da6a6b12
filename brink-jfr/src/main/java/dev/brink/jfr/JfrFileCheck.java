package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a recording's chunk headers before any event is parsed, so that a truncated copy, a file that is not
 * JFR, or a chunk the JVM never finished is reported as one line with the byte offset, which the JDK's parser
 * cannot say. Reads 68 bytes per chunk (a recording has a few chunks per 12 MB by default).
 *
 * <p>Chunk header (JDK 11+ format 1.x/2.x): magic {@code FLR\0}, major u2, minor u2, chunk size u8, constant-pool
 * offset u8, metadata offset u8, start nanos u8, duration nanos u8, start ticks u8, ticks per second u8, flags u4.
 */
final class JfrFileCheck {
    static final int HEADER = 68;
    private static final int MAGIC = 0x464c5200; // "FLR\0"

    /** One chunk: where it starts in the file, its size, and the wall-clock span it covers. */
    record Chunk(long offset, long size, long startNanos, long durationNanos) {
    }

    private JfrFileCheck() {
    }

    static List<Chunk> chunks(Path file) throws BrinkUserException {
        if (!Files.isRegularFile(file)) {
            throw new BrinkUserException(file + ": no such file");
        }
        List<Chunk> out = new ArrayList<>();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long length = ch.size();
            long pos = 0;
            ByteBuffer h = ByteBuffer.allocate(HEADER);
            while (pos < length) {
                h.clear();
                while (h.hasRemaining() && ch.read(h, pos + h.position()) > 0) {
                    // a positional read may return fewer bytes than asked; loop until the header is in
                }
                String where = file + ": byte " + pos + ": ";
                if (h.position() < 4 || h.getInt(0) != MAGIC) {
                    throw new BrinkUserException(where + (pos == 0 ? "not a JFR recording" : "not a JFR chunk")
                            + " (expected the chunk magic FLR\\0)");
                }
                if (h.position() < HEADER) {
                    throw new BrinkUserException(where + "truncated chunk header (" + h.position() + " of " + HEADER + " bytes)");
                }
                int major = h.getShort(4);
                long size = h.getLong(8);
                long cp = h.getLong(16);
                long meta = h.getLong(24);
                if (major != 1 && major != 2) {
                    throw new BrinkUserException(where + "JFR format version " + major + "." + h.getShort(6)
                            + " (expected 1.x or 2.x)");
                }
                if (size == 0) {
                    throw new BrinkUserException(where + "unfinished chunk (the JVM was still writing it, or died): "
                            + "dump the recording again with jcmd JFR.dump");
                }
                if (size < HEADER || size > length - pos) {
                    throw new BrinkUserException(where + "truncated: the chunk header says " + size + " bytes, the file has "
                            + (length - pos) + " from there");
                }
                if (cp < HEADER || cp >= size || meta < HEADER || meta >= size) {
                    throw new BrinkUserException(where + "corrupt chunk header (constant pool at " + cp + ", metadata at "
                            + meta + ", chunk size " + size + ")");
                }
                out.add(new Chunk(pos, size, h.getLong(32), h.getLong(40)));
                pos += size;
            }
            if (out.isEmpty()) {
                throw new BrinkUserException(file + ": byte 0: empty file (expected a JFR recording)");
            }
        } catch (IOException e) {
            throw new BrinkUserException(file + ": cannot read: " + e.getMessage());
        }
        return out;
    }

    /** The chunk an event of this wall-clock time came from (the last that started before it), for error lines. */
    static Chunk chunkAt(List<Chunk> chunks, long epochNanos) {
        Chunk found = chunks.get(0);
        for (Chunk c : chunks) {
            if (c.startNanos() <= epochNanos) {
                found = c;
            }
        }
        return found;
    }
}
