package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * Two heap dumps of one application compared holder by holder ({@code brink heap diff}, the soak's dumps): the
 * holders that grew beyond normal churn (each also a memory-leak finding), those that grew as bounded caches fill or
 * buffer pools grow to their working set, and the biggest that stayed flat.
 *
 * @param dumpBefore     the earlier dump, as given (relative to the run directory in a run)
 * @param dumpAfter      the later dump
 * @param epochMsBefore  the earlier dump's HPROF time stamp
 * @param epochMsAfter   the later dump's
 * @param heapBytesBefore reachable heap of the earlier dump
 * @param heapBytesAfter  reachable heap of the later dump
 * @param grown          the holders that grew, most growth first
 * @param filling        the holders that grew as bounded maps fill: more entries of the same size, below the bound
 *                       they evict at; growth that stops when they are full, not a leak; and Netty buffer pools grown
 *                       to their working set: more chunks, none of it in use without a live buffer (most growth first)
 * @param stable         the biggest holders that did not, biggest first (cut to a screenful)
 */
public record HeapGrowth(@JsonProperty("dump_before") String dumpBefore, @JsonProperty("dump_after") String dumpAfter,
                         @JsonProperty("epoch_ms_before") long epochMsBefore, @JsonProperty("epoch_ms_after") long epochMsAfter,
                         @JsonProperty("heap_bytes_before") long heapBytesBefore, @JsonProperty("heap_bytes_after") long heapBytesAfter,
                         List<HolderGrowth> grown, List<HolderGrowth> filling, List<HolderGrowth> stable) {
    public HeapGrowth {
        Objects.requireNonNull(dumpBefore, "dumpBefore");
        Objects.requireNonNull(dumpAfter, "dumpAfter");
        grown = List.copyOf(grown);
        filling = filling == null ? List.of() : List.copyOf(filling); // absent from run directories written before it
        stable = List.copyOf(stable);
    }

    /** Hours between the two dumps' time stamps (0 when equal, negative when the "after" one is older). */
    @JsonProperty("hours_between")
    public double hoursBetween() {
        return (epochMsAfter - epochMsBefore) / 3_600_000.0;
    }
}
