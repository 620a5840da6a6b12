package dev.brink.heap.index;

import java.io.IOException;
import java.nio.channels.FileChannel;

/** Class index per object: 2 bytes each while the dump has at most 65 536 classes (nearly all do), else 4. */
final class ClassIndexes {
    private final int n;
    private char[] small;
    private int[] wide;
    /** Where the indexes are while {@link #park parked}, or null. */
    private FileChannel parked;
    private boolean parkedSmall;

    ClassIndexes(int n, int classes) {
        this.n = n;
        small = classes <= 0x10000 ? new char[n] : null;
        wide = small == null ? new int[n] : null;
    }

    void set(int i, int c) {
        if (small != null) {
            small[i] = (char) c;
        } else {
            wide[i] = c;
        }
    }

    int get(int i) {
        if (small != null) {
            return small[i];
        }
        if (wide == null) {
            restoreOnFirstRead();
        }
        return small != null ? small[i] : wide[i];
    }

    /** A reader that comes while the indexes are parked (a test, a report step) gets them back. */
    private void restoreOnFirstRead() {
        try {
            restore();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read back the analysis's temporary file", e);
        }
    }

    /** Writes the indexes to a temporary file and drops them from the heap; a no-op when none can be written. */
    void park() {
        if (parked != null) {
            return;
        }
        char[] s = small;
        int[] w = wide;
        parked = SpillFiles.park(ch -> {
            if (s != null) {
                SpillFiles.write(ch, s);
            } else {
                SpillFiles.write(ch, w);
            }
        });
        if (parked != null) {
            parkedSmall = s != null;
            small = null;
            wide = null;
        }
    }

    /** Reads parked indexes back. */
    void restore() throws IOException {
        if (parked != null) {
            if (parkedSmall) {
                small = new char[n];
            } else {
                wide = new int[n];
            }
            char[] s = small;
            int[] w = wide;
            SpillFiles.restore(parked, ch -> {
                if (s != null) {
                    SpillFiles.read(ch, s);
                } else {
                    SpillFiles.read(ch, w);
                }
            });
            parked = null;
        }
    }
}
