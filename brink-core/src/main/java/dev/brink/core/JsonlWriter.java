package dev.brink.core;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends one JSON document per line to a run-directory file and flushes after every line, so a run
 * killed with SIGKILL leaves every completed line readable (the run directory is append-only).
 * Thread-safe: lines from different threads never interleave.
 */
public final class JsonlWriter implements Closeable {
    private static final byte[] NEWLINE = {'\n'};
    private final Path file;
    private final OutputStream out;
    private final ObjectWriter writer = Json.MAPPER.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    public JsonlWriter(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.out = new BufferedOutputStream(Files.newOutputStream(file,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE), 64 * 1024);
    }

    /** Writes value as one line (a record, a Map or a JsonNode) and flushes it to the OS. */
    public synchronized void append(Object value) {
        try {
            writer.writeValue(out, value);
            out.write(NEWLINE);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
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
