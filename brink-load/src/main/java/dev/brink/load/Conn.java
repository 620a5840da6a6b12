package dev.brink.load;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.buffer.ByteBuf;

/**
 * One keep-alive HTTP/1.1 connection and the request it carries (at most one: no pipelining, so a
 * response always belongs to the request in flight). Event-loop confined; the fields are reset per
 * request, never reallocated.
 */
final class Conn extends ChannelInboundHandlerAdapter {
    private final LoadLoop loop;
    private final ResponseParser parser = new ResponseParser();
    Channel channel;
    boolean busy;
    boolean gone; // closed or closing: never reused, counted out once
    OpState op;
    long intended;
    long sent;
    int user;
    int status;
    boolean keepAlive;

    Conn(LoadLoop loop) {
        this.loop = loop;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf buf = (ByteBuf) msg;
        try {
            while (buf.isReadable() && !gone) {
                if (!busy) { // bytes nobody asked for: the connection is out of step
                    loop.fail(this, ErrorKind.OTHER);
                    return;
                }
                ResponseParser.Result r = parser.parse(buf);
                if (r == ResponseParser.Result.ERROR) {
                    loop.fail(this, ErrorKind.OTHER);
                    return;
                }
                if (r == ResponseParser.Result.DONE) {
                    status = parser.status();
                    keepAlive = parser.keepAlive();
                    parser.reset();
                    loop.complete(this);
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
            loop.complete(this);
        }
        loop.closed(this);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        loop.fail(this, ErrorKind.ofIo(cause));
    }
}
