package dev.brink.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;

/**
 * The {@link EventType#PHASE_END} event: a phase of the method ended, with its result. Written by brink-method's phases,
 * read by the report's timeline and by the summary rebuilt from a killed run's events.
 *
 * @param phase  the phase
 * @param result the phase's summary.json record (CapacityResult, ConfirmResult, StagesResult, SoakResult), as written;
 *               its reader reads it as the record its phase has
 */
public record PhaseEnd(MethodPhase phase, JsonNode result) implements Event {
    /** The end of {@code phase} with {@code result}, a summary.json record. */
    public static PhaseEnd of(MethodPhase phase, Object result) {
        return new PhaseEnd(phase, Json.MAPPER.valueToTree(result));
    }

    /** An events.jsonl line of type {@link EventType#PHASE_END} as the record (the common keys left aside). */
    public static PhaseEnd read(JsonNode event) {
        return Json.MAPPER.convertValue(event, PhaseEnd.class);
    }
}
