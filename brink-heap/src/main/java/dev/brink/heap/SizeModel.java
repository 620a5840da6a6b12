package dev.brink.heap;

import java.util.Objects;

/**
 * How shallow sizes are computed, as the JVM lays objects out: instance = align(header + fields), array =
 * align(arrayHeader + length x element). References take {@code referenceBytes}. {@code basis} says how the
 * model was inferred from the dump, because HPROF does not record it.
 */
public record SizeModel(int idSize, boolean compressedOops, int headerBytes, int arrayHeaderBytes,
                        int referenceBytes, int alignment, String basis) {
    public SizeModel {
        if (idSize != 4 && idSize != 8) throw new IllegalArgumentException("idSize must be 4 or 8, was " + idSize);
        if (alignment < 1 || Integer.bitCount(alignment) != 1) throw new IllegalArgumentException("alignment must be a power of two, was " + alignment);
        Objects.requireNonNull(basis, "basis");
    }

    /** 32 GiB: above it HotSpot cannot use compressed oops with 8-byte alignment. */
    private static final long COMPRESSED_OOPS_LIMIT = 32L << 30;

    /**
     * Infers the model from the address span alone, when the arrays' addresses gave no evidence (brink-heap's
     * HeaderEvidence). 4-byte ids: a 32-bit JVM (8-byte header, 4-byte references). 8-byte ids: HotSpot ids are
     * addresses, so when every object lies within a 32 GiB span the JVM ran with compressed oops (its default for
     * heaps under 32 GiB) and compressed class pointers: 12-byte header; otherwise 16.
     */
    public static SizeModel infer(int idSize, long minAddress, long maxAddress) {
        if (idSize == 4) {
            return new SizeModel(4, false, 8, 12, 4, 8, "4-byte ids: 32-bit JVM");
        }
        long span = maxAddress - minAddress;
        if (span >= 0 && span < COMPRESSED_OOPS_LIMIT) {
            return new SizeModel(8, true, 12, 16, 4, 8, "objects span " + (span >> 20) + " MiB of addresses (< 32 GiB): compressed oops");
        }
        return new SizeModel(8, false, 16, 24, 8, 8, "objects span >= 32 GiB of addresses: uncompressed oops");
    }

    /**
     * The layout the arrays' addresses show (64-bit ids): the object header, where array elements start (the
     * elements of 8 bytes at the next multiple of 8), the reference size; {@code evidence} says how many arrays fit.
     */
    public static SizeModel observed(int headerBytes, int arrayHeaderBytes, int referenceBytes, String evidence) {
        return new SizeModel(8, referenceBytes == 4, headerBytes, arrayHeaderBytes, referenceBytes, 8, evidence);
    }

    public long align(long bytes) {
        return (bytes + alignment - 1) & -alignment;
    }

    public long instanceSize(int primitiveBytes, int referenceFields) {
        return align(headerBytes + primitiveBytes + (long) referenceFields * referenceBytes);
    }

    /** The elements start at the header rounded up to their own size (a long[] after a 12-byte header at 16). */
    public long arraySize(long length, int elementBytes) {
        long base = (arrayHeaderBytes + elementBytes - 1) / elementBytes * elementBytes;
        return align(base + length * elementBytes);
    }

    /** One line for reports. */
    public String describe() {
        return String.format("compressed oops: %s, object header %d B, array header %d B, reference %d B, alignment %d B (%s)",
                compressedOops ? "yes" : "no", headerBytes, arrayHeaderBytes, referenceBytes, alignment, basis);
    }
}
