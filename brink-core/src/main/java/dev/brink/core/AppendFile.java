package dev.brink.core;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run file that grows by whole lines (load.jsonl, latency.hlog …): each {@link #append} hands its bytes to the OS at
 * once, so a run killed with SIGKILL leaves every completed line readable. Thread-safe.
 *
 * <p>Lines the disk cannot take (full, or gone read-only) are cut off again — the file is truncated to its length
 * before them, which frees the space they took — so the file stays readable; the append throws a {@link WriteFailure},
 * and so does every later one: a file with a hole in its sequence is worse than a file that stops.
 *
 * <p>Written through a {@link FileOutputStream}, not a FileChannel: a channel is closed under its writer when the
 * writing thread is interrupted (ClosedByInterruptException), and Ctrl-C interrupts the run's threads while they still
 * record the last second and the end of the step — exactly the lines a stopped run must keep.
 */
public final class AppendFile implements Closeable {
    private final Path file;
    private final FileOutputStream out;
    /** The file's length up to its last whole append. */
    private long whole;
    private WriteFailure failed;

    public AppendFile(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.out = new FileOutputStream(file.toFile(), true);
        this.whole = Files.size(file);
    }

    /**
     * Appends {@code bytes} (whole lines, each ending in "\n").
     *
     * @throws WriteFailure the bytes could not be written (none of them is in the file); the file takes no more
     */
    public synchronized void append(byte[] bytes) {
        if (failed != null) {
            throw failed;
        }
        try {
            out.write(bytes); // no buffer of ours: every completed line is with the OS at once
            whole += bytes.length;
        } catch (IOException e) {
            failed = new WriteFailure(file, e);
            try {
                out.getChannel().truncate(whole); // truncating frees blocks, so it works on a full disk
            } catch (IOException ignored) {
                // the readers skip a half last line anyway
            }
            try {
                out.close();
            } catch (IOException ignored) {
                // closed or not, nothing more is written
            }
            throw failed;
        }
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
