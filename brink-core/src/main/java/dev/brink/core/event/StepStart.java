package dev.brink.core.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;

/**
 * The {@link EventType#STEP_START} event: a load step begins. Written by the load engine (and summed over the shards by
 * brink merge), read by everything that cuts a run by its steps (the report's timeline, the summary rebuilt from events,
 * brink compare, the JFR step windows).
 *
 * @param step      the step's name ("capacity-x8", "confirm-hold")
 * @param durationS how long it is to run, s
 * @param targetRps the rate it aims at (0 for a closed model, which has none)
 * @param workload  the step's workload as the load engine's typed record writes it: {@code {"model": "closed", "users":
 *                  16, "think_ms": 0}} or {@code {"model": "open", "from": 2, "to": 2}}
 * @param workers   brink run --shards: the workers the coordinator ran the step on; null elsewhere
 */
public record StepStart(String step, @JsonProperty("duration_s") double durationS, @JsonProperty("target_rps") double targetRps,
                        JsonNode workload, Integer workers) implements Event {
    /** An events.jsonl line of type {@link EventType#STEP_START} as the record (the common keys left aside). */
    public static StepStart read(JsonNode event) {
        return Json.MAPPER.convertValue(event, StepStart.class);
    }

    /** A closed model's virtual users; 0 for an open model. */
    public int users() {
        return workload == null ? 0 : workload.path("users").asInt();
    }

    /** The same step aiming at {@code rps} (brink merge: the shards' rates summed). */
    public StepStart withTargetRps(double rps) {
        return new StepStart(step, durationS, rps, workload, workers);
    }

    /** The same step, run on {@code n} workers (brink run --shards). */
    public StepStart onWorkers(int n) {
        return new StepStart(step, durationS, targetRps, workload, n);
    }
}
