package dev.brink.core.event;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import java.util.List;

/**
 * The {@link EventType#LOAD_OPEN} event: a load engine opened on the target. Written by the load engine (or, for brink
 * run --shards, the coordinator's engine), read by the report (the operations it charts) and brink merge (shards must
 * have loaded the same target with the same operations).
 *
 * @param target         the target's address
 * @param transport      the engine's socket transport ("epoll", "nio"); null for a coordinator
 * @param http           the HTTP wire ("http/1.1", "h2", "h2c"); null for gRPC, raw TCP and a coordinator
 * @param maxConnections the engine's connection limit; null for a coordinator
 * @param workers        brink run --shards: the workers the coordinator drives; null elsewhere
 * @param operations     the plan's operations, in plan order
 */
public record LoadOpen(String target, String transport, String http, @JsonProperty("max_connections") Integer maxConnections,
                       Integer workers, List<String> operations) implements Event {
    public LoadOpen {
        operations = operations == null ? List.of() : List.copyOf(operations);
    }

    /** An events.jsonl line of type {@link EventType#LOAD_OPEN} as the record (the common keys left aside). */
    public static LoadOpen read(JsonNode event) {
        return Json.MAPPER.convertValue(event, LoadOpen.class);
    }
}
