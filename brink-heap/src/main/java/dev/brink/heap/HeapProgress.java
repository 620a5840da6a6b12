package dev.brink.heap;

/**
 * Progress of a long analysis, called on the analysing thread, or during a read that several threads share on
 * one of them, never on two at once. {@code done}/{@code total} are bytes of the file for reading phases and units
 * of work otherwise; total may be 0 when unknown.
 */
@FunctionalInterface
public interface HeapProgress {
    HeapProgress NONE = (phase, done, total) -> { };

    void update(String phase, long done, long total);
}
