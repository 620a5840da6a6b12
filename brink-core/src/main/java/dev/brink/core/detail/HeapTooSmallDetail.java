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
 * @param concurrentShare    share of the time a concurrent whole-heap cycle (G1's marking, a ZGC cycle) was running, for
 *                           a live set that leaves a concurrent collector no headroom; null otherwise
 * @param stallShare         allocation stalls summed over threads, as a share of the time (ZGC), for the same; null
 *                           otherwise
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HeapTooSmallDetail(Long liveSetBytes, Long maxHeapBytes, Long oldGenBytes, Long youngGenBytes, Long heapBytes,
                                 Long promotedBytesPerS, int fullGcs, Double fullGcsPerS, Integer count, Double gcTimeShare,
                                 String flags, String reason, String note, Double concurrentShare, Double stallShare)
        implements Detail {
    public HeapTooSmallDetail {
        for (Long b : new Long[] {liveSetBytes, maxHeapBytes, oldGenBytes, youngGenBytes, heapBytes, promotedBytesPerS}) {
            Ranges.atLeastZero("a size in bytes", b);
        }
        Ranges.atLeastZero("full_gcs", fullGcs);
        Ranges.atLeastZero("full_gcs_per_s", fullGcsPerS);
        Ranges.atLeastZero("count", count);
        Ranges.share("gc_time_share", gcTimeShare);
        Ranges.share("concurrent_share", concurrentShare);
        Ranges.atLeastZero("stall_share", stallShare);
    }

    /** The live set against the maximum heap, with the full GCs and GC's share of the time; {@code note} may be null. */
    public static HeapTooSmallDetail liveSet(long liveSetBytes, long maxHeapBytes, int fullGcs, double gcTimeShare, String flags,
                                             String reason, String note) {
        return new HeapTooSmallDetail(liveSetBytes, maxHeapBytes, null, null, null, null, fullGcs, null, null, gcTimeShare, flags,
                reason, note, null, null);
    }

    /**
     * A level live set that leaves a concurrent collector (G1, ZGC) no headroom, with too few full GCs to tell (none,
     * or one or two after evacuation failures): what the collector paid for it instead, the share of the time its
     * cycles ran and the threads' allocation stalls.
     */
    public static HeapTooSmallDetail noHeadroom(long liveSetBytes, long maxHeapBytes, int fullGcs, double gcTimeShare,
                                                double concurrentShare, double stallShare, String flags, String reason) {
        return new HeapTooSmallDetail(liveSetBytes, maxHeapBytes, null, null, null, null, fullGcs, null, null, gcTimeShare, flags,
                reason, null, concurrentShare, stallShare);
    }

    /**
     * The old generation's room beside the young one in a heap of {@code heapBytes}; {@code promotedBytesPerS} and
     * {@code count} null where the rule does not know them.
     */
    public static HeapTooSmallDetail oldGeneration(long oldGenBytes, long youngGenBytes, long heapBytes, Long promotedBytesPerS,
                                                   int fullGcs, double fullGcsPerS, Integer count, String flags, String reason) {
        return new HeapTooSmallDetail(null, null, oldGenBytes, youngGenBytes, heapBytes, promotedBytesPerS, fullGcs, fullGcsPerS, count,
                null, flags, reason, null, null, null);
    }
}
