package dev.brink.core;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A run file that grows by whole lines (load.jsonl, latency.hlog …): each {@link #append} hands its bytes to the OS at
 * once, so a run killed with SIGKILL leaves every completed line readable. Thread-safe.
 *
 * <p>Lines the disk cannot take (full, or gone read-only) are cut off again — the file is truncated to its length
 * before them, which frees the space they took — so the file stays readable; the append throws a {@link WriteFailure},
 * and so does every later one: a file with a hole in its sequence is worse than a file that stops.
 */
public final class AppendFile implements Closeable {
    private final Path file;
    private final FileChannel channel;
    /** The file's length up to its last whole append. */
    private long whole;
    private WriteFailure failed;

    public AppendFile(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        this.whole = channel.size();
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
        ByteBuffer b = ByteBuffer.wrap(bytes);
        try {
            while (b.hasRemaining()) {
                channel.write(b);
            }
            whole += bytes.length;
        } catch (IOException e) {
            failed = new WriteFailure(file, e);
            try {
                channel.truncate(whole); // truncating frees blocks, so it works on a full disk
            } catch (IOException ignored) {
                // the readers skip a half last line anyway
            }
            try {
                channel.close();
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
        channel.close();
    }
}
