package dev.brink.load.tcp;

import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.Link;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One device's connection and its session. The first request on the link logs in (binding the CSV row of
 * that request to the session), the following ones send data packets, the last one logs out; then the link
 * is not reusable and the loop closes it, so the next request starts a new session on a new connection.
 * Responses accumulate in a per-link array sized to the frame limit and are framed there; bytes nobody asked
 * for (no request in flight) put the connection out of step and close it.
 */
final class TcpLink extends Link {
    private final TcpProtocol protocol;
    private final Session session;
    private final Response response;
    private final byte[] in;
    private int received;
    private boolean started;
    /** Made once: completing a fire-and-forget packet later on the event loop costs no allocation. */
    private final Runnable sentAndForgotten = this::sentAndForgotten;
    Channel channel;

    TcpLink(LoadLoop loop, TcpProtocol protocol) {
        super(loop);
        this.protocol = protocol;
        this.session = new Session(protocol.spec.variables.length);
        this.response = protocol.spec.response;
        this.in = new byte[Math.max(1, response.framing.max)];
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        if (!started) {
            long n = protocol.nextSession();
            protocol.spec.start(session, n, System.currentTimeMillis(), ctx.row(), protocol.seedFor(n));
            started = true;
        }
        Packet p = protocol.spec.next(session);
        int len = p.encode(session, protocol.scratch, protocol.wire);
        ByteBuf buf = channel.alloc().directBuffer(len);
        buf.writeBytes(protocol.wire, 0, len);
        received = 0;
        if (!response.expected()) {
            // fire-and-forget: done once handed to the socket; a write that fails closes the channel (counted then)
            channel.writeAndFlush(buf, channel.voidPromise());
            channel.eventLoop().execute(sentAndForgotten); // not here: the loop may send again from complete()
            return;
        }
        channel.writeAndFlush(buf, channel.voidPromise());
    }

    private void sentAndForgotten() {
        if (!busy || gone) return; // the channel went away meanwhile: the loop counted it
        countOk();
        loop.complete(this, !protocol.spec.ended(session));
    }

    @Override
    protected void close() {
        channel.close();
    }

    @Override
    protected ErrorKind timeoutKind() {
        return received > 0 ? ErrorKind.UNFRAMED : ErrorKind.REQUEST_TIMEOUT;
    }

    /** The session's variables, for tests that check what was sent. */
    Session session() {
        return session;
    }

    ChannelInboundHandlerAdapter handler() {
        return new Handler();
    }

    private final class Handler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            try {
                while (buf.isReadable() && !gone) {
                    if (!busy || !response.expected()) { // bytes nobody asked for: the connection is out of step
                        loop.fail(TcpLink.this, ErrorKind.OTHER);
                        return;
                    }
                    int n = Math.min(buf.readableBytes(), in.length - received);
                    buf.readBytes(in, received, n);
                    received += n;
                    if (!frame()) return;
                }
            } finally {
                buf.release();
            }
        }

        /** Frames what is received; false when the link failed. */
        private boolean frame() {
            while (true) {
                int f = response.framing.frame(in, received);
                if (f == Framing.MORE) {
                    if (received == in.length) {
                        loop.fail(TcpLink.this, ErrorKind.UNFRAMED);
                        return false;
                    }
                    return true;
                }
                if (f == Framing.NEVER) {
                    loop.fail(TcpLink.this, ErrorKind.UNFRAMED);
                    return false;
                }
                if (f == Framing.SKIP) {
                    shift(1);
                    continue;
                }
                if (received > f) { // more than one frame for one request: out of step
                    loop.fail(TcpLink.this, ErrorKind.OTHER);
                    return false;
                }
                ErrorKind k = response.verify(in, f, session);
                if (k == null) countOk();
                else countError(k);
                received = 0;
                loop.complete(TcpLink.this, !protocol.spec.ended(session));
                return true;
            }
        }

        private void shift(int n) {
            System.arraycopy(in, n, in, 0, received - n);
            received -= n;
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            loop.closed(TcpLink.this);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            loop.fail(TcpLink.this, ErrorKind.ofIo(cause));
        }
    }
}
