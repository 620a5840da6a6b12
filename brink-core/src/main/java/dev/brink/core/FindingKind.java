package dev.brink.core;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The kinds of finding in summary.json (DESIGN.md schema); the JSON name is the lower-case, dashed form. */
public enum FindingKind {
    MEMORY_LEAK, LOCK_CONTENTION, HOT_METHOD, BUSY_THREAD, GC_PRESSURE, HEAP_TOO_SMALL, LONG_PAUSE,
    DEADLOCK, GENERATOR_BOUND, PORT_EXHAUSTION, TARGET_DIED, ALLOCATION_HOTSPOT,
    /** Other processes saturated the machine during a step: that step measured the machine, not the service. */
    HOST_SATURATED,
    /** A shard of a merged run ended before its load did (its process died): the merged numbers lack its later part. */
    SHARD_INCOMPLETE;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
