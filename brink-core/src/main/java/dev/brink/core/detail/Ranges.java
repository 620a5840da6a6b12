package dev.brink.core.detail;

/**
 * The checks the contract records' constructors share (details, lines, events): a value out of its range is a writer's
 * bug, named by its key so ContractCheck can say where.
 */
public final class Ranges {
    private Ranges() {
    }

    /** A count, a byte size or a time: absent (null) or >= 0. */
    public static void atLeastZero(String key, Number v) {
        if (v != null && !(v.doubleValue() >= 0)) throw new IllegalArgumentException(key + ": expected >= 0, got " + v);
    }

    /** The sizes and counts a leak suspect and a leak share ({@link HeapRetention}). */
    static void retention(Long retainedBytes, Long heapBytes, Double shareOfHeap, Long accumulationRetainedBytes, Integer threads) {
        atLeastZero("retained_bytes", retainedBytes);
        atLeastZero("heap_bytes", heapBytes);
        share("share_of_heap", shareOfHeap);
        atLeastZero("accumulation_retained_bytes", accumulationRetainedBytes);
        atLeastZero("threads", threads);
    }

    /** A share of a whole: absent or within 0..1. */
    public static void share(String key, Double v) {
        if (v != null && !(v >= 0 && v <= 1)) throw new IllegalArgumentException(key + ": expected a share from 0 to 1, got " + v);
    }
}
