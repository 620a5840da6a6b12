package dev.brink.core.summary;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Sizes;
import java.util.Objects;

/**
 * One holder in two heap dumps of one application.
 *
 * @param holder         its name ({@link HolderKind} says the forms)
 * @param kind           what kind of place it is
 * @param structure      what a framework's or the JDK's structure is ("Netty pooled buffer arenas"); "" for the application's
 * @param bytesBefore    retained bytes in the earlier dump; 0 when it was below the floor Brink tracks holders from; for
 *                       a top-level object named by its class that the earlier dump held elsewhere, its bytes less
 *                       what its class gained between the dumps
 * @param bytesAfter     retained bytes in the later dump
 * @param elementsBefore element count (a collection's size, threads, loaders) in the earlier dump; -1 unknown
 * @param elementsAfter  the same in the later dump
 * @param elementsBound  the most elements it keeps when it evicts beyond a bound (a LinkedHashMap subclass: the field
 *                       its removeEldestEntry compares with, its enclosing instance's or a static constant); 0 when a
 *                       library bounds it by a setting the heap does not show as a count (Caffeine or Guava with a
 *                       weight or an expiry); null when nothing says it evicts, a LinkedHashMap subclass whose bound
 *                       the dump does not show included
 * @param bytesPerHour   growth per hour between the dumps' time stamps, heap and native together; null when they are
 *                       equal (no time between)
 * @param grew           true when the growth is beyond normal churn (the reasons are brink-heap's GrowthRules), heap
 *                       and native growth together
 * @param nativeBytesBefore native memory outside the heap its objects kept alive in the earlier dump: capacities of the
 *                       direct buffers it retained that own their memory (a ByteBuffer.allocateDirect); 0 when none
 * @param nativeBytesAfter  the same in the later dump
 */
public record HolderGrowth(String holder, HolderKind kind, String structure,
                           @JsonProperty("bytes_before") long bytesBefore, @JsonProperty("bytes_after") long bytesAfter,
                           @JsonProperty("elements_before") long elementsBefore, @JsonProperty("elements_after") long elementsAfter,
                           @JsonProperty("elements_bound") Long elementsBound, @JsonProperty("bytes_per_hour") Double bytesPerHour, boolean grew,
                           @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("native_bytes_before") long nativeBytesBefore,
                           @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("native_bytes_after") long nativeBytesAfter) {
    public HolderGrowth {
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(kind, "kind");
        structure = structure == null ? "" : structure;
    }

    /** Growth of its retained heap bytes. */
    @JsonProperty("growth_bytes")
    public long growthBytes() {
        return bytesAfter - bytesBefore;
    }

    /** Growth of the native memory it keeps alive (direct buffers): a few KiB of heap can hold hundreds of MiB. */
    @JsonInclude(JsonInclude.Include.NON_DEFAULT)
    @JsonProperty("native_growth_bytes")
    public long nativeGrowthBytes() {
        return nativeBytesAfter - nativeBytesBefore;
    }

    /**
     * Its native memory in each dump as "A → B" in human units, or {@code none} when it held none in either: how the
     * text and HTML reports show it beside the heap figures (a pool or a session map can hold megabytes there behind
     * a few KiB of heap).
     */
    public String nativeBeforeAfter(String none) {
        if (nativeBytesBefore == 0 && nativeBytesAfter == 0) {
            return none;
        }
        return Sizes.human(nativeBytesBefore) + " → " + Sizes.human(nativeBytesAfter);
    }

    /** Heap and native growth together: what the growth verdict weighs. */
    @JsonIgnore
    public long totalGrowthBytes() {
        return growthBytes() + nativeGrowthBytes();
    }
}
