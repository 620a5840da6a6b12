package dev.brink.heap;

import java.util.List;
import java.util.Objects;

/**
 * Histogram delta between two dumps of the same application (A before, B after), biggest shallow growth
 * first, cut to the options' top N; totals cover all reachable objects.
 */
public record HeapDiff(String fileA, String fileB, long reachableBytesA, long reachableBytesB,
                       long objectsA, long objectsB, List<ClassDelta> classes) {
    public HeapDiff {
        Objects.requireNonNull(fileA, "fileA");
        Objects.requireNonNull(fileB, "fileB");
        classes = List.copyOf(classes);
    }
}
