package dev.brink.load.tcp;

/**
 * How a response is cut out of the byte stream. {@link #frame} looks at the bytes received so far and says
 * where the first frame ends; the rules are the ones Netty's decoders implement (FixedLengthFrameDecoder,
 * DelimiterBasedFrameDecoder, LengthFieldBasedFrameDecoder), restated here so the link can frame in its own
 * array without a pipeline stage per connection.
 */
public abstract sealed class Framing {
    /** More bytes are needed. */
    static final int MORE = 0;
    /** The stream can never make a frame: longer than the limit, or a length field that says less than its header. */
    static final int NEVER = -1;
    /** Drop the first byte and look again (an empty frame between two delimiters). */
    static final int SKIP = -2;

    /** The longest frame accepted. */
    final int max;

    Framing(int max) {
        this.max = max;
    }

    /** The length of the first frame in {@code b[0, n)}, or {@link #MORE}, {@link #NEVER} or {@link #SKIP}. */
    abstract int frame(byte[] b, int n);

    /** No response: a request counts as done once written (fire-and-forget). */
    public static final class None extends Framing {
        None() {
            super(0);
        }

        @Override
        int frame(byte[] b, int n) {
            return NEVER;
        }
    }

    /** Every response is exactly {@code length} bytes. */
    public static final class Fixed extends Framing {
        final int length;

        Fixed(int length) {
            super(length);
            this.length = length;
        }

        @Override
        int frame(byte[] b, int n) {
            return n >= length ? length : MORE;
        }
    }

    /**
     * A frame ends at the delimiter byte (inclusive). A frame that starts with the delimiter (a start flag, as in
     * JT/T 808's 7E … 7E) runs to the next one; two delimiters in a row make an empty frame, skipped.
     */
    public static final class Delimiter extends Framing {
        final byte delimiter;

        Delimiter(byte delimiter, int max) {
            super(max);
            this.delimiter = delimiter;
        }

        @Override
        int frame(byte[] b, int n) {
            int from = n > 0 && b[0] == delimiter ? 1 : 0;
            for (int i = from; i < n; i++) {
                if (b[i] == delimiter) {
                    if (i == 1 && from == 1) return SKIP;
                    return i + 1 > max ? NEVER : i + 1;
                }
            }
            return n >= max ? NEVER : MORE;
        }
    }

    /**
     * A length field at {@code offset} of {@code size} bytes. As in Netty's LengthFieldBasedFrameDecoder, frame
     * length = value + adjust, + the header up to the field's end unless {@code countsHeader} (the value is the
     * whole frame's length already).
     */
    public static final class LengthField extends Framing {
        final int offset;
        final int size;
        final boolean littleEndian;
        final int adjust;
        final boolean countsHeader;

        LengthField(int offset, int size, boolean littleEndian, int adjust, boolean countsHeader, int max) {
            super(max);
            this.offset = offset;
            this.size = size;
            this.littleEndian = littleEndian;
            this.adjust = adjust;
            this.countsHeader = countsHeader;
        }

        @Override
        int frame(byte[] b, int n) {
            int header = offset + size;
            if (n < header) return MORE;
            long length = Field.getInt(b, offset, size, littleEndian) + adjust + (countsHeader ? 0 : header);
            if (length < header || length > max) return NEVER;
            return n >= length ? (int) length : MORE;
        }
    }
}
