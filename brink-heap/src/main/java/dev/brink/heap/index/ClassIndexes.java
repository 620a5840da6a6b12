package dev.brink.heap.index;

/** Class index per object: 2 bytes each while the dump has at most 65 536 classes (nearly all do), else 4. */
final class ClassIndexes {
    private final char[] small;
    private final int[] wide;

    ClassIndexes(int n, int classes) {
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
        return small != null ? small[i] : wide[i];
    }
}
