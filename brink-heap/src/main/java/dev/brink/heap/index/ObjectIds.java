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
    /**
     * While the ids are on the heap: bucket b's first index, where bucket b holds the compact ids whose offset
     * shifted right by {@link #bucketShift} is b. A lookup binary-searches one bucket (a few dozen ids on one or
     * two cache lines) instead of the whole array: the reading passes look up every object and every reference,
     * 34 M lookups in a 16 M-object dump, and a search over all ids misses the cache on most of its 24 probes.
     * At most one int per eight objects.
     */
    private int[] buckets;
    private int bucketShift;

    private ObjectIds(long[] wide, int[] compact, long base, int shift) {
        this.wide = wide;
        this.compact = compact;
        this.base = base;
        this.shift = shift;
        if (compact != null && compact.length > 0) {
            long span = ((long) (compact[compact.length - 1] ^ Integer.MIN_VALUE) & 0xffffffffL) + 1;
            int most = Math.max(16, compact.length / 8);
            int bs = 0;
            while ((span >>> bs) + 2 > most) {
                bs++;
            }
            bucketShift = bs;
            int nb = (int) (span >>> bs) + 2;
            int[] b = new int[nb];
            int i = 0;
            for (int k = 0; k < nb; k++) {
                while (i < compact.length && (((long) (compact[i] ^ Integer.MIN_VALUE) & 0xffffffffL) >>> bs) < k) {
                    i++;
                }
                b[k] = i;
            }
            buckets = b;
        }
    }

    /**
     * From ids already in the compact form: sorted, distinct offsets from {@code base} in units of 2^shift bytes,
     * sign bit flipped; the array is kept.
     */
    static ObjectIds compact(int[] sorted, long base, int shift) {
        return new ObjectIds(null, sorted, base, shift);
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
            buckets = null;
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
        long offset = d >>> shift;
        int key = (int) offset ^ Integer.MIN_VALUE;
        if (parked != null) {
            return search(parked, key);
        }
        long b = offset >>> bucketShift;
        if (b + 1 >= buckets.length) {
            return -(compact.length + 1);
        }
        return Arrays.binarySearch(compact, buckets[(int) b], buckets[(int) b + 1], key);
    }

    /**
     * As {@link #indexOf(long)}, trying {@code hint} first: a pass over the file meets most objects in address
     * order (HotSpot walks its heap that way), so the object after the last one found is usually the next.
     */
    int indexOf(long id, int hint) {
        if (compact != null && hint >= 0 && hint < compact.length) {
            long d = id - base;
            if (d >= 0 && (d & ((1L << shift) - 1)) == 0 && (d >>> shift) <= 0xffffffffL
                    && compact[hint] == ((int) (d >>> shift) ^ Integer.MIN_VALUE)) {
                return hint;
            }
        }
        return indexOf(id);
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
