package dev.brink.heap;

import java.util.Objects;

/** One class in a histogram diff: counts and bytes in dump A (before) and dump B (after). */
public record ClassDelta(String className, long countA, long countB, long shallowA, long shallowB,
                         long retainedA, long retainedB) {
    public ClassDelta {
        Objects.requireNonNull(className, "className");
    }

    public long countDelta() {
        return countB - countA;
    }

    public long shallowDelta() {
        return shallowB - shallowA;
    }

    public long retainedDelta() {
        return retainedB - retainedA;
    }
}
