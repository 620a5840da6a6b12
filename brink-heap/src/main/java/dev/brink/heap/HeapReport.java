package dev.brink.heap;

import dev.brink.core.Finding;
import java.util.List;
import java.util.Objects;

/**
 * The analysis of one heap dump. Sizes in bytes; {@code reachableBytes} (shallow sum of objects reachable
 * from GC roots) is the "heap" that shares divide by, as in MAT. Lists are sorted biggest first and cut
 * to {@link HeapOptions#top()}, except suspects, class-loader leaks and findings (all). {@code directBuffers} and
 * {@code directBufferBytes}: the reachable direct buffers that own native memory outside the heap (not file mappings,
 * not views of another buffer), and the sum of their capacities (report.DirectBuffers says which count and why).
 */
public record HeapReport(String file, long fileBytes, SizeModel sizeModel, long objects, long references,
                         long reachableObjects, long reachableBytes, long unreachableObjects, long unreachableBytes,
                         long directBuffers, long directBufferBytes,
                         List<ClassRow> histogram, List<DominatorRow> dominators, List<LeakSuspect> suspects,
                         List<ClassLoaderLeak> classLoaderLeaks,
                         List<DuplicateString> duplicateStrings, List<Finding> findings) {
    public HeapReport {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sizeModel, "sizeModel");
        histogram = List.copyOf(histogram);
        dominators = List.copyOf(dominators);
        suspects = List.copyOf(suspects);
        classLoaderLeaks = List.copyOf(classLoaderLeaks);
        duplicateStrings = List.copyOf(duplicateStrings);
        findings = List.copyOf(findings);
    }
}
