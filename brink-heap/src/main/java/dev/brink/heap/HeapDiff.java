package dev.brink.heap;

import dev.brink.core.Finding;
import dev.brink.core.summary.HeapGrowth;
import java.util.List;
import java.util.Objects;

/**
 * Two dumps of one application (A before, B after) compared holder by holder: which holders grew beyond normal
 * churn (each a memory-leak {@code findings} entry with its growth, accumulation point and path from a GC root in
 * B), which of the biggest stayed flat, and, for reference, how each class's instances and bytes changed (biggest
 * shallow change first, cut to the options' top N).
 */
public record HeapDiff(HeapGrowth growth, List<Finding> findings, List<ClassDelta> classes) {
    public HeapDiff {
        Objects.requireNonNull(growth, "growth");
        findings = List.copyOf(findings);
        classes = List.copyOf(classes);
    }

    /** True when a holder grew beyond normal churn: a leak verdict. */
    public boolean grew() {
        return !growth.grown().isEmpty();
    }
}
