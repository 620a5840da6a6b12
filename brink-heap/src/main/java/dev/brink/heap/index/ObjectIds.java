package dev.brink.heap.index;

import java.util.Arrays;

/**
 * Sorted object ids ↔ dense indexes. HotSpot ids are 8-byte-aligned addresses; when every id is
 * {@code base + 8k} with k < 2^32 (any heap under 32 GiB) they are kept as 4-byte offsets, else as longs.
 * Stored with the sign bit flipped so signed int order is unsigned offset order and
 * {@link Arrays#binarySearch(int[], int)} applies. Immutable once {@link #park parked} (the graph builder does so).
 */
final class ObjectIds {
    private final long[] wide;
    private int[] compact;
    /**
     * The compact ids once parked in a file: after the graph is built they serve a few hundred lookups and a sweep
     * or two in index order (the ids of all String values), which a mapped file would keep resident.
     */
    private SpilledInts parked;
    private final long base;
    private final int shift;

    private ObjectIds(long[] wide, int[] compact, long base, int shift) {
        this.wide = wide;
        this.compact = compact;
        this.base = base;
        this.shift = shift;
    }

    /** From sorted, distinct ids; the caller may drop its array afterwards. */
    static ObjectIds of(long[] sorted) {
        if (sorted.length == 0) {
            return new ObjectIds(sorted, null, 0, 0);
        }
        long base = sorted[0];
        long or = 0;
        for (long id : sorted) {
            or |= id - base;
        }
        int shift = (or & 7) == 0 ? 3 : 0;
        if (((sorted[sorted.length - 1] - base) >>> shift) > 0xffffffffL || sorted[sorted.length - 1] - base < 0) {
            return new ObjectIds(sorted, null, 0, 0);
        }
        int[] c = new int[sorted.length];
        for (int i = 0; i < c.length; i++) {
            c[i] = (int) ((sorted[i] - base) >>> shift) ^ Integer.MIN_VALUE;
        }
        return new ObjectIds(null, c, base, shift);
    }

    int size() {
        return wide != null ? wide.length : parked != null ? parked.length() : compact.length;
    }

    /**
     * Moves the compact ids out of the heap (see {@link SpilledInts}). Passes over the file look ids up for every
     * reference and keep them on the heap; the analysis after them asks for a few hundred, from a few pages.
     */
    void park() {
        if (compact != null) {
            parked = SpilledInts.of(compact);
            compact = null;
        }
    }

    /** Dense index of id, or a negative number if there is no such object. */
    int indexOf(long id) {
        if (wide != null) {
            return Arrays.binarySearch(wide, id);
        }
        long d = id - base;
        if (d < 0 || (d & ((1L << shift) - 1)) != 0 || (d >>> shift) > 0xffffffffL) {
            return -1;
        }
        int key = (int) (d >>> shift) ^ Integer.MIN_VALUE;
        return parked == null ? Arrays.binarySearch(compact, key) : search(parked, key);
    }

    private static int search(SpilledInts a, int key) {
        int lo = 0;
        int hi = a.length() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = a.get(mid);
            if (v < key) {
                lo = mid + 1;
            } else if (v > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    long id(int i) {
        int c = wide != null ? 0 : parked != null ? parked.get(i) : compact[i];
        return wide != null ? wide[i] : base + ((long) (c ^ Integer.MIN_VALUE) & 0xffffffffL) * (1L << shift);
    }
}
