package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code heap-too-small} (brink-gc): a live set that fills most of the heap ({@link #liveSet}), or an old generation with
 * less room than the old objects need ({@link #oldGeneration}: -Xmn near -Xmx, or G1's young list pinned). Sizes in bytes.
 *
 * @param liveSetBytes       the median heap after a full GC
 * @param promotedBytesPerS  what young collections promoted a second; null when unknown
 * @param count              G1: collections short of room (evacuation failures, full GCs, collections before eden was full)
 * @param flags              the JVM options to try
 * @param note               what else the log shows that changes the advice (the heap after GC rising)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HeapTooSmallDetail(Long liveSetBytes, Long maxHeapBytes, Long oldGenBytes, Long youngGenBytes, Long heapBytes,
                                 Long promotedBytesPerS, int fullGcs, Double fullGcsPerS, Integer count, Double gcTimeShare,
                                 String flags, String reason, String note) implements Detail {
    public HeapTooSmallDetail {
        for (Long b : new Long[] {liveSetBytes, maxHeapBytes, oldGenBytes, youngGenBytes, heapBytes, promotedBytesPerS}) {
            Ranges.atLeastZero("a size in bytes", b);
        }
        Ranges.atLeastZero("full_gcs", fullGcs);
        Ranges.atLeastZero("full_gcs_per_s", fullGcsPerS);
        Ranges.atLeastZero("count", count);
        Ranges.share("gc_time_share", gcTimeShare);
    }

    /** The live set against the maximum heap, with the full GCs and GC's share of the time; {@code note} may be null. */
    public static HeapTooSmallDetail liveSet(long liveSetBytes, long maxHeapBytes, int fullGcs, double gcTimeShare, String flags,
                                             String reason, String note) {
        return new HeapTooSmallDetail(liveSetBytes, maxHeapBytes, null, null, null, null, fullGcs, null, null, gcTimeShare, flags,
                reason, note);
    }

    /**
     * The old generation's room beside the young one in a heap of {@code heapBytes}; {@code promotedBytesPerS} and
     * {@code count} null where the rule does not know them.
     */
    public static HeapTooSmallDetail oldGeneration(long oldGenBytes, long youngGenBytes, long heapBytes, Long promotedBytesPerS,
                                                   int fullGcs, double fullGcsPerS, Integer count, String flags, String reason) {
        return new HeapTooSmallDetail(null, null, oldGenBytes, youngGenBytes, heapBytes, promotedBytesPerS, fullGcs, fullGcsPerS, count,
                null, flags, reason, null);
    }
}
