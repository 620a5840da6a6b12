package dev.brink.core.event;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.UserText;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An events.jsonl line after its common keys (time, epoch_ms, type), as a record: its writers build it and append its
 * {@link #fields()}, its readers read the line back as the record ({@link #read}), never a key by name. {@link #TYPES}
 * holds the record of each event type that has one, so {@link dev.brink.core.ContractCheck} can hold a line's values to it.
 */
public interface Event {
    /** The record of each event type (a {@link EventType} word); {@code finding} is its detail's (dev.brink.core.detail). */
    Map<String, Class<? extends Record>> TYPES = Map.ofEntries(
            Map.entry(EventType.PHASE_START, PhaseStart.class),
            Map.entry(EventType.PHASE_END, PhaseEnd.class),
            Map.entry(EventType.PHASE_SKIPPED, PhaseSkipped.class),
            Map.entry(EventType.LOAD_OPEN, LoadOpen.class),
            Map.entry(EventType.LOAD_CLOSE, LoadClose.class),
            Map.entry(EventType.STEP_START, StepStart.class),
            Map.entry(EventType.STEP_END, StepEnd.class),
            Map.entry(EventType.TLS, TlsEvent.class),
            Map.entry(EventType.GENERATOR_BOUND, GeneratorBound.class),
            Map.entry(EventType.STEP_RETRY, StepRetry.class),
            Map.entry(EventType.STEP_VERDICT, StepVerdictEvent.class),
            Map.entry(EventType.EVIDENCE, EvidenceEvent.class),
            Map.entry(EventType.EVIDENCE_STARTED, EvidenceStarted.class),
            Map.entry(EventType.TARGET_DIED, TargetDied.class),
            Map.entry(EventType.TARGET_RELAUNCHED, TargetRelaunched.class),
            Map.entry(EventType.SMALL_HEAP_SKIPPED, SmallHeapSkipped.class),
            Map.entry(EventType.RULES, RulesEvent.class),
            Map.entry(EventType.CAPACITY_REPEATS, CapacityRepeatsEvent.class),
            Map.entry(EventType.SHARD, ShardEvent.class),
            Map.entry(EventType.SHARDS_MERGED, ShardsMerged.class),
            Map.entry(EventType.RUN_END, RunEnd.class));

    /** The event's fields after the common keys, in the record's order; absent (null) values left out. */
    default Map<String, Object> fields() {
        return Json.MAPPER.convertValue(this, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    /** An events.jsonl line as the record {@code type} (the common keys left aside). */
    static <T extends Event> T read(JsonNode event, Class<T> type) {
        return Json.MAPPER.convertValue(event, type);
    }

    /**
     * The same, or a user error naming the line ({@code where}, "events.jsonl:12") when its values are not the record's:
     * for readers that need the event. Jackson reports a wrong value, and the record's own range checks, as an
     * IllegalArgumentException from convertValue, which is not the user's to see as a stack trace.
     */
    static <T extends Event> T read(JsonNode event, Class<T> type, String where) throws BrinkUserException {
        try {
            return read(event, type);
        } catch (IllegalArgumentException e) {
            Throwable c = e.getCause();
            // the record's own check says it best ("error_rate: expected a share from 0 to 1, got 3.0"); else Jackson's
            // message without its "at [Source: …]" line
            String why = c != null && c.getCause() instanceof IllegalArgumentException own ? own.getMessage()
                    : c instanceof JsonMappingException j ? key(j) + j.getOriginalMessage() : e.getMessage();
            throw new BrinkUserException(where + ": expected a " + UserText.quote(event.path("type").asText()) + " event ("
                    + UserText.oneLine(why) + ")");
        }
    }

    /** "target_rps: " for the key whose value Jackson could not read, or "" when it names none. */
    private static String key(JsonMappingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) sb.append(sb.length() == 0 ? "" : ".").append(r.getFieldName());
        }
        return sb.length() == 0 ? "" : sb + ": ";
    }

    /**
     * The same, or null when the line's values are not the record's (a word not of its enum, a text for a number): for
     * readers of damaged or hand-made files, which leave such a line out rather than fail on it.
     */
    static <T extends Event> T readIfValid(JsonNode event, Class<T> type) {
        try {
            return read(event, type);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
