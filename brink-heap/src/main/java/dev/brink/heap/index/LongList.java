package dev.brink.heap.index;

import java.util.Arrays;

/** Growable long[] (1.5x growth); {@link #trim()} returns the exact-size array. Not thread-safe. */
final class LongList {
    private long[] a;
    private int size;

    LongList(int initial) {
        a = new long[Math.max(16, initial)];
    }

    void add(long v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, a.length + (a.length >> 1) + 16L));
        }
        a[size++] = v;
    }

    long get(int i) {
        return a[i];
    }

    int size() {
        return size;
    }

    long[] trim() {
        return a.length == size ? a : Arrays.copyOf(a, size);
    }
}
