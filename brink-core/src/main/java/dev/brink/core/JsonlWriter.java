package dev.brink.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends one JSON document per line to a run-directory file and flushes after every line, so a run
 * killed with SIGKILL leaves every completed line readable (the run directory is append-only).
 * Thread-safe: lines from different threads never interleave.
 *
 * <p>A line the disk cannot take (full, or gone read-only) is cut off again — the file is truncated to its last whole
 * line, which frees the space it took — so the file stays readable; the append throws a {@link WriteFailure}, and so
 * does every later one: a file with a hole in its sequence is worse than a file that stops.
 */
public final class JsonlWriter implements Closeable {
    private final Path file;
    private final FileChannel channel;
    private final ObjectWriter writer = Json.MAPPER.writer();
    /** The file's length up to its last whole line. */
    private long whole;
    private WriteFailure failed;

    public JsonlWriter(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        this.whole = channel.size();
    }

    /**
     * Writes value as one line (a record, a Map or a JsonNode) and flushes it to the OS.
     *
     * @throws WriteFailure the line could not be written (it is not in the file); the writer takes no more lines
     */
    public synchronized void append(Object value) {
        if (failed != null) {
            throw failed;
        }
        byte[] json;
        try {
            json = writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " as JSON", e); // a bug
        }
        // the line and its break in one write(2): another process tailing the file sees whole lines
        ByteBuffer line = ByteBuffer.allocate(json.length + 1).put(json).put((byte) '\n').flip();
        try {
            while (line.hasRemaining()) {
                channel.write(line);
            }
            whole += json.length + 1;
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(IOException e) {
        failed = new WriteFailure(file, e);
        try {
            channel.truncate(whole); // the half line goes; truncating frees blocks, so it works on a full disk
        } catch (IOException ignored) {
            // the reader skips a half last line anyway
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closed or not, nothing more is written
        }
        throw failed;
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
