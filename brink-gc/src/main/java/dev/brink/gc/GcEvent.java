package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One collection (or one concurrent phase, or one allocation stall) as a log or the observer reported it.
 *
 * @param uptimeSec     start in seconds of JVM uptime; NaN when the log has no uptime
 * @param epochMs       wall-clock start in ms since the epoch; -1 when the log has no date
 * @param gcId          the JVM's GC number, -1 when not logged
 * @param kind          young, mixed, full, … (see {@link GcKind})
 * @param name          the log's own words ("Pause Young (Normal) (G1 Evacuation Pause)")
 * @param cause         the cause in parentheses ("Allocation Failure"); "" when none
 * @param durationMs    pause (or phase) duration in milliseconds; NaN when not logged
 * @param heapBefore    used heap bytes before; -1 when not logged
 * @param heapAfter     used heap bytes after; -1 when not logged
 * @param heapCommitted committed heap bytes after; -1 when not logged
 * @param metaspaceBefore used metaspace (or perm gen) bytes before; -1 when not logged
 * @param metaspaceAfter used metaspace (or perm gen) bytes after; -1 when not logged
 * @param generations   per generation / region type, as logged
 * @param flags         trouble the collection reported
 * @param source        "file:line" of the line that completed the event
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record GcEvent(@JsonProperty("uptime_s") double uptimeSec, @JsonProperty("epoch_ms") long epochMs,
                      @JsonProperty("gc_id") long gcId, GcKind kind, String name, String cause,
                      @JsonProperty("duration_ms") double durationMs,
                      @JsonProperty("heap_before") long heapBefore, @JsonProperty("heap_after") long heapAfter,
                      @JsonProperty("heap_committed") long heapCommitted,
                      @JsonProperty("metaspace_before") long metaspaceBefore,
                      @JsonProperty("metaspace_after") long metaspaceAfter,
                      List<Generation> generations, Set<GcFlag> flags, String source) {
    public GcEvent {
        Objects.requireNonNull(kind, "kind");
        name = name == null ? "" : name;
        cause = cause == null ? "" : cause;
        generations = generations == null ? List.of() : List.copyOf(generations);
        flags = flags == null ? Set.of() : Set.copyOf(flags);
        source = source == null ? "" : source;
    }

    /** The generation with this name, or null. */
    public Generation generation(String genName) {
        for (Generation g : generations) {
            if (g.name().equals(genName)) {
                return g;
            }
        }
        return null;
    }
}
