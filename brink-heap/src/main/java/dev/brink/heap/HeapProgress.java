package dev.brink.heap;

/**
 * Progress of a long analysis, called on the analysing thread. {@code done}/{@code total} are bytes of the
 * file for reading phases and units of work otherwise; total may be 0 when unknown.
 */
@FunctionalInterface
public interface HeapProgress {
    HeapProgress NONE = (phase, done, total) -> { };

    void update(String phase, long done, long total);
}
