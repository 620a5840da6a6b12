package dev.brink.core;

import java.io.Closeable;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * events.jsonl: phase and step boundaries, degradations, evidence captured, errors. Each line has
 * {@code time} (ISO-8601), {@code epoch_ms} (the shared time axis of every run file) and {@code type}.
 */
public final class EventLog implements Closeable {
    private final JsonlWriter out;

    public EventLog(RunDirectory run) throws IOException {
        this.out = new JsonlWriter(run.file(RunDirectory.EVENTS));
    }

    /** Appends an event; {@code fields} keep their insertion order after the common keys. */
    public void append(String type, Map<String, ?> fields) {
        long now = System.currentTimeMillis();
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", Instant.ofEpochMilli(now).toString());
        line.put("epoch_ms", now);
        line.put("type", type);
        line.putAll(fields);
        out.append(line);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
