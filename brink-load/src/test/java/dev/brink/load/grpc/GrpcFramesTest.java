package dev.brink.load.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/** The message counter of a gRPC answer, fed the same bytes cut into DATA frames at every possible pair of places. */
class GrpcFramesTest {
    @Test
    void countsEachMessageOnceWhereverTheFramesSplitIt() {
        // three messages: empty, one byte, and one longer than 255 bytes (its length needs two prefix bytes)
        ByteBuf all = Unpooled.buffer();
        for (int len : new int[] {0, 1, 300}) {
            all.writeByte(0).writeInt(len);
            for (int i = 0; i < len; i++) all.writeByte(i);
        }
        int n = all.readableBytes();
        GrpcFrames frames = new GrpcFrames();
        for (int a = 0; a <= n; a++) {
            for (int b = a; b <= n; b++) {
                frames.reset();
                int ended = frames.feed(all.slice(0, a)) + frames.feed(all.slice(a, b - a)) + frames.feed(all.slice(b, n - b));
                assertThat(ended).as("cut at %d and %d", a, b).isEqualTo(3);
                assertThat(frames.atBoundary()).isTrue();
            }
        }
        frames.reset();
        assertThat(frames.feed(all.slice(0, n - 1))).as("the last byte missing").isEqualTo(2);
        assertThat(frames.atBoundary()).isFalse();
        assertThat(all.readerIndex()).as("the bytes are read in place").isZero();
    }
}
