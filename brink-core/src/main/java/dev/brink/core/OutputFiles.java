package dev.brink.core;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How Brink writes a whole file (a summary, a report, a plan, evidence): into a temporary file beside it, flushed to the
 * disk, then renamed over the target. A reader sees the old file or the new one, never half of one; a full disk or an
 * unwritable directory leaves the target as it was (absent, if it was) and no temporary file, and is one line naming
 * the file and the system's reason. Files that grow during a run are appended as whole lines instead
 * ({@link JsonlWriter}). A target that exists and is not a regular file ({@code /dev/stdout}, a pipe) is written
 * straight through: renaming over it would replace the device itself.
 */
public final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Writes a file's content to a stream (which the caller must not close). A {@code PrintStream} over it may swallow a
     * failure: the write still fails, with the system's reason.
     */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code text} as UTF-8 to {@code target}, atomically. */
    public static Path write(Path target, String text) throws BrinkUserException {
        return write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Writes {@code bytes} to {@code target}, atomically. */
    public static Path write(Path target, byte[] bytes) throws BrinkUserException {
        return write(target, out -> out.write(bytes));
    }

    /** Writes {@code value} as indented JSON and a final line break to {@code target}, atomically. */
    public static Path writeJson(Path target, Object value) throws BrinkUserException {
        return write(target, out -> {
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValue(out, value);
            out.write('\n');
        });
    }

    /**
     * Writes what {@code content} produces to {@code target}, atomically (see the class comment).
     *
     * @throws BrinkUserException the directory is missing or not writable, the disk is full: one line
     */
    public static Path write(Path target, Content content) throws BrinkUserException {
        if (Files.isDirectory(target)) {
            throw new BrinkUserException("cannot write " + target + ": a directory, expected a file name");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            return stream(target, content); // /dev/stdout, a pipe: renaming over it would replace the device itself
        }
        return viaTemporary(target, content, tmp -> {
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        });
    }

    /**
     * Writes {@code target} unless it exists, atomically: a file another process (or thread) wrote meanwhile wins.
     *
     * @return target, or null when it existed
     */
    public static Path createIfAbsent(Path target, String text) throws BrinkUserException {
        if (Files.exists(target)) {
            return null;
        }
        return viaTemporary(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)), tmp -> {
            try {
                Files.createLink(target, tmp); // fails if target exists, and is atomic
                return target;
            } catch (FileAlreadyExistsException e) {
                return null;
            } catch (UnsupportedOperationException | IOException e) { // a file system without hard links
                if (Files.exists(target)) {
                    return null;
                }
                Files.move(tmp, target);
                return target;
            }
        });
    }

    /** How a written, forced temporary file becomes the target: the target, or null when it did not (another won). */
    @FunctionalInterface
    private interface Publish {
        Path from(Path tmp) throws IOException;
    }

    /**
     * The skeleton both ways of writing share: {@code content} into a temporary file beside {@code target}, forced to the
     * disk, then {@code publish}ed; the temporary file is gone afterwards whatever happened (moved, linked and deleted, or
     * deleted after a failure), and a failure is one line naming the target.
     */
    private static Path viaTemporary(Path target, Content content, Publish publish) throws BrinkUserException {
        Path tmp = null;
        try {
            tmp = temporary(target);
            writeAndForce(tmp, content);
            return publish.from(tmp);
        } catch (IOException e) {
            throw cannotWrite(target, e);
        } finally {
            deleteQuietly(tmp); // after a move nothing is left to delete; after a link, the second name
        }
    }

    /**
     * Creates {@code dir} (and its parents) for output, and checks it is a writable directory.
     *
     * @param what what the directory is for, as in "--out": named in the error
     */
    public static Path directory(Path dir, String what) throws BrinkUserException {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BrinkUserException(what + " " + dir + ": cannot create the directory: " + UserText.oneLine(reason(e)));
        }
        if (!Files.isWritable(dir)) {
            throw new BrinkUserException(what + " " + dir + ": not writable (permission denied or a read-only file system)");
        }
        return dir;
    }

    /** A failed write as one line: "cannot write FILE: No space left on device". */
    public static BrinkUserException cannotWrite(Path file, IOException e) {
        return new BrinkUserException("cannot write " + file + ": " + UserText.oneLine(reason(e)));
    }

    /**
     * The system's reason for a failed file operation, without the file names Java puts in front of it (the caller
     * names the file): "No space left on device", "permission denied", "no such file or directory".
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f) {
            if (f.getReason() != null) {
                return f.getReason();
            }
            if (e instanceof AccessDeniedException) return "permission denied";
            if (e instanceof NoSuchFileException) return "no such file or directory";
            if (e instanceof NotDirectoryException) return "not a directory";
            if (e instanceof FileAlreadyExistsException) return "it exists";
            return e.getClass().getSimpleName();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * A new empty file beside {@code target} ({@code .NAME.RANDOM.tmp}), created with the directory's usual permissions
     * (not {@link Files#createTempFile}'s owner-only ones, which the renamed file would keep).
     */
    private static Path temporary(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        String name = target.getFileName().toString();
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) throw e;
            }
        }
    }

    /** Writes straight into a target that is not a regular file (a device or a pipe): there is nothing to keep whole. */
    private static Path stream(Path target, Content content) throws BrinkUserException {
        try (OutputStream out = new BufferedOutputStream(new FileOutputStream(target.toFile()), 1 << 16)) {
            KeepOpen kept = new KeepOpen(out);
            content.writeTo(kept);
            kept.flush();
            kept.rethrow();
            return target;
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    private static void writeAndForce(Path tmp, Content content) throws IOException {
        // a FileOutputStream, not a FileChannel: a channel is closed under the writer when its thread is interrupted
        // (ClosedByInterruptException), and Ctrl-C interrupts the run's threads just before they write what exists
        try (FileOutputStream file = new FileOutputStream(tmp.toFile())) {
            OutputStream out = new BufferedOutputStream(file, 1 << 16);
            KeepOpen kept = new KeepOpen(out);
            content.writeTo(kept);
            kept.flush();
            kept.rethrow();
            // on the disk before the rename: after a power cut the target is the old file or the whole new one
            file.getFD().sync();
        }
    }

    private static void deleteQuietly(Path tmp) {
        if (tmp == null) {
            return;
        }
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // the write failed already and says so; a leftover .tmp file is hidden and harmless
        }
    }

    /**
     * The content writer's stream: a close (Jackson closes what it writes to) only flushes, and the first failure is kept
     * for {@link #rethrow}, since a PrintStream on top reports failures only as a flag.
     */
    private static final class KeepOpen extends FailureKeepingStream {
        KeepOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }

        void rethrow() throws IOException {
            if (failure() != null) throw failure();
        }
    }
}
