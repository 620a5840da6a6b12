package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
    private static final String ADVICE = ": the recording is damaged from that point (a cut or corrupted copy); copy it"
            + " again, or record again";

    /**
     * One chunk: where it starts in the file, its size, the wall-clock span it covers, and where (from the chunk's
     * start) its last constant pool and its metadata are.
     */
    record Chunk(long offset, long size, long startNanos, long durationNanos, long constantPool, long metadata) {
    }

    private JfrFileCheck() {
    }

    static List<Chunk> chunks(Path file) throws BrinkUserException {
        InputFiles.checkRegular(file, InputKind.JFR);
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
                if (major == 0 && h.getShort(6) == 9) {
                    // JRockit's recorder as Oracle JDK 7u40 to 8 carried it: another format, which only JMC reads
                    throw new BrinkUserException(where + "JFR format version 0.9, the Flight Recorder of JRockit and Oracle JDK 7 and 8,"
                            + " which the JDK's parser cannot read (expected 1.x or 2.x: JDK 9 and later, OpenJDK 8u262 and"
                            + " later); open it in JDK Mission Control, or record again on a newer JDK");
                }
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
                out.add(new Chunk(pos, size, h.getLong(32), h.getLong(40), cp, meta));
                pos += size;
            }
            if (out.isEmpty()) {
                throw new BrinkUserException(file + ": byte 0: empty file (expected a JFR recording)");
            }
            // the records' sizes too: the JDK's reader takes a size that overruns its chunk for the chunk's end and
            // silently drops the rest of it
            EventWalk walk = new EventWalk(ch);
            for (int i = 0; i < out.size(); i++) {
                walk.records(file, out, i, (at, type) -> true);
            }
        } catch (IOException e) {
            throw new BrinkUserException(file + ": cannot read: " + e.getMessage());
        }
        return out;
    }

    /**
     * What to tell the user when the JDK's reader failed on a recording whose chunk headers are sound: the chunk and
     * the byte where the damage is, and a sentence. The JDK's exception says neither (an IndexOutOfBoundsException from
     * deep in its parser), so the event records are walked here — each is a size and a type id, LEB128-encoded as the
     * JDK writes them (jdk.jfr.internal.consumer.RecordingInput) — up to the event the reader stopped at. A reader that
     * failed before its first event, or between chunks, failed on a chunk's metadata or constant pools, which it reads
     * when it opens the chunk: the line names both places.
     */
    static BrinkUserException damaged(Path file, List<Chunk> chunks, ReadPosition read) {
        if (!read.opened()) {
            return cannotOpen(file, chunks, 0, -1);
        }
        long failedEvent = read.failedEvent();
        long[] ordinal = {0};
        long[] found = {-1};
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            EventWalk walk = new EventWalk(ch);
            for (int i = 0; i < chunks.size(); i++) {
                // the failed event the chunk's first: the reader may have failed opening the chunk, or on that event
                boolean first = ordinal[0] + 1 == failedEvent;
                walk.records(file, chunks, i, (at, type) -> {
                    if (type != 0 && type != 1 && ++ordinal[0] == failedEvent) { // 0 metadata, 1 constant pool
                        found[0] = at;
                        return false;
                    }
                    return true;
                });
                if (first) {
                    return cannotOpen(file, chunks, i, found[0]);
                }
                if (found[0] >= 0) {
                    return new BrinkUserException(at(file, chunks, i, found[0]) + "the JDK's JFR reader cannot decode the event"
                            + " there" + ADVICE);
                }
            }
        } catch (BrinkUserException e) {
            return e; // a record that does not fit (the file changed since the check?)
        } catch (IOException | IndexOutOfBoundsException e) {
            // the walk itself could not read: fall through to the chunk-level answer
        }
        return cannotOpen(file, chunks, chunks.size() - 1, -1);
    }

    private static BrinkUserException cannotOpen(Path file, List<Chunk> chunks, int chunk, long firstEvent) {
        Chunk c = chunks.get(chunk);
        return new BrinkUserException(at(file, chunks, chunk, c.offset() + c.metadata()) + "the JDK's JFR reader cannot"
                + " decode the chunk's metadata (byte " + (c.offset() + c.metadata()) + "), its constant pools (the last at byte "
                + (c.offset() + c.constantPool()) + ")" + (firstEvent >= 0 ? " or its first event (byte " + firstEvent + ")" : "")
                + ADVICE);
    }

    /** "FILE: byte B (chunk I of N, bytes A to Z): ", as the header errors begin. */
    private static String at(Path file, List<Chunk> chunks, int chunk, long pos) {
        Chunk c = chunks.get(chunk);
        return file + ": byte " + pos + " (chunk " + (chunk + 1) + " of " + chunks.size() + ", bytes " + c.offset() + " to "
                + (c.offset() + c.size() - 1) + "): ";
    }

    /** Reads LEB128 varints at absolute file positions through a 64 KiB window. */
    private static final class EventWalk {
        private final FileChannel ch;
        private final ByteBuffer window = ByteBuffer.allocate(1 << 16);
        private long windowStart = -1;
        /** The position after the varint read last. */
        long next;

        EventWalk(FileChannel ch) {
            this.ch = ch;
        }

        /** Sees each record of a chunk, in order. */
        interface Records {
            /** A record at file position {@code at} of type {@code type}; false stops the walk. */
            boolean record(long at, long type);
        }

        /**
         * Walks chunk {@code i}'s records from its header to its end.
         *
         * @throws BrinkUserException a record whose size does not fit the chunk: the line names the byte
         */
        void records(Path file, List<Chunk> chunks, int i, Records visitor) throws IOException, BrinkUserException {
            Chunk c = chunks.get(i);
            long end = c.offset() + c.size();
            long pos = c.offset() + HEADER;
            while (pos < end) {
                long size = varint(pos, end);
                if (size <= 0 || size > end - pos) {
                    throw new BrinkUserException(at(file, chunks, i, pos) + "an event record of " + size
                            + " bytes, which does not fit its chunk" + ADVICE);
                }
                if (!visitor.record(pos, varint(next, end))) {
                    return;
                }
                pos += size;
            }
        }

        /** The varint at pos (at most 9 bytes, the last one whole, as the JDK writes them); -1 past {@code end}. */
        long varint(long pos, long end) throws IOException {
            long v = 0;
            for (int i = 0; i < 9; i++) {
                if (pos + i >= end) {
                    return -1;
                }
                int b = byteAt(pos + i);
                if (i == 8) {
                    next = pos + 9;
                    return v | ((long) b << 56);
                }
                v |= (long) (b & 0x7F) << (7 * i);
                if (b < 0x80) {
                    next = pos + i + 1;
                    return v;
                }
            }
            return -1;
        }

        private int byteAt(long pos) throws IOException {
            if (windowStart < 0 || pos < windowStart || pos >= windowStart + window.limit()) {
                window.clear();
                windowStart = pos;
                while (window.hasRemaining() && ch.read(window, pos + window.position()) > 0) {
                    // positional reads may be short
                }
                window.flip();
                if (!window.hasRemaining()) {
                    throw new IOException("end of file");
                }
            }
            return window.get((int) (pos - windowStart)) & 0xFF;
        }
    }
}
