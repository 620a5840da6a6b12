package dev.brink.heap.index;

import java.util.Arrays;

/** Growable int[] (1.5x growth); {@link #trim()} returns the exact-size array. Not thread-safe. */
final class IntList {
    private int[] a;
    private int size;

    IntList(int initial) {
        a = new int[Math.max(16, initial)];
    }

    void add(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, a.length + (a.length >> 1) + 16L));
        }
        a[size++] = v;
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return size;
    }

    int[] trim() {
        return a.length == size ? a : Arrays.copyOf(a, size);
    }
}
