package dev.brink.heap;

import java.util.Objects;

/**
 * What {@link HeapAnalyzer} reports: {@code top} rows per table, suspects above {@code suspectShare}
 * (0..1, MAT's default 0.10) of the reachable heap, progress callback.
 */
public record HeapOptions(int top, double suspectShare, HeapProgress progress) {
    public HeapOptions {
        if (top < 1) throw new IllegalArgumentException("top must be >= 1, was " + top);
        if (!(suspectShare > 0 && suspectShare < 1)) throw new IllegalArgumentException("suspectShare must be in (0,1), was " + suspectShare);
        Objects.requireNonNull(progress, "progress");
    }

    public static HeapOptions defaults() {
        return new HeapOptions(20, 0.10, HeapProgress.NONE);
    }

    public HeapOptions withTop(int n) {
        return new HeapOptions(n, suspectShare, progress);
    }

    public HeapOptions withProgress(HeapProgress p) {
        return new HeapOptions(top, suspectShare, p);
    }
}
