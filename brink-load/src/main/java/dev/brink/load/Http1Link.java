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
        if (o.passes(status)) o.live.ok++;
        else if (status >= 400 || o.checkStatus == 0) o.live.httpError(status);
        else o.live.kinds[ErrorKind.CHECK_FAILED.ordinal()]++;
        loop.complete(this, keepAlive);
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
                    ResponseParser.Result r = parser.parse(buf);
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
