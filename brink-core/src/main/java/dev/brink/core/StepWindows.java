package dev.brink.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * When each load step ran, from events.jsonl's {@code step-start} and {@code step-end}: the contract's time axis for
 * cutting a JFR recording, jvm.jsonl or latency.hlog by step. A step measured twice (a host-saturated or
 * generator-bound step is measured once more) keeps its last measurement, as the capacity search does, and remembers
 * when its first began.
 */
public final class StepWindows {
    /**
     * One step's window in epoch ms.
     *
     * @param startMs      the last measurement's start
     * @param endMs        its end, -1 when the step never ended (a killed run)
     * @param firstStartMs the first measurement's start
     */
    public record Window(long startMs, long endMs, long firstStartMs) {
        public boolean ended() {
            return endMs >= 0;
        }

        /** Seconds the last measurement lasted; NaN when it never ended. */
        public double seconds() {
            return ended() ? (endMs - startMs) / 1000.0 : Double.NaN;
        }
    }

    private StepWindows() {
    }

    /** Every step's window, by its name ("capacity-x8", "confirm-hold"). */
    public static Map<String, Window> of(List<JsonNode> events) {
        Map<String, Window> out = new HashMap<>();
        for (JsonNode n : events) {
            String type = n.path("type").asText();
            long at = n.path("epoch_ms").asLong();
            if (type.equals(EventType.STEP_START)) {
                String step = StepStart.read(n).step();
                Window before = out.get(step);
                out.put(step, new Window(at, -1, before == null ? at : before.firstStartMs()));
            } else if (type.equals(EventType.STEP_END)) {
                String step = StepEnd.read(n).step();
                Window w = out.get(step);
                if (w != null) out.put(step, new Window(w.startMs(), at, w.firstStartMs()));
            }
        }
        return out;
    }
}
