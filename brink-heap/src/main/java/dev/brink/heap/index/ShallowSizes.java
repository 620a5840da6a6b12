package dev.brink.heap.index;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * Shallow sizes, 2 bytes per object: a size in alignment units (8 bytes on HotSpot) below 65 535 — every
 * instance and any array under 512 KiB — is stored as is; bigger ones (a few arrays per heap) go in a side map.
 */
final class ShallowSizes {
    private static final char BIG = 0xffff;
    private final int n;
    private char[] units;
    private final LongIntMap big = new LongIntMap(64);
    private final int shift;
    private final int alignment;
    /** Where the units are while {@link #park parked}, or null. */
    private FileChannel parked;

    ShallowSizes(int n, int alignment) {
        this.n = n;
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
            synchronized (big) { // the reading threads of one pass share this map; a few arrays per dump get here
                big.put(i, bytes);
            }
        }
    }

    int get(int i) {
        if (units == null) {
            try {
                restore(); // a reader that comes while the sizes are parked (a test, a report step) gets them back
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot read back the analysis's temporary file", e);
            }
        }
        char u = units[i];
        return u != BIG ? u << shift : big.get(i, 0);
    }

    /** Writes the sizes to a temporary file and drops them from the heap; a no-op when none can be written. */
    void park() {
        char[] u = units;
        if (parked == null && (parked = SpillFiles.park(ch -> SpillFiles.write(ch, u))) != null) {
            units = null;
        }
    }

    /** Reads parked sizes back. */
    void restore() throws IOException {
        if (parked != null) {
            char[] u = new char[n];
            SpillFiles.restore(parked, ch -> SpillFiles.read(ch, u));
            units = u;
            parked = null;
        }
    }
}
