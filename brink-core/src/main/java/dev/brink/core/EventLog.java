package dev.brink.core;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * events.jsonl: phase and step boundaries, degradations, evidence captured, errors. Each line has
 * {@code time} (ISO-8601), {@code epoch_ms} (the shared time axis of every run file) and {@code type} (an
 * {@link EventType}).
 *
 * <p>The method, the JVM observer and the load engine each hold an EventLog of the same run directory; all of
 * them append through one writer per file, shared and counted here, so lines of the three never interleave and
 * appear in the order they were written. The file is closed when the last EventLog of it is closed.
 */
public final class EventLog implements Closeable {
    private static final String TIME = "time";
    private static final String EPOCH_MS = "epoch_ms";
    private static final String TYPE = "type";
    /** The keys every line has before its type's own, in the order written. */
    public static final List<String> COMMON_KEYS = List.of(TIME, EPOCH_MS, TYPE);

    private static final Map<Path, Shared> OPEN = new HashMap<>();

    private final Shared shared;
    private boolean closed;

    /** One writer of a file, and how many EventLogs hold it. */
    private static final class Shared {
        final Path file;
        final JsonlWriter out;
        int holders;

        Shared(Path file) throws IOException {
            this.file = file;
            this.out = new JsonlWriter(file);
        }
    }

    public EventLog(RunDirectory run) throws IOException {
        Path file = run.file(RunDirectory.EVENTS).toAbsolutePath().normalize();
        synchronized (OPEN) {
            Shared s = OPEN.get(file);
            if (s == null) {
                s = new Shared(file);
                OPEN.put(file, s);
            }
            s.holders++;
            this.shared = s;
        }
    }

    /** Appends an event; {@code fields} keep their insertion order after the common keys. */
    public void append(String type, Map<String, ?> fields) {
        long now = System.currentTimeMillis();
        Map<String, Object> line = new LinkedHashMap<>();
        line.put(TIME, Instant.ofEpochMilli(now).toString());
        line.put(EPOCH_MS, now);
        line.put(TYPE, type);
        line.putAll(fields);
        shared.out.append(line);
    }

    /** True while another EventLog of the same run directory is open: they write through the same writer. */
    boolean sharesWriterWith(EventLog other) {
        return shared == other.shared;
    }

    @Override
    public void close() throws IOException {
        synchronized (OPEN) {
            if (closed) {
                return;
            }
            closed = true;
            if (--shared.holders == 0) {
                OPEN.remove(shared.file);
                shared.out.close();
            }
        }
    }
}
