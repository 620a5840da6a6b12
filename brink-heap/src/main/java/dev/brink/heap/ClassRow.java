package dev.brink.heap;

import java.util.Objects;

/**
 * One histogram line: reachable instances of a class, their shallow bytes, and the bytes retained by the
 * set of them (nested instances counted once, as MAT's retained-size column).
 */
public record ClassRow(String className, long count, long shallowBytes, long retainedBytes) {
    public ClassRow {
        Objects.requireNonNull(className, "className");
        if (count < 0 || shallowBytes < 0 || retainedBytes < 0) throw new IllegalArgumentException("negative size in " + className);
    }
}
