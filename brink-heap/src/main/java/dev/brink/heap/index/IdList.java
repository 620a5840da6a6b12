package dev.brink.heap.index;

import java.util.Arrays;

/**
 * The object ids of the first pass, collected in 4 bytes each where that is exact: HotSpot ids are 8-byte-aligned
 * addresses in one reserved heap, so each is kept as its distance from the first id in 8-byte units, an int while
 * the heap spans less than ±16 GiB around it. Collecting 150 M ids as longs and then narrowing them took 8 bytes per
 * object plus, while the long array and the narrow one both lived, 4 more (and 16 while the long pages were copied
 * into one array); this way the peak is 8 (the pages and the sorted array, never a long per object). An id off the
 * 8-byte grid or too far away turns the list into longs once ({@link LongList}), and the ids are then handled as
 * before ({@link ObjectIds#of}). Pages of 64 Ki values, released as they are copied out. Not thread-safe.
 */
final class IdList {
    private static final int PAGE_BITS = 16;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int SHIFT = 3;
    private int[][] pages = new int[16][];
    private int size;
    private long first;
    /** Non-null once an id did not fit: every id from then on, and all before it, as longs. */
    private LongList wide;

    void add(long id) {
        if (wide != null) {
            wide.add(id);
            return;
        }
        if (size == 0) {
            first = id;
        }
        long d = id - first;
        if ((d & ((1L << SHIFT) - 1)) != 0 || (d >> SHIFT) != (int) (d >> SHIFT)) {
            widen();
            wide.add(id);
            return;
        }
        int p = size >>> PAGE_BITS;
        if (p == pages.length) {
            pages = Arrays.copyOf(pages, p * 2);
        }
        if (pages[p] == null) {
            pages[p] = new int[PAGE];
        }
        pages[p][size++ & (PAGE - 1)] = (int) (d >> SHIFT);
    }

    private void widen() {
        wide = new LongList();
        for (int i = 0; i < size; i++) {
            wide.add(first + ((long) pages[i >>> PAGE_BITS][i & (PAGE - 1)] << SHIFT));
        }
        pages = null;
        size = 0;
    }

    /**
     * The ids, sorted and as dense indexes; the list is empty afterwards.
     *
     * @throws dev.brink.heap.hprof.HprofFormatException when an id is dumped twice
     */
    ObjectIds toIds() {
        if (wide != null) {
            long[] sorted = wide.trim();
            wide = null;
            Arrays.sort(sorted);
            for (int i = 1; i < sorted.length; i++) {
                if (sorted[i] == sorted[i - 1]) {
                    throw duplicate(sorted[i]);
                }
            }
            return ObjectIds.of(sorted);
        }
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            min = Math.min(min, pages[i >>> PAGE_BITS][i & (PAGE - 1)]);
        }
        // offsets from the lowest id, unsigned, stored with the sign bit flipped (ObjectIds' compact form): every
        // value lies within a signed int of the first id, so the span is under 2^32 units
        int[] sorted = new int[size];
        for (int p = 0, at = 0; at < size; p++, at += PAGE) {
            int[] page = pages[p];
            for (int k = 0, n = Math.min(PAGE, size - at); k < n; k++) {
                sorted[at + k] = (int) ((long) page[k] - min) ^ Integer.MIN_VALUE;
            }
            pages[p] = null;
        }
        Arrays.sort(sorted);
        long base = first + ((long) min << SHIFT);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw duplicate(base + (((long) (sorted[i] ^ Integer.MIN_VALUE) & 0xffffffffL) << SHIFT));
            }
        }
        size = 0;
        return sorted.length == 0 ? ObjectIds.of(new long[0]) : ObjectIds.compact(sorted, base, SHIFT);
    }

    private static dev.brink.heap.hprof.HprofFormatException duplicate(long id) {
        return new dev.brink.heap.hprof.HprofFormatException(-1, String.format("expected unique object ids, 0x%x is dumped twice", id));
    }
}
