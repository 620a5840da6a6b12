package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersDecoder;

/**
 * Netty's HPACK decoder for the answers' header blocks, skipped for a block byte-equal to the last one: a load test
 * reads the same answer head thousands of times a second (a server's Date changes once a second), and decoding it
 * again (Huffman-coded Server, Date and Content-Type from nginx, each also entered into the dynamic table and evicted
 * again) was the largest part of Brink's HTTP/2 read path.
 *
 * <p>Only sound while the dynamic table is off: Brink's SETTINGS ask for a table of 0 bytes (the
 * SETTINGS_HEADER_TABLE_SIZE {@link H2Connection} sends), and once the server has acknowledged them Netty's decoder
 * holds no entry, so a block's fields depend on its bytes alone. Before that acknowledgement, or if the table is
 * ever larger, every block is decoded. The headers given back for a repeated block are the same object as the last
 * time: Netty's HTTP/2 decoder and {@link H2Link} only read them. One per connection; event-loop confined.
 */
final class H2AnswerHeaders implements Http2HeadersDecoder {
    private final DefaultHttp2HeadersDecoder decoder;
    private final ByteBuf lastBytes = Unpooled.buffer(128); // the last block's bytes (grows as needed)
    private int lastLength = -1;
    private Http2Headers lastHeaders;

    H2AnswerHeaders(boolean validate) {
        this.decoder = new DefaultHttp2HeadersDecoder(validate);
    }

    @Override
    public Http2Headers decodeHeaders(int streamId, ByteBuf block) throws Http2Exception {
        if (decoder.maxHeaderTableSize() != 0) { // the table may hold entries: no block stands for itself
            lastLength = -1;
            lastHeaders = null;
            return decoder.decodeHeaders(streamId, block);
        }
        int n = block.readableBytes();
        int at = block.readerIndex();
        if (n == lastLength && ByteBufUtil.equals(block, at, lastBytes, 0, n)) {
            block.skipBytes(n);
            return lastHeaders;
        }
        Http2Headers h = decoder.decodeHeaders(streamId, block);
        lastBytes.clear().writeBytes(block, at, n);
        lastLength = n;
        lastHeaders = h;
        return h;
    }

    @Override
    public Configuration configuration() {
        return decoder.configuration();
    }
}
