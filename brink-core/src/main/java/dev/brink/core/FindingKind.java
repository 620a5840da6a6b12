package dev.brink.core;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The kinds of finding in summary.json (DESIGN.md schema); the JSON name is the lower-case, dashed form. */
public enum FindingKind {
    /** Memory that grew between two heap dumps or in the heap-after-GC trend: the only kind that says "leak". */
    MEMORY_LEAK,
    /**
     * A structure that retains much of one heap dump. Size alone cannot tell a cache from a leak, so this is never a
     * verdict: a second dump ({@code brink heap diff}) or a soak decides.
     */
    LEAK_SUSPECT,
    LOCK_CONTENTION, HOT_METHOD, BUSY_THREAD, GC_PRESSURE, HEAP_TOO_SMALL, LONG_PAUSE,
    DEADLOCK, GENERATOR_BOUND, PORT_EXHAUSTION, TARGET_DIED, ALLOCATION_HOTSPOT,
    /** Class metadata that does not fit: metaspace full or growing, OutOfMemoryError: Metaspace (brink-gc, brink-jfr). */
    METASPACE,
    /**
     * Threads that cannot go on because a pool has nothing to give: a thread pool whose workers all wait on results
     * of its own queue, or threads queued to borrow from a connection pool, object pool or Semaphore (brink-threads).
     */
    POOL_STARVATION,
    /** Throwables created at a rate that costs CPU, with the type and where the application throws it (brink-jfr). */
    EXCEPTIONS,
    /** Other processes saturated the machine during a step: that step measured the machine, not the service. */
    HOST_SATURATED,
    /** A shard of a merged run ended before its load did (its process died): the merged numbers lack its later part. */
    SHARD_INCOMPLETE;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
