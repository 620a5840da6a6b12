package dev.brink.load.http;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.unix.Socket;
import io.netty.channel.unix.UnixChannel;
import java.io.IOException;

/**
 * One keep-alive HTTP/1.1 connection (plaintext or TLS) and the request it carries (at most one: no pipelining, so
 * a response always belongs to the request in flight). Event-loop confined; the fields are reset per request, never
 * reallocated.
 */
public final class Http1Link extends HttpLink {
    private final Http1Protocol protocol;
    private final ResponseParser parser = new ResponseParser();
    Channel channel;
    private boolean keepAlive;
    /**
     * The request buffer, kept from one request to the next: the channel gets a reference of its own and releases it
     * once the bytes are written (or the write failed), which leaves this one. A pooled allocation and release per
     * request less; one buffer of a request's size per connection, released when the link's channel goes.
     */
    private ByteBuf request;

    Http1Link(LoadLoop loop, Http1Protocol protocol, RequestEncoder[] encoders) {
        super(loop, encoders, protocol.base());
        this.protocol = protocol;
    }

    /** The channel {@link #socket} was looked up for, and its socket when requests may be sent on it directly, else null. */
    private Channel socketOf;
    private Socket socket;

    @Override
    protected void send(OpState op, RequestContext ctx) {
        ByteBuf buf = encode(op, ctx);
        if (!sentDirectly(buf)) channel.writeAndFlush(buf, channel.voidPromise());
    }

    /**
     * Sends the whole request with one send(2) on the connection's socket, past the channel's pipeline and outbound
     * buffer, when nothing else can be in the way: plaintext over epoll (TLS must go through its SslHandler), on the
     * channel's own event loop, nothing queued before it. One request in flight per connection means the queue is
     * empty every time but after a partial write. Why: a closed loop sends a request per answer, and the pipeline's
     * write and flush (a promise check, an outbound-buffer entry taken from and returned to its recycler, the flush's
     * bookkeeping around the same send) were about 3 % of a closed loop's perf samples against nginx, a seventh of
     * the event loop's Java time. Measured on the event-loop thread over seconds 6-13 of 14 s runs, 5 interleaved pairs
     * (/proc per-thread times, 32 connections, nginx on the other core): user time 1.95 against 2.01 us per request,
     * lower in 4 pairs of 5; its kernel time, 4.9-6.5 us per request, moves more from run to run than that.
     * False, with the sent bytes skipped, when the socket took only part of it (its buffer full) or the send failed:
     * the channel's own write then sends the rest, or meets the same error and fails the link as it always has.
     */
    private boolean sentDirectly(ByteBuf buf) {
        if (socketOf != channel) {
            socketOf = channel;
            socket = !protocol.tls() && channel instanceof UnixChannel u && u.fd() instanceof Socket s ? s : null;
        }
        if (socket == null || !buf.hasMemoryAddress() || !channel.eventLoop().inEventLoop()) return false;
        ChannelOutboundBuffer queued = channel.unsafe().outboundBuffer();
        if (queued == null || queued.totalPendingWriteBytes() != 0 || !channel.isActive()) return false;
        int n;
        try {
            n = socket.sendAddress(buf.memoryAddress(), buf.readerIndex(), buf.writerIndex());
        } catch (IOException e) {
            return false;
        }
        if (n < buf.readableBytes()) {
            buf.skipBytes(n);
            return false;
        }
        buf.release(); // the reference the channel would have released after its write
        return true;
    }

    @Override
    protected ByteBuf buffer(int size) {
        ByteBuf b = request;
        if (b != null && b.refCnt() == 1) return b.clear().retain(); // the last request's write is over
        if (b != null) b.release(); // still queued (never expected: one request at a time): the channel frees it
        request = b = channel.alloc().directBuffer(size);
        return b.retain();
    }

    private void releaseRequest() {
        if (request != null) {
            request.release();
            request = null;
        }
    }

    @Override
    protected boolean reusable() {
        return keepAlive && !protocol.perCall();
    }

    @Override
    protected void close() {
        channel.close();
    }

    ChannelInboundHandlerAdapter handler() {
        return new Handler();
    }

    @Override
    protected void sendHop(ByteBuf hop) {
        if (keepAlive) channel.writeAndFlush(hop, channel.voidPromise());
        else reconnectAndSend(hop);
    }

    /** The server closes this connection after its redirect: the hop goes on a new one, this link's from now on. */
    private void reconnectAndSend(ByteBuf hop) {
        Channel old = channel;
        parser.reset();
        HttpConnector.Opening f = protocol.reconnect();
        channel = f.channel(); // from here the old channel's events are ignored (see Handler)
        old.close();
        f.ready().addListener(done -> {
            if (gone || !busy) {
                hop.release();
                releaseRequest(); // no handler on the new channel: its close would not release it
                f.channel().close();
            } else if (done.isSuccess()) {
                channel.pipeline().addLast(new Handler());
                channel.writeAndFlush(hop, channel.voidPromise());
            } else {
                hop.release();
                releaseRequest();
                loop.fail(this, HttpConnector.kind(done.cause()));
            }
        });
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            try {
                while (buf.isReadable() && !gone && ctx.channel() == channel) { // a channel left behind by a redirect: ignored
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
            if (ctx.channel() != channel) return;
            releaseRequest();
            if (busy && parser.readingUntilClose()) { // a body without a length ends with the connection
                status = parser.status();
                keepAlive = false;
                done();
                if (ctx.channel() != channel) return; // a redirect followed on a new connection
            }
            loop.closed(Http1Link.this);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (ctx.channel() != channel) return;
            loop.fail(Http1Link.this, ErrorKind.ofIo(cause));
        }
    }
}
