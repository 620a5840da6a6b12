package dev.brink.heap;

import java.util.Objects;

/**
 * One object on a path from a GC root. {@code via} says how the previous step references it: a field name,
 * {@code [index]} for an array element, or for the first step the root kind (e.g. "static field of class
 * X", "thread local of thread 'main'", "JNI global").
 */
public record PathStep(String className, String objectId, String via) {
    public PathStep {
        Objects.requireNonNull(className, "className");
        Objects.requireNonNull(objectId, "objectId");
        Objects.requireNonNull(via, "via");
    }
}
