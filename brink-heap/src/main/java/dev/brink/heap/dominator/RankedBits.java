package dev.brink.heap.dominator;

/**
 * One bit per object and, per 64-bit word, the number of set bits before it: the rank of a set bit (its position
 * among the set ones) in constant time, for arrays that hold a value only for the objects whose bit is set. 0.19
 * bytes per object. Set every bit first, then {@link #seal}; read-only afterwards.
 */
final class RankedBits {
    private final long[] words;
    private final int[] before;
    private int count;

    RankedBits(int n) {
        words = new long[(n + 63) >>> 6];
        before = new int[words.length + 1];
    }

    void set(int i) {
        words[i >>> 6] |= 1L << i;
    }

    void seal() {
        int c = 0;
        for (int w = 0; w < words.length; w++) {
            before[w] = c;
            c += Long.bitCount(words[w]);
        }
        before[words.length] = c;
        count = c;
    }

    boolean has(int i) {
        return (words[i >>> 6] & (1L << i)) != 0;
    }

    /** Number of set bits below i: the slot of object i (when its bit is set) in an array of {@link #count} values. */
    int rank(int i) {
        return before[i >>> 6] + Long.bitCount(words[i >>> 6] & ((1L << i) - 1));
    }

    /** The object whose rank is r (the inverse of {@link #rank}); a binary search, for single questions. */
    int select(int r) {
        int lo = 0;
        int hi = words.length - 1;
        while (lo < hi) { // the last word with at most r set bits before it
            int mid = (lo + hi + 1) >>> 1;
            if (before[mid] <= r) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        long w = words[lo];
        for (int k = before[lo]; k < r; k++) {
            w &= w - 1; // drop the lowest set bit
        }
        return (lo << 6) + Long.numberOfTrailingZeros(w);
    }

    int count() {
        return count;
    }
}
