package dev.brink.core.event;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import java.util.List;

/**
 * The {@link EventType#GENERATOR_BOUND} event: a second in which the load generator fell behind its schedule. Written
 * by the load engine (at most once a second, beside its generator.jsonl line), read by brink merge, which copies each
 * shard's with the shard named.
 *
 * @param step    the step the second belongs to
 * @param reasons why, in words (generator.jsonl's reasons of that second)
 * @param shard   brink merge: the shard ("2/4") whose generator it was; null elsewhere
 */
public record GeneratorBound(String step, List<String> reasons, String shard) implements Event {
    public GeneratorBound {
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
    }

    /** A second of {@code step} the generator fell behind in, for {@code reasons}. */
    public GeneratorBound(String step, List<String> reasons) {
        this(step, reasons, null);
    }

    /** The same second, named as shard {@code shard}'s (brink merge). */
    public GeneratorBound ofShard(String shard) {
        return new GeneratorBound(step, reasons, shard);
    }

    /** An events.jsonl line of type {@link EventType#GENERATOR_BOUND} as the record (the common keys left aside). */
    public static GeneratorBound read(JsonNode event) {
        return Json.MAPPER.convertValue(event, GeneratorBound.class);
    }
}
