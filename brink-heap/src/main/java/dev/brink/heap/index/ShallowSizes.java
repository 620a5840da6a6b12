package dev.brink.heap.index;

/**
 * Shallow sizes, 2 bytes per object: a size in alignment units (8 bytes on HotSpot) below 65 535 — every
 * instance and any array under 512 KiB — is stored as is; bigger ones (a few arrays per heap) go in a side map.
 */
final class ShallowSizes {
    private static final char BIG = 0xffff;
    private final char[] units;
    private final LongIntMap big = new LongIntMap(64);
    private final int shift;
    private final int alignment;

    ShallowSizes(int n, int alignment) {
        this.units = new char[n];
        this.alignment = alignment;
        this.shift = Integer.numberOfTrailingZeros(alignment);
    }

    void set(int i, int bytes) {
        long u = bytes >>> shift;
        if (u < BIG && (bytes & (alignment - 1)) == 0) {
            units[i] = (char) u;
        } else {
            units[i] = BIG;
            big.put(i, bytes);
        }
    }

    int get(int i) {
        char u = units[i];
        return u != BIG ? u << shift : big.get(i, 0);
    }
}
