package dev.brink.load.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Headers;
import org.junit.jupiter.api.Test;

/**
 * The answers' header blocks, as a server's HPACK encoder (Netty's) writes them, before and after Brink's header
 * table of 0 bytes is in force: every block reads back as the fields the server sent, and a block equal to the last
 * one is not decoded again once no table entry can change what it means.
 */
class H2AnswerHeadersTest {
    private final DefaultHttp2HeadersEncoder server = new DefaultHttp2HeadersEncoder();
    private final H2AnswerHeaders client = new H2AnswerHeaders(false);

    private static Http2Headers answer(String date) {
        return new DefaultHttp2Headers().status("200").add("server", "nginx/1.22.1").add("date", date)
                .add("content-type", "application/octet-stream").add("content-length", "3");
    }

    private Http2Headers roundTrip(Http2Headers sent) throws Exception {
        ByteBuf block = Unpooled.buffer();
        server.encodeHeaders(1, sent, block);
        try {
            Http2Headers read = client.decodeHeaders(1, block);
            assertThat(block.isReadable()).as("the block is consumed").isFalse();
            return read;
        } finally {
            block.release();
        }
    }

    @Test
    void whileTheServerMayIndexEveryBlockIsDecodedWithTheTable() throws Exception {
        Http2Headers first = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        // the second block refers to the entries the first one added: its bytes differ, its fields do not
        Http2Headers second = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        Http2Headers third = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        assertThat(first).isEqualTo(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        assertThat(second).isEqualTo(first);
        assertThat(third).isEqualTo(first).isNotSameAs(second);
    }

    @Test
    void withTheTableOffARepeatedBlockIsTheLastAnswersHeaders() throws Exception {
        roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT")); // entries in the table before the settings take hold
        client.configuration().maxHeaderTableSize(0); // the server acknowledged Brink's SETTINGS
        server.configuration().maxHeaderTableSize(0); // and its encoder took the size: its next block says so
        Http2Headers resized = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        Http2Headers decoded = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        Http2Headers repeated = roundTrip(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        Http2Headers nextSecond = roundTrip(answer("Sat, 28 Nov 2026 05:50:01 GMT"));
        assertThat(resized).isEqualTo(answer("Sat, 28 Nov 2026 05:50:00 GMT"));
        assertThat(decoded).isEqualTo(resized);
        assertThat(repeated).isSameAs(decoded);
        assertThat(nextSecond).isEqualTo(answer("Sat, 28 Nov 2026 05:50:01 GMT"));
        assertThat(roundTrip(answer("Sat, 28 Nov 2026 05:50:01 GMT"))).isSameAs(nextSecond);
    }
}
