package dev.brink.heap.index;

/**
 * Growable list of longs in pages of 64 Ki elements: growing never copies, and {@link #trim()} releases each page
 * as soon as it is copied out, so collecting 16 M longs peaks at 8 bytes each, not the 20 a 1.5× growing array
 * needs while it grows and trims. Holds the roots, and the ids of a dump whose ids do not fit {@link IdList}'s
 * 4-byte form. Not thread-safe.
 */
final class LongList {
    private static final int PAGE_BITS = 16;
    private static final int PAGE = 1 << PAGE_BITS;
    private long[][] pages = new long[16][];
    private int size;

    LongList() {
    }

    void add(long v) {
        int p = size >>> PAGE_BITS;
        if (p == pages.length) {
            pages = java.util.Arrays.copyOf(pages, p * 2);
        }
        if (pages[p] == null) {
            pages[p] = new long[PAGE];
        }
        pages[p][size++ & (PAGE - 1)] = v;
    }

    long get(int i) {
        return pages[i >>> PAGE_BITS][i & (PAGE - 1)];
    }

    int size() {
        return size;
    }

    /** The elements in one exact-size array; the list is empty afterwards. */
    long[] trim() {
        long[] out = new long[size];
        for (int p = 0, at = 0; at < size; p++, at += PAGE) {
            System.arraycopy(pages[p], 0, out, at, Math.min(PAGE, size - at));
            pages[p] = null;
        }
        size = 0;
        return out;
    }
}
