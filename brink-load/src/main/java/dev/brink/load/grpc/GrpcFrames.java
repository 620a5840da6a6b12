package dev.brink.load.grpc;

import io.netty.buffer.ByteBuf;

/**
 * Counts the length-prefixed messages of one gRPC answer as its DATA frames arrive (gRPC over HTTP/2: each message
 * is a compressed flag byte, a 4-byte big-endian length, then that many bytes). A message may span DATA frames and a
 * frame may hold several messages, so the position in the current prefix or message carries over from one frame to
 * the next. The message bytes are skipped, never copied: messages are counted, not decoded. One per call slot,
 * reset per call; event-loop confined.
 */
final class GrpcFrames {
    private static final int PREFIX = 5;

    private int prefixRead; // bytes of the current message's prefix read so far, 0-5
    private long length; // the current message's length, assembled from its prefix
    private long remaining; // bytes of the current message still to come once its prefix is read

    void reset() {
        prefixRead = 0;
        length = 0;
        remaining = 0;
    }

    /** Reads {@code data} (its indexes stay as they are) and returns how many messages ended in it. */
    int feed(ByteBuf data) {
        int at = data.readerIndex();
        int end = data.writerIndex();
        int ended = 0;
        while (at < end) {
            if (prefixRead < PREFIX) {
                int b = data.getUnsignedByte(at++);
                if (prefixRead > 0) length = length << 8 | b; // byte 0 is the compressed flag
                if (++prefixRead == PREFIX) {
                    remaining = length;
                    if (remaining == 0) {
                        ended++;
                        prefixRead = 0;
                        length = 0;
                    }
                }
                continue;
            }
            long take = Math.min(remaining, end - at);
            at += (int) take;
            remaining -= take;
            if (remaining == 0) {
                ended++;
                prefixRead = 0;
                length = 0;
            }
        }
        return ended;
    }

    /** True between messages: no prefix or message partly read. */
    boolean atBoundary() {
        return prefixRead == 0;
    }
}
