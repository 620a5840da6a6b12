package dev.brink.core;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Checks on a file the user names before any parser reads it, each failure one line that says what was
 * expected: a missing file, a directory, a device or pipe ({@code /dev/zero} never ends), a file above the
 * reader's stated size limit (a reader that holds a file in memory must refuse, not die of
 * {@code OutOfMemoryError}), text that is not UTF-8 (with the byte offset, and a hint when it looks like UTF-16).
 */
public final class InputFiles {
    private InputFiles() {
    }

    /**
     * The size of {@code file} after checking it is a regular readable file of at most {@code kind}'s limit: a
     * directory, a device or a pipe ({@code /dev/zero} never ends, a FIFO blocks until someone writes) is refused in one
     * line, and so is a larger file, with the limit and how to raise it.
     */
    public static long checkRegular(Path file, InputKind kind) throws BrinkUserException {
        return check(file, kind.what(), kind.maxBytes(), kind.override());
    }

    /** As {@link #checkRegular(Path, InputKind)} for a file named by a command-line option: the refusal names it. */
    public static long checkRegular(Path file, InputKind kind, String option) throws BrinkUserException {
        try {
            return checkRegular(file, kind);
        } catch (BrinkUserException e) {
            throw new BrinkUserException(option + " " + e.getMessage());
        }
    }

    /** Reads all of {@code file} after {@link #checkRegular(Path, InputKind)}: one line naming the file for every way that can fail. */
    public static byte[] readBytes(Path file, InputKind kind) throws BrinkUserException {
        long max = kind.maxBytes();
        check(file, kind.what(), max, kind.override());
        return read(file, kind.what(), max);
    }

    /** Reads {@code file} as UTF-8 text after {@link #checkRegular(Path, InputKind)}; a byte that is not UTF-8 is an error with its offset. */
    public static String readUtf8(Path file, InputKind kind) throws BrinkUserException {
        return decodeUtf8(file.toString(), readBytes(file, kind), kind.what());
    }

    /**
     * Opens {@code file} for streaming after {@link #checkRegular(Path, InputKind)}. The stream ends with an
     * {@link IOException} naming the limit if the file grows past it while read (a log still being written).
     */
    public static InputStream open(Path file, InputKind kind) throws BrinkUserException {
        long max = kind.maxBytes();
        check(file, kind.what(), max, kind.override());
        try {
            return new Capped(Files.newInputStream(file), max, "grew past " + Sizes.human(max) + " while read, expected "
                    + kind.what() + " of at most that (" + kind.override() + ")");
        } catch (IOException e) {
            throw cannotRead(file, kind.what(), e);
        }
    }

    private static long check(Path file, String what, long maxBytes, String override) throws BrinkUserException {
        if (Files.isDirectory(file)) throw new BrinkUserException(named(file) + ": a directory, expected " + what + " (a regular file)");
        if (!Files.exists(file)) throw new BrinkUserException(named(file) + ": no such file (expected " + what + ")");
        if (!Files.isRegularFile(file)) {
            throw new BrinkUserException(named(file) + ": not a regular file (a device, pipe or socket), expected " + what);
        }
        if (!Files.isReadable(file)) throw new BrinkUserException(named(file) + ": not readable (permission denied), expected " + what);
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw cannotRead(file, what, e);
        }
        if (size > maxBytes) {
            throw new BrinkUserException(named(file) + ": " + Sizes.human(size) + ", expected " + what + " of at most "
                    + Sizes.human(maxBytes) + " (" + (override != null ? override
                    : "Brink reads this kind of file into memory and refuses larger ones") + ")");
        }
        return size;
    }

    private static byte[] read(Path file, String what, long maxBytes) throws BrinkUserException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw cannotRead(file, what, e);
        } catch (OutOfMemoryError e) { // the file grew after the size check
            throw new BrinkUserException(named(file) + ": too large to read, expected " + what + " of at most " + Sizes.human(maxBytes));
        }
        if (bytes.length > maxBytes) {
            throw new BrinkUserException(named(file) + ": grew while read, expected " + what + " of at most " + Sizes.human(maxBytes));
        }
        return bytes;
    }

    /**
     * The file as a message names it: its control characters escaped (a path may hold a newline, and the message must
     * stay one line), never cut — the user needs the whole path to find the file.
     */
    private static String named(Path file) {
        return UserText.cut(file.toString(), Integer.MAX_VALUE - 16);
    }

    /** An I/O failure on an input as one line naming the file. */
    public static BrinkUserException cannotRead(Path file, String what, IOException e) {
        if (e instanceof NoSuchFileException) return new BrinkUserException(named(file) + ": no such file (expected " + what + ")");
        if (e instanceof AccessDeniedException) {
            return new BrinkUserException(named(file) + ": not readable (permission denied), expected " + what);
        }
        return new BrinkUserException(named(file) + ": cannot read: " + UserText.oneLine(OutputFiles.reason(e)));
    }

    /** Decodes UTF-8 strictly; the error names the offset of the first bad byte and, for a UTF-16 file, says so. */
    public static String decodeUtf8(String source, byte[] bytes, String what) throws BrinkUserException {
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) throw notUtf8(source, bytes, in.position(), what);
        r = d.flush(out);
        if (r.isError()) throw notUtf8(source, bytes, in.position(), what);
        out.flip();
        String text = out.toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** The same check for text read through a decoder elsewhere: a CharacterCodingException as a user error. */
    public static BrinkUserException notUtf8(String source, CharacterCodingException e, String what) {
        return new BrinkUserException(source + ": expected " + what + " as UTF-8 text, found bytes that are not UTF-8 "
                + "(a binary file, or text in another encoding such as Latin-1 or UTF-16: convert it to UTF-8)");
    }

    private static BrinkUserException notUtf8(String source, byte[] bytes, int offset, String what) {
        return new BrinkUserException(source + ": byte " + offset + ": expected " + what + " as UTF-8 text, found "
                + guess(bytes) + " (convert it to UTF-8)");
    }

    /** A best guess at what the bytes are, so the user knows what to convert. */
    private static String guess(byte[] b) {
        if (b.length >= 2 && ((b[0] == (byte) 0xFF && b[1] == (byte) 0xFE) || (b[0] == (byte) 0xFE && b[1] == (byte) 0xFF))) {
            return "UTF-16 text (it starts with a UTF-16 byte order mark)";
        }
        // UTF-16 text of mostly ASCII has a zero in every other byte, on one side only; binaries scatter them
        int n = Math.min(b.length, 4096) & ~1;
        int evenZeros = 0;
        int oddZeros = 0;
        for (int i = 0; i < n; i += 2) {
            if (b[i] == 0) evenZeros++;
            if (b[i + 1] == 0) oddZeros++;
        }
        int half = Math.max(1, n / 2);
        if (Math.max(evenZeros, oddZeros) > half * 0.4 && Math.min(evenZeros, oddZeros) < half * 0.05) {
            return "UTF-16 text (every other byte is zero)";
        }
        if (evenZeros + oddZeros > 0) return "a binary file (it holds zero bytes)";
        return "a byte that is not UTF-8 (Latin-1 or another 8-bit encoding?)";
    }

    /** A stream that fails, rather than going on, past {@code max} bytes. */
    private static final class Capped extends FilterInputStream {
        private final String message;
        private long left;

        Capped(InputStream in, long max, String message) {
            super(in);
            this.left = max;
            this.message = message;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0 && --left < 0) throw new IOException(message);
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0 && (left -= n) < 0) throw new IOException(message);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long s = super.skip(n);
            if ((left -= s) < 0) throw new IOException(message);
            return s;
        }
    }
}
