package dev.brink.core.evidence;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * One line of {@code gc.jsonl}: a garbage collection the observer saw through the JVM's GC notifications.
 * Part of the run-directory contract: written by brink-jvm, read by brink-gc (the same analysis as a
 * GC log) and by the report. Sizes are bytes, times milliseconds.
 *
 * @param epochMs    wall-clock start of the collection (JVM start time + startMs), the run's time axis
 * @param startMs    start, in milliseconds of target JVM uptime
 * @param collector  the GarbageCollectorMXBean name ("G1 Young Generation", "PS MarkSweep", …)
 * @param action     the JVM's words ("end of minor GC", "end of major GC")
 * @param cause      the JVM's cause ("G1 Evacuation Pause", "Allocation Failure", "System.gc()")
 * @param durationMs the collection's duration as the notification reports it
 * @param before     used bytes per memory pool before the collection
 * @param after      used bytes per memory pool after the collection
 * @param committedAfter committed bytes per memory pool after the collection
 * @param failures   what the collection failed to do, when the source says it: a JFR recording (its
 *                   jdk.EvacuationFailed, jdk.PromotionFailed, jdk.ConcurrentModeFailure events) and a series Brink wrote
 *                   from a log do; the observer's GC notifications never do (GarbageCollectionNotificationInfo has no
 *                   such field), so their lines leave it empty. Written only when not empty: a line without it, as every
 *                   older run's, reads as no failure.
 * @param gcId       the JVM's GC number, when the source gives it: a JFR recording's gcId, which groups a concurrent
 *                   cycle's events as a log's "GC(12)" does (G1's mark cycle, one ZGC collection); the observer's
 *                   notifications have their own count, not the JVM's id, so their lines leave it out. Written only
 *                   when known: a line without it, as every older run's, reads as null.
 */
public record GcEventLine(@JsonProperty("epoch_ms") long epochMs, @JsonProperty("start_ms") long startMs,
                          String collector, String action, String cause,
                          @JsonProperty("duration_ms") double durationMs,
                          Map<String, Long> before, Map<String, Long> after,
                          @JsonProperty("committed_after") Map<String, Long> committedAfter,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) Set<GcFailure> failures,
                          @JsonProperty("gc_id") @JsonInclude(JsonInclude.Include.NON_NULL) Long gcId) {
    public GcEventLine {
        before = before == null ? Map.of() : Map.copyOf(before);
        after = after == null ? Map.of() : Map.copyOf(after);
        committedAfter = committedAfter == null ? Map.of() : Map.copyOf(committedAfter);
        failures = ordered(failures);
    }

    /** A line without failures: every line the observer writes. */
    public GcEventLine(long epochMs, long startMs, String collector, String action, String cause, double durationMs,
                       Map<String, Long> before, Map<String, Long> after, Map<String, Long> committedAfter) {
        this(epochMs, startMs, collector, action, cause, durationMs, before, after, committedAfter, Set.of());
    }

    /** A line without the JVM's GC id: the observer's, and a series Brink writes from a log. */
    public GcEventLine(long epochMs, long startMs, String collector, String action, String cause, double durationMs,
                       Map<String, Long> before, Map<String, Long> after, Map<String, Long> committedAfter,
                       Set<GcFailure> failures) {
        this(epochMs, startMs, collector, action, cause, durationMs, before, after, committedAfter, failures, null);
    }

    /** In declaration order, so a line is written the same way each time. */
    private static Set<GcFailure> ordered(Collection<GcFailure> failures) {
        if (failures == null || failures.isEmpty()) {
            return Set.of();
        }
        return Collections.unmodifiableSet(EnumSet.copyOf(failures));
    }

    /** Total used heap bytes before (sum over the pools given). */
    public long usedBefore() {
        return before.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Total used heap bytes after (sum over the pools given). */
    public long usedAfter() {
        return after.values().stream().mapToLong(Long::longValue).sum();
    }
}
