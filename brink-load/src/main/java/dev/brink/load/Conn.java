package dev.brink.load;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * One keep-alive HTTP/1.1 connection and the request it carries (at most one: no pipelining, so a
 * response always belongs to the request in flight). Event-loop confined; the fields are reset per
 * request, never reallocated.
 */
final class Conn extends ChannelInboundHandlerAdapter {
    private final LoadLoop loop;
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
        try {
            if (!busy) { // an answer nobody asked for: the connection is out of step
                loop.fail(this, ErrorKind.OTHER);
                return;
            }
            if (msg instanceof HttpResponse r) {
                if (r.decoderResult().isFailure()) {
                    loop.fail(this, ErrorKind.OTHER);
                    return;
                }
                status = r.status().code();
                keepAlive = HttpUtil.isKeepAlive(r);
            }
            if (msg instanceof LastHttpContent last) {
                if (last.decoderResult().isFailure()) {
                    loop.fail(this, ErrorKind.OTHER);
                    return;
                }
                loop.complete(this);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        loop.closed(this);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        loop.fail(this, ErrorKind.ofIo(cause));
    }
}
