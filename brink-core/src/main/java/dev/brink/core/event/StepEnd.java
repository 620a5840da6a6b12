package dev.brink.core.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.detail.Ranges;
import java.util.List;

/**
 * The {@link EventType#STEP_END} event: a load step ended, with what it achieved (the load engine's, a coordinator's
 * merged step, or brink merge's sum over the shards).
 *
 * @param step             the step's name, as its {@link StepStart} gave it
 * @param endedEarlyS      seconds it ran when it ended before its duration (the target died); null when it ran out
 * @param errorRate        failed requests over all, 0..1
 * @param dropped          sends the generator could not make in time
 * @param generatorBound   the generator could not keep the step's schedule
 * @param generatorReasons why, in words
 * @param shards           brink merge: the shards ("1/2") that ran the step; null elsewhere
 */
public record StepEnd(String step, @JsonProperty("ended_early_s") Double endedEarlyS, @JsonProperty("achieved_rps") double achievedRps,
                      @JsonProperty("error_rate") double errorRate, long dropped, @JsonProperty("generator_bound") boolean generatorBound,
                      @JsonProperty("generator_reasons") List<String> generatorReasons, List<String> shards) implements Event {
    public StepEnd {
        generatorReasons = generatorReasons == null ? List.of() : List.copyOf(generatorReasons);
        shards = shards == null ? null : List.copyOf(shards);
        Ranges.atLeastZero("dropped", dropped);
        Ranges.atLeastZero("ended_early_s", endedEarlyS);
        Ranges.share("error_rate", errorRate);
    }

    /** An events.jsonl line of type {@link EventType#STEP_END} as the record (the common keys left aside). */
    public static StepEnd read(JsonNode event) {
        return Json.MAPPER.convertValue(event, StepEnd.class);
    }
}
