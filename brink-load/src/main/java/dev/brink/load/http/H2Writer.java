package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * How Brink's requests leave one HTTP/2 connection ({@link H2Connection}): HEADERS frames written into one pooled
 * buffer per flush, and one flush per read or event-loop turn, not per request, as h2load writes a batch of streams
 * at once. A flush per request cost a TLS record, an SSL_write and a write syscall each; Netty's encoder, two buffers
 * and a promise per frame, each an entry in the TLS handler's queue.
 *
 * <p>It sits in the pipeline just before Netty's HTTP/2 handler, to see a read start and end: requests that answers
 * made due during a read go out with the flush the HTTP/2 handler makes when the read ends (its channelReadComplete);
 * others (a tick's) with one flush task per turn of the loop. Either is the same turn, microseconds later, and counts
 * in the request's service time. Event-loop confined.
 */
final class H2Writer extends ChannelInboundHandlerAdapter {
    /** SETTINGS_MAX_FRAME_SIZE's initial value, the least a peer may set: a header block longer than this continues. */
    static final int MAX_FRAME = 16_384;
    /** The HEADERS buffer's size: a request's frame is some 30-100 bytes, a batch of them fits. */
    private static final int BATCH = 4096;

    private final Channel channel;
    /** The HTTP/2 handler's context: frames written from it go through TLS to the socket, not through the handler. */
    private ChannelHandlerContext h2;
    private boolean reading;
    private boolean flushQueued;
    private final Runnable flushTask = this::flushQueued;
    /** The HEADERS frames written since the last flush; null when none. */
    private ByteBuf out;
    /** The header block being framed (a scratch buffer, reused). */
    private final ByteBuf block = Unpooled.buffer(256);
    /**
     * Where a request is encoded as HTTP/1.1 before it is turned into frames: one buffer for all the connection's
     * requests (encoding and sending follow each other on the event loop), never released, so a request costs no
     * pooled buffer; a body is copied out of it into one of its own for DATA.
     */
    private final ByteBuf request = Unpooled.unreleasableBuffer(Unpooled.buffer(256));

    H2Writer(Channel channel) {
        this.channel = channel;
    }

    /** Once the HTTP/2 handler is in the pipeline, after this one. */
    void start(ChannelHandlerContext http2) {
        this.h2 = http2;
    }

    /** The buffer the next request is to be encoded into, empty. */
    ByteBuf requestBuffer() {
        return request.clear();
    }

    /** The buffer the next header block is to be written into, empty; {@link #headers} frames it. */
    ByteBuf block() {
        return block.clear();
    }

    /** Frames {@link #block} as HEADERS for stream {@code id} (CONTINUATION past the smallest frame size every peer takes). */
    void headers(int id, boolean endStream) {
        int n = block.readableBytes();
        int frames = Math.max(1, (n + MAX_FRAME - 1) / MAX_FRAME);
        int size = n + frames * 9;
        if (out != null && out.writableBytes() < size) drain(); // a full buffer goes; a new one, not a copy to grow it
        if (out == null) out = h2.alloc().directBuffer(Math.max(BATCH, size));
        for (int f = 0; f < frames; f++) {
            int len = Math.min(MAX_FRAME, block.readableBytes());
            boolean last = f == frames - 1;
            int flags = (last ? 0x4 : 0) | (f == 0 && endStream ? 0x1 : 0); // END_HEADERS, END_STREAM
            out.writeMedium(len);
            out.writeByte(f == 0 ? 0x1 : 0x9); // HEADERS, CONTINUATION
            out.writeByte(flags);
            out.writeInt(id);
            out.writeBytes(block, len);
        }
    }

    /**
     * Frames {@code data} (read, left as it is) as one DATA frame with END_STREAM for stream {@code id}, after its
     * HEADERS; at most {@link #MAX_FRAME} bytes, within the flow-control windows the caller has taken them from.
     */
    void data(int id, ByteBuf data) {
        int n = data.readableBytes();
        int size = n + 9;
        if (out != null && out.writableBytes() < size) drain();
        if (out == null) out = h2.alloc().directBuffer(Math.max(BATCH, size));
        out.writeMedium(n);
        out.writeByte(0x0); // DATA
        out.writeByte(0x1); // END_STREAM
        out.writeInt(id);
        out.writeBytes(data, data.readerIndex(), n);
    }

    /**
     * Hands the HEADERS frames written so far to the channel, unflushed: before any frame Netty writes for Brink (a
     * body's DATA, a RST_STREAM), which must follow its stream's HEADERS, and before each flush.
     */
    void drain() {
        ByteBuf o = out;
        if (o == null) return;
        out = null;
        h2.write(o, h2.voidPromise());
    }

    /** Sends what was written: when the read under way ends, else once this turn's tasks are done. */
    void flushSoon() {
        if (reading || flushQueued) return;
        flushQueued = true;
        channel.eventLoop().execute(flushTask);
    }

    private void flushQueued() {
        flushQueued = false;
        drain();
        channel.flush();
    }

    @Override
    public void channelRead(ChannelHandlerContext c, Object msg) {
        reading = true;
        c.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext c) {
        reading = false;
        drain(); // the HTTP/2 handler flushes next
        c.fireChannelReadComplete();
    }

    @Override
    public void channelInactive(ChannelHandlerContext c) {
        if (out != null) {
            out.release();
            out = null;
        }
        c.fireChannelInactive();
    }
}
