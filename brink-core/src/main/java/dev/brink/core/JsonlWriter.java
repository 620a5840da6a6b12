package dev.brink.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Appends one JSON document per line to a run-directory file, each line handed to the OS at once ({@link AppendFile}),
 * so a run killed with SIGKILL leaves every completed line readable (the run directory is append-only), and a full disk
 * leaves the lines before it whole. Thread-safe: lines from different threads never interleave.
 */
public final class JsonlWriter implements Closeable {
    private final AppendFile out;
    private final ObjectWriter writer = Json.MAPPER.writer();

    public JsonlWriter(Path file) throws IOException {
        this.out = new AppendFile(file);
    }

    /**
     * Writes value as one line (a record, a Map or a JsonNode).
     *
     * @throws WriteFailure the line could not be written (it is not in the file); the writer takes no more lines
     */
    public void append(Object value) {
        byte[] json;
        try {
            json = writer.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + value.getClass().getSimpleName() + " as JSON", e); // a bug
        }
        byte[] line = new byte[json.length + 1];
        System.arraycopy(json, 0, line, 0, json.length);
        line[json.length] = '\n';
        out.append(line);
    }

    public Path file() {
        return out.file();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
