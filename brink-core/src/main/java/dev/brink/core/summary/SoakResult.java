package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.verdict.JsonWord;
import dev.brink.core.verdict.SoakVerdictKind;

/**
 * The soak: a multiplier of the profile held for a long time, and the heap-after-GC trend over it.
 *
 * @param multiplier     the multiplier held
 * @param rps            the profile's rate at that multiplier
 * @param holdS          seconds held (shorter than planned when the target died or the run was cut short)
 * @param smallHeap      the -Xmx the target was relaunched with for the soak ("64m"), null when not
 * @param slopeMbPerHour least-squares slope of heap after GC, MB per hour
 * @param r2             fit of that line, 0..1
 * @param verdict        stable, leak, died (the target died, e.g. of OutOfMemoryError) or unknown (too
 *                       few collections to judge)
 * @param reason         one line with the numbers behind the verdict
 * @param trend          the fitted line, for charts; null when no line was fitted
 * @param multiplierReason why the soak ran at this multiplier (the plan's value, against the capacity the run
 *                       found), printed beside it everywhere; null in runs that did not record it
 * @param heapGrowth     the heap dump after the warm-up and the one at the end (or at OutOfMemoryError) compared
 *                       holder by holder, when both were taken and compared; else null
 * @param measured       what the soak's load was and achieved (users in a closed model, which has no target rate: its
 *                       {@code rps} is then what the users achieved); null in runs that did not record it
 */
public record SoakResult(double multiplier, double rps, @JsonProperty("hold_s") double holdS,
                         @JsonProperty("small_heap") String smallHeap,
                         @JsonProperty("heap_after_gc_slope_mb_per_h") double slopeMbPerHour, double r2,
                         SoakVerdictKind verdict, String reason, HeapTrendLine trend,
                         @JsonProperty("multiplier_reason") String multiplierReason,
                         @JsonProperty("heap_growth") HeapGrowth heapGrowth, HeldLoad measured) {
    @JsonCreator
    public SoakResult {
    }

    /** Without what its load measured (runs before it was recorded). */
    public SoakResult(double multiplier, double rps, double holdS, String smallHeap, double slopeMbPerHour, double r2,
                      SoakVerdictKind verdict, String reason, HeapTrendLine trend, String multiplierReason, HeapGrowth heapGrowth) {
        this(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, multiplierReason, heapGrowth, null);
    }

    /** Without a heap-dump comparison (runs before it, soaks without two dumps). */
    public SoakResult(double multiplier, double rps, double holdS, String smallHeap, double slopeMbPerHour, double r2,
                      SoakVerdictKind verdict, String reason, HeapTrendLine trend, String multiplierReason) {
        this(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, multiplierReason, null);
    }

    /** Without why it ran at its multiplier (runs that did not record it). */
    public SoakResult(double multiplier, double rps, double holdS, String smallHeap, double slopeMbPerHour, double r2,
                      SoakVerdictKind verdict, String reason, HeapTrendLine trend) {
        this(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, null);
    }

    /** With the verdict as its summary.json word. */
    public SoakResult(double multiplier, double rps, double holdS, String smallHeap, double slopeMbPerHour, double r2,
                      String verdict, String reason, HeapTrendLine trend) {
        this(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, JsonWord.parse(SoakVerdictKind.class, verdict), reason, trend, null);
    }

    /** The same soak with why it ran at its multiplier. */
    public SoakResult withMultiplierReason(String why) {
        return new SoakResult(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, why, heapGrowth, measured);
    }

    /** The same soak with its two heap dumps compared. */
    public SoakResult withHeapGrowth(HeapGrowth growth) {
        return new SoakResult(multiplier, rps, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, multiplierReason, growth, measured);
    }

    /**
     * The same soak with what its load measured. In a closed model (users) {@code rps} becomes what the users achieved:
     * such a load has no target rate, and the plan's weights are not one.
     */
    public SoakResult withMeasured(HeldLoad load) {
        double r = load != null && load.users() > 0 ? load.achievedRps() : rps;
        return new SoakResult(multiplier, r, holdS, smallHeap, slopeMbPerHour, r2, verdict, reason, trend, multiplierReason, heapGrowth, load);
    }

    /**
     * The fitted heap-after-GC floor as a segment on the run's time axis.
     *
     * @param fromEpochMs where the fit starts (after the soak's warm-up)
     * @param toEpochMs   where it ends
     * @param startBytes  the fitted floor at the start
     * @param endBytes    the fitted floor at the end
     */
    public record HeapTrendLine(@JsonProperty("from_epoch_ms") long fromEpochMs, @JsonProperty("to_epoch_ms") long toEpochMs,
                                @JsonProperty("start_bytes") long startBytes, @JsonProperty("end_bytes") long endBytes) {
    }
}
