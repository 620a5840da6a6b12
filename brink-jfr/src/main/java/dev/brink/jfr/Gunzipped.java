package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Sizes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * A recording as the JDK's parser can read it: the user's file, or, when it is gzip-compressed (magic 1f 8b, told by
 * the bytes, not the name, as {@code brink gc} reads its logs), its content in a temporary file deleted on close. The
 * JDK's reader seeks within chunks and so needs a file, not a stream. JMC opens gzipped recordings, and recordings
 * travel gzipped (support tickets, CI artefacts, JMC's own test files). The content is bounded by the JFR input limit
 * ({@link InputKind#JFR}) and by the temporary directory's free space, so a gzip bomb ends in one line, not a full disk.
 * Every error names the user's file: {@link #named} rewrites a message about the temporary copy.
 */
final class Gunzipped implements AutoCloseable {
    private static final String SUFFIX = " (gunzipped)";

    private final Path user;
    private final Path read;

    private Gunzipped(Path user, Path read) {
        this.user = user;
        this.read = read;
    }

    /** {@code file} itself when it is not gzip-compressed (or is missing: the recording's checks say so). */
    static Gunzipped of(Path file) throws BrinkUserException {
        if (!gzip(file)) {
            return new Gunzipped(file, file);
        }
        long max = InputKind.JFR.maxBytes();
        Path tmp = null;
        try {
            tmp = Files.createTempFile("brink-", ".jfr");
            long room = Math.min(max, Files.getFileStore(tmp).getUsableSpace());
            try (InputStream in = new GZIPInputStream(InputFiles.open(file, InputKind.JFR), 1 << 16);
                 OutputStream out = Files.newOutputStream(tmp)) {
                byte[] buf = new byte[1 << 16];
                long total = 0;
                for (int n; (n = in.read(buf)) > 0; ) {
                    total += n;
                    if (total > room) {
                        throw new BrinkUserException(file + ": gzip-compressed, and its content is larger than "
                                + Sizes.human(room) + (room < max ? " (the free space for temporary files)" : "")
                                + ": expected a JFR recording of at most that; gunzip it where there is room");
                    }
                    out.write(buf, 0, n);
                }
            }
            return new Gunzipped(file, tmp);
        } catch (ZipException | java.io.EOFException e) {
            delete(tmp);
            throw new BrinkUserException(file + ": gzip-compressed, but the compressed data is damaged ("
                    + e.getMessage() + "): copy it again");
        } catch (IOException e) {
            delete(tmp);
            throw new BrinkUserException(file + ": cannot gunzip: " + e.getMessage());
        } catch (BrinkUserException | RuntimeException e) {
            delete(tmp);
            throw e;
        }
    }

    private static boolean gzip(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        } catch (IOException e) {
            return false; // unreadable: the recording's own checks say so in their words
        }
    }

    /** The file the JDK's parser reads. */
    Path path() {
        return read;
    }

    /** {@code e} about the user's file: the temporary copy's path becomes "FILE (gunzipped)", its offsets the content's. */
    BrinkUserException named(BrinkUserException e) {
        if (read == user || e.getMessage() == null) {
            return e;
        }
        return new BrinkUserException(e.getMessage().replace(read.toString(), user + SUFFIX));
    }

    @Override
    public void close() {
        if (read != user) {
            delete(read);
        }
    }

    private static void delete(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            p.toFile().deleteOnExit(); // a file still held open elsewhere (Windows); gone when the JVM ends
        }
    }
}
