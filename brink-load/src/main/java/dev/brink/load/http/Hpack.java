package dev.brink.load.http;

import io.netty.buffer.ByteBuf;

/** HPACK's primitive (RFC 7541), for the header blocks Brink frames itself: HTTP/2 requests' and gRPC calls'. */
public final class Hpack {
    private Hpack() {
    }

    /** RFC 7541 5.1: {@code value} with an N-bit prefix after the bits {@code first}. */
    public static void integer(ByteBuf block, int first, int prefixBits, int value) {
        int max = (1 << prefixBits) - 1;
        if (value < max) {
            block.writeByte(first | value);
            return;
        }
        block.writeByte(first | max);
        value -= max;
        while (value >= 0x80) {
            block.writeByte((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        block.writeByte(value);
    }
}
