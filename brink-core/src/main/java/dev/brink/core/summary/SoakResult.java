package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The soak: the profile held for a long time, and the heap-after-GC trend over it.
 *
 * @param slopeMbPerHour least-squares slope of heap after GC, MB per hour
 * @param r2             fit of that line, 0..1
 * @param verdict        stable, leak, or died (the target died, e.g. of OutOfMemoryError)
 */
public record SoakResult(double rps, @JsonProperty("hold_s") double holdS,
                         @JsonProperty("heap_after_gc_slope_mb_per_h") double slopeMbPerHour, double r2,
                         String verdict) {
}
