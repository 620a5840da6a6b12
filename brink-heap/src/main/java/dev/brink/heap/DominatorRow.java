package dev.brink.heap;

import java.util.Objects;

/** A top-level dominator (dominated only by the GC roots): what it is and what it retains; share in 0..1. */
public record DominatorRow(String className, String objectId, long shallowBytes, long retainedBytes, double share) {
    public DominatorRow {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(objectId, "objectId");
    }
}
