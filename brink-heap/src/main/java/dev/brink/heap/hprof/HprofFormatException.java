package dev.brink.heap.hprof;

/**
 * The dump is not what HPROF 1.0.2 says it must be at {@link #offset()} (byte offset in the uncompressed
 * stream). Unchecked so the per-record hot path needs no throws clauses; {@code HeapAnalyzer} turns it into
 * a one-line {@code BrinkUserException} naming the file.
 */
public final class HprofFormatException extends RuntimeException {
    private final long offset;

    public HprofFormatException(long offset, String expected) {
        super(expected, null, false, false);
        this.offset = offset;
    }

    /** Byte offset in the (uncompressed) dump where the expectation failed. */
    public long offset() {
        return offset;
    }
}
