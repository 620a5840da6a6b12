package dev.brink.heap.index;


/**
 * Open-addressing long → int map (linear probing), for class ids → class indexes and similar small-to-medium
 * maps on hot paths: no boxing, 12 bytes per slot. Not thread-safe.
 */
final class LongIntMap {
    private static final long EMPTY = 0; // hprof never uses id 0 for an object (0 is null)
    private long[] keys;
    private int[] values;
    private int size;
    private long zeroValue = Long.MIN_VALUE;

    LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2) - 1) << 1;
        keys = new long[cap];
        values = new int[cap];
    }

    void put(long key, int value) {
        if (key == EMPTY) {
            zeroValue = value;
            return;
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** The value, or {@code missing}. */
    int get(long key, int missing) {
        if (key == EMPTY) {
            return zeroValue == Long.MIN_VALUE ? missing : (int) zeroValue;
        }
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return missing;
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        keys = new long[k.length * 2];
        values = new int[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != EMPTY) {
                put(k[i], v[i]);
            }
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    @Override
    public String toString() {
        return "LongIntMap[" + size + "]";
    }
}
