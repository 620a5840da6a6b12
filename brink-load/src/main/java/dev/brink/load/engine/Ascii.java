package dev.brink.load.engine;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** Writes numbers as ASCII straight into a ByteBuf: no String, no heap allocation. */
public final class Ascii {
    private static final byte[] MIN_LONG = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);

    private Ascii() {
    }

    static void writeLong(ByteBuf buf, long v) {
        if (v == Long.MIN_VALUE) {
            buf.writeBytes(MIN_LONG);
            return;
        }
        if (v < 0) {
            buf.writeByte('-');
            v = -v;
        }
        int digits = digits(v);
        int at = buf.writerIndex();
        buf.ensureWritable(digits);
        for (int i = digits - 1; i >= 0; i--) {
            buf.setByte(at + i, (int) ('0' + v % 10));
            v /= 10;
        }
        buf.writerIndex(at + digits);
    }

    /** Writes cents (value × 100) as a decimal with exactly two fraction digits: 1234 → "12.34". */
    static void writeCents(ByteBuf buf, long cents) {
        if (cents < 0) {
            buf.writeByte('-');
            cents = -cents;
        }
        writeLong(buf, cents / 100);
        buf.writeByte('.');
        long frac = cents % 100;
        buf.writeByte((int) ('0' + frac / 10));
        buf.writeByte((int) ('0' + frac % 10));
    }

    static int digits(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
