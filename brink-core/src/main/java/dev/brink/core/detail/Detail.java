package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import java.lang.reflect.ParameterizedType;
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
 * <p>A {@link dev.brink.core.Finding} carries its detail as the map Jackson makes of the record ({@link #map}); readers
 * turn it back into the record ({@link #read}, {@link #of}) and never look a key up by its name.
 */
public sealed interface Detail permits AllocationHotspotDetail, BusyThreadDetail, DeadlockDetail, ExceptionsDetail,
        GcPressureDetail, GeneratorBoundDetail, HeapTooSmallDetail, HostSaturatedDetail, HotMethodDetail, LeakSuspectDetail,
        LockContentionDetail, LongPauseDetail, MemoryLeakDetail, MetaspaceDetail, PoolStarvationDetail, PortExhaustionDetail,
        ShardIncompleteDetail, TargetDiedDetail {

    /** The record type of each kind's detail: every kind has one. */
    Map<FindingKind, Class<? extends Detail>> TYPES = Map.ofEntries(
            Map.entry(FindingKind.ALLOCATION_HOTSPOT, AllocationHotspotDetail.class),
            Map.entry(FindingKind.BUSY_THREAD, BusyThreadDetail.class),
            Map.entry(FindingKind.DEADLOCK, DeadlockDetail.class),
            Map.entry(FindingKind.EXCEPTIONS, ExceptionsDetail.class),
            Map.entry(FindingKind.GC_PRESSURE, GcPressureDetail.class),
            Map.entry(FindingKind.GENERATOR_BOUND, GeneratorBoundDetail.class),
            Map.entry(FindingKind.HEAP_TOO_SMALL, HeapTooSmallDetail.class),
            Map.entry(FindingKind.HOST_SATURATED, HostSaturatedDetail.class),
            Map.entry(FindingKind.HOT_METHOD, HotMethodDetail.class),
            Map.entry(FindingKind.LEAK_SUSPECT, LeakSuspectDetail.class),
            Map.entry(FindingKind.LOCK_CONTENTION, LockContentionDetail.class),
            Map.entry(FindingKind.LONG_PAUSE, LongPauseDetail.class),
            Map.entry(FindingKind.MEMORY_LEAK, MemoryLeakDetail.class),
            Map.entry(FindingKind.METASPACE, MetaspaceDetail.class),
            Map.entry(FindingKind.POOL_STARVATION, PoolStarvationDetail.class),
            Map.entry(FindingKind.PORT_EXHAUSTION, PortExhaustionDetail.class),
            Map.entry(FindingKind.SHARD_INCOMPLETE, ShardIncompleteDetail.class),
            Map.entry(FindingKind.TARGET_DIED, TargetDiedDetail.class));

    /** The detail map a {@link dev.brink.core.Finding} carries: the record as Jackson writes it, absent values left out. */
    static Map<String, Object> map(Detail d) {
        return Json.MAPPER.convertValue(d, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    /** A finding's detail (a map, or a summary.json node) as the record of {@code type}. */
    static <T extends Detail> T read(Object detail, Class<T> type) {
        return Json.MAPPER.convertValue(detail, type);
    }

    /** A finding's detail as the record of its kind. */
    static Detail of(Finding f) {
        return read(f.detail(), TYPES.get(f.kind()));
    }

    /** A finding's detail as the record of its kind, which must be {@code type}. */
    static <T extends Detail> T of(Finding f, Class<T> type) {
        if (TYPES.get(f.kind()) != type) throw new IllegalArgumentException(f.kind().jsonName() + " has no " + type.getSimpleName());
        return read(f.detail(), type);
    }

    /**
     * The keys of a record type as they are written: its components' names in snake_case, in order. A detail's record,
     * or the record of one of its rows ({@link #rows}).
     */
    static List<String> keys(Class<?> type) {
        if (!type.isRecord()) throw new IllegalArgumentException(type + " is not a record");
        List<String> out = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            out.add(key(c));
        }
        return out;
    }

    /**
     * The keys of {@code type} that hold a list of rows, each row a record of its own (a deadlock's cycle members, a
     * busy thread's thread rows): key → the row's record. Their keys are the contract too, one level down.
     */
    static Map<String, Class<? extends Record>> rows(Class<?> type) {
        Map<String, Class<? extends Record>> out = new LinkedHashMap<>();
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getGenericType() instanceof ParameterizedType list && List.class.equals(list.getRawType())
                    && list.getActualTypeArguments()[0] instanceof Class<?> row && row.isRecord()) {
                out.put(key(c), row.asSubclass(Record.class));
            }
        }
        return out;
    }

    private static String key(RecordComponent c) {
        JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
        return named != null ? named.value() : snake(c.getName());
    }

    /** Jackson's own snake_case, the one {@code @JsonNaming} on each record applies. */
    private static String snake(String camel) {
        return new PropertyNamingStrategies.SnakeCaseStrategy().translate(camel);
    }
}
