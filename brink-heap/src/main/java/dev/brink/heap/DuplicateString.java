package dev.brink.heap;

import java.util.Objects;

/** Equal java.lang.String values held by {@code count} distinct String objects; wasted = bytes of all copies but one. */
public record DuplicateString(String preview, int length, long count, long wastedBytes) {
    public DuplicateString {
        Objects.requireNonNull(preview, "preview");
        if (count < 2) throw new IllegalArgumentException("a duplicate needs 2 or more copies, was " + count);
    }
}
