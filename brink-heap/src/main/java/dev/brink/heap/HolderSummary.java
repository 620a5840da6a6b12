package dev.brink.heap;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What a heap dump keeps for a later comparison with another one: its holders, its time stamp and heap size, and
 * the names of its application classes (to tell two dumps of one application from two unrelated ones). A few
 * hundred bytes per holder: two 1 GiB dumps are compared with one graph in memory at a time.
 *
 * @param file              the dump, as given
 * @param timestampMillis   the HPROF header's time stamp (epoch ms)
 * @param heapBytes         reachable bytes
 * @param nativeBytes       native bytes held by reachable direct buffers that own their memory (report.DirectBuffers)
 * @param holders           every holder retaining at least {@code floorBytes}, biggest first
 * @param floorBytes        the smallest retained size a holder was tracked from
 * @param applicationClasses the dump's class names outside the JDK
 * @param classes           every class's histogram row (for the class deltas beside the holders)
 * @param maxHeapBytes      the heap's maximum as the dump shows it ({@link HeapCeiling}), or 0 when it does not
 */
public record HolderSummary(String file, long timestampMillis, long heapBytes, long nativeBytes, List<Holder> holders, long floorBytes,
                            Set<String> applicationClasses, List<ClassRow> classes, long maxHeapBytes) {
    public HolderSummary {
        Objects.requireNonNull(file, "file");
        holders = List.copyOf(holders);
        applicationClasses = Set.copyOf(applicationClasses);
        classes = List.copyOf(classes);
    }

    /** A summary of a dump that does not show its heap's maximum. */
    public HolderSummary(String file, long timestampMillis, long heapBytes, long nativeBytes, List<Holder> holders, long floorBytes,
                         Set<String> applicationClasses, List<ClassRow> classes) {
        this(file, timestampMillis, heapBytes, nativeBytes, holders, floorBytes, applicationClasses, classes, 0);
    }
}
