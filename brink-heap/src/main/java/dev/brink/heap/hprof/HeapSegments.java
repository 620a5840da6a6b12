package dev.brink.heap.hprof;

import java.util.Arrays;

/**
 * Where a dump's HEAP_DUMP / HEAP_DUMP_SEGMENT record bodies lie in the (uncompressed) file, in file order, as
 * the first pass found them. HotSpot writes its heap in segments of about 1 MiB, each a whole number of
 * sub-records, so later passes that only read the heap can hand segments to several threads
 * ({@link HprofScanner#scanHeap}).
 */
public final class HeapSegments {
    private long[] starts = new long[64];
    private long[] lengths = new long[64];
    private int count;
    private int idSize;

    /** Called by the pass that finds the records, in file order. */
    public void add(long bodyStart, long length) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        starts[count] = bodyStart;
        lengths[count++] = length;
    }

    public void idSize(int size) {
        this.idSize = size;
    }

    int idSize() {
        return idSize;
    }

    public int count() {
        return count;
    }

    long start(int i) {
        return starts[i];
    }

    long length(int i) {
        return lengths[i];
    }
}
