package dev.brink.gc;

import dev.brink.core.BrinkUserException;
import dev.brink.core.JsonlWriter;
import dev.brink.core.RunDirectory;
import dev.brink.core.evidence.GcEventLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a report's series so the report module draws them like a run's own: {@code gc.jsonl} in the
 * run-directory form ({@link GcEventLine}: pool "heap", the action is the event's kind, "young", "full", …), and {@code gc-series.jsonl} with
 * one flat line per event (time, kind, pause, heap before/after/committed).
 */
public final class GcSeries {
    public static final String SERIES = "gc-series.jsonl";

    private GcSeries() {
    }

    public static void write(GcReport r, Path dir) throws BrinkUserException {
        try (JsonlWriter gc = new JsonlWriter(dir.resolve(RunDirectory.GC));
             JsonlWriter flat = new JsonlWriter(dir.resolve(SERIES))) {
            double[] t = r.times();
            int i = 0;
            for (GcEvent e : r.events()) {
                long startMs = Math.round(t[i] * 1000);
                Map<String, Long> before = new LinkedHashMap<>();
                Map<String, Long> after = new LinkedHashMap<>();
                Map<String, Long> committed = new LinkedHashMap<>();
                if (e.heapAfter() >= 0) {
                    before.put("heap", e.heapBefore());
                    after.put("heap", e.heapAfter());
                    if (e.heapCommitted() >= 0) {
                        committed.put("heap", e.heapCommitted());
                    }
                }
                gc.append(new GcEventLine(e.epochMs() >= 0 ? e.epochMs() : 0, startMs, r.settings().collector(),
                        e.kind().jsonName(), e.cause(), Double.isNaN(e.durationMs()) ? 0 : e.durationMs(),
                        before, after, committed, ObserverEvents.failures(e.flags())));
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("t_s", t[i]);
                line.put("kind", e.kind().jsonName());
                line.put("pause", e.kind().isPause());
                line.put("duration_ms", Double.isNaN(e.durationMs()) ? null : e.durationMs());
                line.put("heap_before", e.heapBefore() >= 0 ? e.heapBefore() : null);
                line.put("heap_after", e.heapAfter() >= 0 ? e.heapAfter() : null);
                line.put("heap_committed", e.heapCommitted() >= 0 ? e.heapCommitted() : null);
                flat.append(line);
                i++;
            }
        } catch (IOException e) {
            throw new BrinkUserException(dir + ": cannot write the GC series: " + e.getMessage());
        }
    }
}
