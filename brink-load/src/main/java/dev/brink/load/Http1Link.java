package dev.brink.load;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One keep-alive HTTP/1.1 connection and the request it carries (at most one: no pipelining, so a
 * response always belongs to the request in flight). Event-loop confined; the fields are reset per
 * request, never reallocated.
 */
final class Http1Link extends Link {
    private final Http1Protocol protocol;
    private final ResponseParser parser = new ResponseParser();
    Channel channel;
    private int status;
    private boolean keepAlive;
    // the response's bytes, copied only for operations that capture (see OpState.captures); grown, never shrunk
    private byte[] capture = new byte[0];
    private int captured;
    /** A response longer than this is read for the session only up to here (an id sits near the top of a page). */
    static final int MAX_CAPTURE = 1 << 20;

    Http1Link(LoadLoop loop, Http1Protocol protocol) {
        super(loop);
        this.protocol = protocol;
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        ByteBuf buf = channel.alloc().directBuffer(op.sizeHint);
        protocol.encoder(op.index).encode(buf, ctx);
        if (buf.readableBytes() > op.sizeHint) op.sizeHint = buf.readableBytes();
        status = 0;
        captured = 0;
        channel.writeAndFlush(buf, channel.voidPromise());
    }

    @Override
    protected void close() {
        channel.close();
    }

    ChannelInboundHandlerAdapter handler() {
        return new Handler();
    }

    private void done() {
        OpState o = op;
        failed = true;
        if (!o.passes(status)) {
            if (status >= 400 || o.checkStatus == 0) o.live.httpError(status);
            else o.live.kinds[ErrorKind.CHECK_FAILED.ordinal()]++;
        } else if (o.contentChecks.length > 0 && !contentPasses(o)) {
            o.live.kinds[ErrorKind.CHECK_FAILED.ordinal()]++;
        } else if (o.captures && !absorb(o)) {
            o.live.kinds[ErrorKind.EXTRACT_FAILED.ordinal()]++;
        } else {
            o.live.ok++;
            failed = false;
        }
        loop.complete(this, keepAlive);
    }

    private boolean contentPasses(OpState o) {
        dev.brink.load.flow.CapturedResponse r = dev.brink.load.flow.CapturedResponse.parse(capture, captured);
        for (dev.brink.load.flow.ContentCheck c : o.contentChecks) if (!c.passes(r)) return false;
        return true;
    }

    private boolean absorb(OpState o) {
        Session s = loop.session(user);
        return s == null ? o.extractors.length == 0 : s.absorb(o, capture, captured);
    }

    /** Copies {@code buf[from, to)} into the capture, up to {@link #MAX_CAPTURE}. */
    private void capture(ByteBuf buf, int from, int to) {
        int n = Math.min(to - from, MAX_CAPTURE - captured);
        if (n <= 0) return;
        if (captured + n > capture.length) {
            capture = java.util.Arrays.copyOf(capture, Math.min(MAX_CAPTURE, Math.max(captured + n, capture.length * 2)));
        }
        buf.getBytes(from, capture, captured, n);
        captured += n;
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            try {
                while (buf.isReadable() && !gone) {
                    if (!busy) { // bytes nobody asked for: the connection is out of step
                        loop.fail(Http1Link.this, ErrorKind.OTHER);
                        return;
                    }
                    int from = buf.readerIndex();
                    ResponseParser.Result r = parser.parse(buf);
                    if (op.captures) capture(buf, from, buf.readerIndex());
                    if (r == ResponseParser.Result.ERROR) {
                        loop.fail(Http1Link.this, ErrorKind.OTHER);
                        return;
                    }
                    if (r == ResponseParser.Result.DONE) {
                        status = parser.status();
                        keepAlive = parser.keepAlive();
                        parser.reset();
                        done();
                    }
                }
            } finally {
                buf.release();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (busy && parser.readingUntilClose()) { // a body without a length ends with the connection
                status = parser.status();
                keepAlive = false;
                done();
            }
            loop.closed(Http1Link.this);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            loop.fail(Http1Link.this, ErrorKind.ofIo(cause));
        }
    }
}
