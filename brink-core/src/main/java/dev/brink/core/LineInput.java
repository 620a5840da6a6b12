package dev.brink.core;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a file line by line as bytes, never holding more than one line (and the read-ahead) in memory: a line longer
 * than its {@link InputKind#maxLineBytes()} stops the reading with one line naming file:line, so a file of zeros without
 * a line break, or a binary file, costs a few MB however large it is. The line is handed out in place
 * ({@link #bytes()}, {@link #start()}, {@link #end()}) so a parser can read it without a String; "\n" ends a line and a
 * "\r" before it is dropped. The last line may lack its "\n". Single thread.
 */
public final class LineInput implements Closeable {
    private static final int CHUNK = 1 << 20;

    private final Path file;
    private final InputKind kind;
    private final InputStream in;
    private final int maxLine;
    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private long number;
    private int start;
    private int end;

    private LineInput(Path file, InputKind kind, InputStream in, long size) {
        this.file = file;
        this.kind = kind;
        this.in = in;
        this.maxLine = kind.maxLineBytes();
        // the whole of a small file, else 1 MiB reads (a day's series file is 150 MB): grown only for a long line
        this.buf = new byte[(int) Math.max(8192, Math.min(CHUNK, size + 1))];
    }

    /**
     * Opens {@code file} after {@link InputFiles#checkRegular(Path, InputKind)}.
     *
     * @param kind a kind read as lines ({@link InputKind#maxLineBytes()} &gt; 0)
     */
    public static LineInput open(Path file, InputKind kind) throws BrinkUserException {
        if (kind.maxLineBytes() <= 0) throw new IllegalArgumentException(kind + " is not read as lines");
        long size = InputFiles.checkRegular(file, kind);
        return new LineInput(file, kind, InputFiles.open(file, kind), size);
    }

    /**
     * Moves to the next line.
     *
     * @return false at the end of the file
     * @throws BrinkUserException a line longer than the kind's limit, or a read that failed: one line naming file:line
     */
    public boolean next() throws BrinkUserException {
        int scanFrom = pos;
        while (true) {
            for (int i = scanFrom; i < limit; i++) {
                if (buf[i] == '\n') {
                    return take(i, i + 1);
                }
            }
            if (limit - pos > maxLine) {
                throw tooLong();
            }
            if (eof) {
                return pos < limit && take(limit, limit);
            }
            scanFrom = limit - pos;
            fill();
            scanFrom += pos;
        }
    }

    private boolean take(int lineEnd, int next) throws BrinkUserException {
        if (lineEnd - pos > maxLine + (lineEnd > pos && buf[lineEnd - 1] == '\r' ? 1 : 0)) {
            throw tooLong();
        }
        number++;
        start = pos;
        end = lineEnd > pos && buf[lineEnd - 1] == '\r' ? lineEnd - 1 : lineEnd;
        pos = next;
        return true;
    }

    private BrinkUserException tooLong() {
        return new BrinkUserException(file + ":" + (number + 1) + ": a line longer than " + Sizes.human(maxLine)
                + ", expected " + kind.what() + " (its lines are far shorter: a binary file, or not this kind of file?)");
    }

    /** Moves the unread bytes to the front (growing the buffer for a long line) and reads more. */
    private void fill() throws BrinkUserException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, (long) maxLine + 2));
        }
        try {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        } catch (IOException e) {
            throw new BrinkUserException(file + ":" + (number + 1) + ": cannot read: " + UserText.oneLine(OutputFiles.reason(e)));
        }
    }

    /** The current line's buffer; valid until the next call to {@link #next()}. */
    public byte[] bytes() {
        return buf;
    }

    /** Where the current line starts in {@link #bytes()}. */
    public int start() {
        return start;
    }

    /** Where the current line ends in {@link #bytes()} (exclusive, before any "\r\n"). */
    public int end() {
        return end;
    }

    /** The current line's number, from 1. */
    public long number() {
        return number;
    }

    /** The current line as text, bytes that are not UTF-8 replaced (for lines that are parsed further and checked there). */
    public String text() {
        return new String(buf, start, end - start, StandardCharsets.UTF_8);
    }

    /** Whether the current line is empty or only spaces and tabs. */
    public boolean blank() {
        for (int i = start; i < end; i++) {
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') return false;
        }
        return true;
    }

    /** "file:line" of the current line, for error messages. */
    public String where() {
        return file + ":" + number;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // nothing was written: a failed close loses nothing
        }
    }
}
