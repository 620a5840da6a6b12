package dev.brink.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;

/**
 * The {@link EventType#PHASE_START} event: a phase of the method begins. Written by brink-method's phases, read by the
 * report's timeline.
 *
 * @param phase      the phase
 * @param multiplier the load multiplier the phase holds (confirm, soak); null for the others
 */
public record PhaseStart(MethodPhase phase, Double multiplier) implements Event {
    /** An events.jsonl line of type {@link EventType#PHASE_START} as the record (the common keys left aside). */
    public static PhaseStart read(JsonNode event) {
        return Json.MAPPER.convertValue(event, PhaseStart.class);
    }
}
