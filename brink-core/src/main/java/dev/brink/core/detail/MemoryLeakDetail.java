package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.summary.HolderKind;
import java.util.List;

/**
 * {@code memory-leak}: memory that grew, in one of three shapes, each with its own factory — a holder that grew between
 * two heap dumps ({@link #heapGrowth}, brink-heap), the classes that grew between the soak's class histograms
 * ({@link #histogramGrowth}, brink-method), or the heap-after-GC floor rising through a GC log ({@link #gcTrend},
 * brink-gc). Sizes in bytes, {@code shareOfHeap} in 0..1. The components' order is the order each writer has always
 * written its keys in.
 *
 * @param newHolder         true when the earlier dump had no such holder worth tracking
 * @param elementsBefore    a collection's size, a pool's threads, loaders in the earlier dump; -1 unknown
 * @param elementsAfter     the same in the later dump; -1 unknown
 * @param growthBytesPerHour over the time between the dumps' HPROF time stamps; null when they are equal
 * @param threads           thread-local and thread-stack holders: how many threads of the pool hold it
 * @param dumpBefore        the two dumps, as given
 * @param suspect           this and the keys up to {@code classPattern}: kept for runs written before leak-suspect was a
 *                          kind of its own
 * @param nativeBytes       native memory outside the heap the holder keeps alive in the later dump: the capacities of
 *                          the direct buffers it retains that own their memory; null when it keeps none at either dump
 * @param nativeBytesBefore the same in the earlier dump
 * @param nativeGrowthBytes nativeBytes less nativeBytesBefore: with growthBytes, the holder's growth
 * @param boundUnread       true when the holder that grew is a LinkedHashMap subclass whose eviction bound the dump does
 *                          not show (removeEldestEntry is code): it may be a cache filling toward that bound, which a
 *                          third dump tells; null otherwise
 * @param elementsBound     a cache whose bound the dump shows but that cannot reach it: its bound in entries; null
 *                          otherwise
 * @param boundBytes        what it would retain at that bound, its entries as big on average as in the later dump
 * @param maxHeapBytes      the heap's maximum the later dump shows ({@code Runtime.maxMemory()}), which the cache at
 *                          its bound would pass, with what else the heap held
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MemoryLeakDetail(Long retainedBytes, Long heapBytes, Double shareOfHeap, Long retainedBytesBefore, Long growthBytes,
                               Long growthBytesPerHour, Double hoursBetweenDumps, Long elementsBefore, Long elementsAfter,
                               Boolean newHolder, String holder, HolderKind holderKind, String structure, Integer threads, String pool,
                               String accumulationClass, String accumulationObject, Long accumulationRetainedBytes, String rootKind,
                               List<String> pathFromGcRoot, List<GrownClass> grownClasses, Long liveBytesBefore, Long liveBytesAfter,
                               GrowthSource source, String dumpBefore, String dumpAfter, Long slopeBytesPerMin, Double r2,
                               Long floorStartBytes, Long floorEndBytes, String reason, String advice, String suspect,
                               LeakShape leakShape, Integer holders, String loaderClass, String loaderObject, Integer loaders,
                               Integer classes, String classPattern, Long nativeBytes, Long nativeBytesBefore,
                               Long nativeGrowthBytes, Boolean boundUnread, Long elementsBound,
                               Long boundBytes, Long maxHeapBytes) implements Detail, HeapRetention {
    public MemoryLeakDetail {
        Ranges.retention(retainedBytes, heapBytes, shareOfHeap, accumulationRetainedBytes, threads);
        Ranges.atLeastZero("retained_bytes_before", retainedBytesBefore);
        Ranges.atLeastZero("hours_between_dumps", hoursBetweenDumps);
        Ranges.atLeastZero("live_bytes_before", liveBytesBefore);
        Ranges.atLeastZero("live_bytes_after", liveBytesAfter);
        Ranges.atLeastZero("native_bytes", nativeBytes);
        Ranges.atLeastZero("native_bytes_before", nativeBytesBefore);
        Ranges.atLeastZero("elements_bound", elementsBound);
        Ranges.atLeastZero("bound_bytes", boundBytes);
        Ranges.atLeastZero("max_heap_bytes", maxHeapBytes);
        pathFromGcRoot = pathFromGcRoot == null ? null : List.copyOf(pathFromGcRoot);
        grownClasses = grownClasses == null ? null : List.copyOf(grownClasses);
    }

    /**
     * One class of {@code grown_classes}: its instances and bytes in the histogram at the soak's start and at its end.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record GrownClass(@JsonProperty("class") String className, long instancesBefore, long instancesAfter, long bytesBefore,
                             long bytesAfter) {
    }

    /** Where a holder that grew sits in the later dump (all null when the analysis could not say). */
    public record Accumulation(String accumulationClass, String accumulationObject, Long accumulationRetainedBytes, String rootKind,
                               List<String> pathFromGcRoot) {
        public static final Accumulation UNKNOWN = new Accumulation(null, null, null, null, null);
    }

    /** The holder a dump names: "static pkg.Class.field", its kind, a framework structure's name, a pool's threads. */
    public record Holder(String holder, HolderKind holderKind, String structure, Integer threads, String pool) {
        public static final Holder NONE = new Holder(null, null, null, null, null);
    }

    /** A holder that grew between two heap dumps (brink heap diff, the soak's dumps). */
    public static MemoryLeakDetail heapGrowth(long retainedBytes, long heapBytes, double shareOfHeap, long retainedBytesBefore,
                                              long growthBytes, Long growthBytesPerHour, double hoursBetweenDumps, long elementsBefore,
                                              long elementsAfter, boolean newHolder, Holder holder, Accumulation where,
                                              String dumpBefore, String dumpAfter) {
        return new MemoryLeakDetail(retainedBytes, heapBytes, shareOfHeap, retainedBytesBefore, growthBytes, growthBytesPerHour,
                hoursBetweenDumps, elementsBefore, elementsAfter, newHolder ? Boolean.TRUE : null, holder.holder(), holder.holderKind(),
                holder.structure(), holder.threads(), holder.pool(), where.accumulationClass(), where.accumulationObject(),
                where.accumulationRetainedBytes(), where.rootKind(), where.pathFromGcRoot(), null, null, null, GrowthSource.HEAP_DUMP_DIFF,
                dumpBefore, dumpAfter, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The classes that grew most between the soak's class histograms, with the live bytes of each histogram. */
    public static MemoryLeakDetail histogramGrowth(List<GrownClass> grown, long liveBytesBefore, long liveBytesAfter) {
        return new MemoryLeakDetail(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, grown, liveBytesBefore, liveBytesAfter, GrowthSource.CLASS_HISTOGRAM_DIFF, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The heap-after-GC floor rising through a GC log or gc.jsonl: its slope, fit and ends, in words and advice. */
    public static MemoryLeakDetail gcTrend(long slopeBytesPerMin, double r2, long floorStartBytes, long floorEndBytes, String reason,
                                           String advice) {
        return new MemoryLeakDetail(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, null, null, null, slopeBytesPerMin, r2, floorStartBytes, floorEndBytes, reason,
                advice, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /**
     * The same holder's growth with the native memory its direct buffers hold at each dump; unchanged (no native keys)
     * when it held none at either.
     */
    public MemoryLeakDetail withNative(long before, long after) {
        if (before == 0 && after == 0) {
            return this;
        }
        return new MemoryLeakDetail(retainedBytes, heapBytes, shareOfHeap, retainedBytesBefore, growthBytes, growthBytesPerHour,
                hoursBetweenDumps, elementsBefore, elementsAfter, newHolder, holder, holderKind, structure, threads, pool, accumulationClass,
                accumulationObject, accumulationRetainedBytes, rootKind, pathFromGcRoot, grownClasses, liveBytesBefore, liveBytesAfter,
                source, dumpBefore, dumpAfter, slopeBytesPerMin, r2, floorStartBytes, floorEndBytes, reason, advice, suspect, leakShape,
                holders, loaderClass, loaderObject, loaders, classes, classPattern, after, before, after - before, boundUnread, elementsBound, boundBytes,
                maxHeapBytes);
    }

    /** The same holder's growth, with the two dumps named as the run directory keeps them. */
    public MemoryLeakDetail withDumps(String before, String after) {
        return new MemoryLeakDetail(retainedBytes, heapBytes, shareOfHeap, retainedBytesBefore, growthBytes, growthBytesPerHour,
                hoursBetweenDumps, elementsBefore, elementsAfter, newHolder, holder, holderKind, structure, threads, pool, accumulationClass,
                accumulationObject, accumulationRetainedBytes, rootKind, pathFromGcRoot, grownClasses, liveBytesBefore, liveBytesAfter,
                source, before, after, slopeBytesPerMin, r2, floorStartBytes, floorEndBytes, reason, advice, suspect, leakShape, holders,
                loaderClass, loaderObject, loaders, classes, classPattern, nativeBytes, nativeBytesBefore, nativeGrowthBytes, boundUnread,
                elementsBound, boundBytes, maxHeapBytes);
    }

    /** The same holder's growth, said to be in a LinkedHashMap subclass whose bound the dump does not show (or not). */
    public MemoryLeakDetail withBoundUnread(boolean unread) {
        return new MemoryLeakDetail(retainedBytes, heapBytes, shareOfHeap, retainedBytesBefore, growthBytes, growthBytesPerHour,
                hoursBetweenDumps, elementsBefore, elementsAfter, newHolder, holder, holderKind, structure, threads, pool, accumulationClass,
                accumulationObject, accumulationRetainedBytes, rootKind, pathFromGcRoot, grownClasses, liveBytesBefore, liveBytesAfter,
                source, dumpBefore, dumpAfter, slopeBytesPerMin, r2, floorStartBytes, floorEndBytes, reason, advice, suspect, leakShape,
                holders, loaderClass, loaderObject, loaders, classes, classPattern, nativeBytes, nativeBytesBefore, nativeGrowthBytes,
                unread ? Boolean.TRUE : null, elementsBound, boundBytes, maxHeapBytes);
    }

    /**
     * The same holder's growth, in a cache that evicts at {@code bound} entries but would retain {@code boundBytes} there,
     * more than the heap's maximum {@code maxHeapBytes} leaves it: it fills the heap before it reaches its bound.
     */
    public MemoryLeakDetail withBoundBeyondHeap(long bound, long boundBytes, long maxHeapBytes) {
        return new MemoryLeakDetail(retainedBytes, heapBytes, shareOfHeap, retainedBytesBefore, growthBytes, growthBytesPerHour,
                hoursBetweenDumps, elementsBefore, elementsAfter, newHolder, holder, holderKind, structure, threads, pool, accumulationClass,
                accumulationObject, accumulationRetainedBytes, rootKind, pathFromGcRoot, grownClasses, liveBytesBefore, liveBytesAfter,
                source, dumpBefore, dumpAfter, slopeBytesPerMin, r2, floorStartBytes, floorEndBytes, reason, advice, suspect, leakShape,
                holders, loaderClass, loaderObject, loaders, classes, classPattern, nativeBytes, nativeBytesBefore, nativeGrowthBytes,
                boundUnread, bound, boundBytes, maxHeapBytes);
    }
}
