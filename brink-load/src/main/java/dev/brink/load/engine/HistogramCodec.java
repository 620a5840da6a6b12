package dev.brink.load.engine;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram as text for the coordinator's control API: base64 of HdrHistogram's compressed encoding (the
 * same bytes latency.hlog holds per interval). Decoding is bounded before HdrHistogram sees a byte: the deflated
 * payload may not inflate past {@link #MAX_INFLATED} bytes, and its header must describe Brink's own histogram
 * (1 µs … 10 min, 3 significant digits), because the header's range decides how large an array is allocated.
 */
public final class HistogramCodec {
    /** Far above what a 1 µs … 10 min, 3-digit histogram encodes to (about 200 KB with every bucket counted). */
    static final int MAX_INFLATED = 1 << 20;
    static final int MAX_TEXT = 2 * MAX_INFLATED;
    private static final int HEADER = 40;

    private HistogramCodec() {
    }

    public static String encode(Histogram h) {
        ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity() + 64);
        int n = h.encodeIntoCompressedByteBuffer(buf);
        byte[] bytes = new byte[n];
        buf.flip();
        buf.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * @throws IllegalArgumentException in words: not base64, not a compressed histogram, or not Brink's range
     */
    public static Histogram decode(String text) {
        if (text == null || text.length() > MAX_TEXT) {
            throw new IllegalArgumentException("expected a base64 histogram of at most " + MAX_TEXT + " characters");
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not base64: " + e.getMessage());
        }
        if (raw.length < 8) throw new IllegalArgumentException("expected a compressed histogram, got " + raw.length + " bytes");
        ByteBuffer in = ByteBuffer.wrap(raw);
        in.getInt(); // cookie: HdrHistogram checks it again below, on the inflated header
        int length = in.getInt();
        if (length < 0 || length > raw.length - 8) {
            throw new IllegalArgumentException("compressed length " + length + " but " + (raw.length - 8) + " bytes follow");
        }
        byte[] plain = new byte[MAX_INFLATED];
        int size;
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(raw, 8, length);
            size = inflater.inflate(plain);
            if (!inflater.finished()) throw new IllegalArgumentException("inflates past " + MAX_INFLATED + " bytes or is cut short");
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not deflate data: " + e.getMessage());
        } finally {
            inflater.end();
        }
        if (size < HEADER) throw new IllegalArgumentException("histogram header cut short at " + size + " bytes");
        ByteBuffer header = ByteBuffer.wrap(plain, 0, size);
        int digits = header.getInt(12);
        long lowest = header.getLong(16);
        long highest = header.getLong(24);
        if (digits != 3 || lowest != 1 || highest != Counters.MAX_MICROS) {
            throw new IllegalArgumentException("expected a histogram of 1.." + Counters.MAX_MICROS + " µs with 3 digits, got "
                    + lowest + ".." + highest + " with " + digits);
        }
        Histogram h;
        try {
            h = Histogram.decodeFromByteBuffer(ByteBuffer.wrap(plain, 0, size), Counters.MAX_MICROS);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an HdrHistogram encoding: " + e.getMessage());
        }
        if (h.getTotalCount() < 0) throw new IllegalArgumentException("negative counts");
        return h;
    }
}
