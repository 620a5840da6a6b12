package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finding's {@code detail} as a typed value: one record per finding kind, written to summary.json and events.jsonl
 * through Jackson ({@link #map}) and read back through it ({@link #read}). A record's components are the kind's keys
 * (snake_case on the wire, as {@link dev.brink.core.FindingDetail} names them), its enums the only words a key may
 * hold, its compact constructor the ranges a value may take; {@link dev.brink.core.ContractCheck} holds a run
 * directory's findings to them. A key a record has no value for is left out (null), as before.
 *
 * <p>Kinds whose detail is not a record yet are still the {@code Map<String, Object>} of {@link dev.brink.core.Finding},
 * their keys checked by name only ({@link #TYPES} lists the typed ones).
 */
public sealed interface Detail permits DeadlockDetail, GeneratorBoundDetail, HostSaturatedDetail, LeakSuspectDetail,
        LongPauseDetail, PoolStarvationDetail, PortExhaustionDetail, ShardIncompleteDetail, TargetDiedDetail {

    /** The record type of each kind whose detail is typed. */
    Map<FindingKind, Class<? extends Detail>> TYPES = Map.of(
            FindingKind.DEADLOCK, DeadlockDetail.class,
            FindingKind.GENERATOR_BOUND, GeneratorBoundDetail.class,
            FindingKind.HOST_SATURATED, HostSaturatedDetail.class,
            FindingKind.LEAK_SUSPECT, LeakSuspectDetail.class,
            FindingKind.LONG_PAUSE, LongPauseDetail.class,
            FindingKind.POOL_STARVATION, PoolStarvationDetail.class,
            FindingKind.PORT_EXHAUSTION, PortExhaustionDetail.class,
            FindingKind.SHARD_INCOMPLETE, ShardIncompleteDetail.class,
            FindingKind.TARGET_DIED, TargetDiedDetail.class);

    /** The detail map a {@link dev.brink.core.Finding} carries: the record as Jackson writes it, absent values left out. */
    static Map<String, Object> map(Detail d) {
        return Json.MAPPER.convertValue(d, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    /** A finding's detail (a map, or a summary.json node) as the record of {@code type}. */
    static <T extends Detail> T read(Object detail, Class<T> type) {
        return Json.MAPPER.convertValue(detail, type);
    }

    /** The keys of a record type as they are written: its components' names in snake_case, in order. */
    static List<String> keys(Class<? extends Detail> type) {
        List<String> out = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
            out.add(named != null ? named.value() : snake(c.getName()));
        }
        return out;
    }

    /** Jackson's own snake_case, the one {@code @JsonNaming} on each record applies. */
    private static String snake(String camel) {
        return new PropertyNamingStrategies.SnakeCaseStrategy().translate(camel);
    }
}
