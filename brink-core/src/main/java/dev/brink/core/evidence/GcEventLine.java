package dev.brink.core.evidence;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

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
 */
public record GcEventLine(@JsonProperty("epoch_ms") long epochMs, @JsonProperty("start_ms") long startMs,
                          String collector, String action, String cause,
                          @JsonProperty("duration_ms") double durationMs,
                          Map<String, Long> before, Map<String, Long> after,
                          @JsonProperty("committed_after") Map<String, Long> committedAfter) {
    public GcEventLine {
        before = before == null ? Map.of() : Map.copyOf(before);
        after = after == null ? Map.of() : Map.copyOf(after);
        committedAfter = committedAfter == null ? Map.of() : Map.copyOf(committedAfter);
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
