package dev.brink.load.http;

import dev.brink.load.engine.Ascii;
import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.Link;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.Session;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One keep-alive HTTP/1.1 connection and the request it carries (at most one: no pipelining, so a
 * response always belongs to the request in flight). Event-loop confined; the fields are reset per
 * request, never reallocated.
 */
public final class Http1Link extends Link {
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
    private static final byte[] GET = Ascii.bytes("GET");
    private static final byte[] HEAD = Ascii.bytes("HEAD");
    private static final byte[] POST = Ascii.bytes("POST");
    // the redirect chain of the request in flight (operations that follow redirects only)
    private int hops;
    private byte[] method;
    private boolean hasBody;
    private byte[] path = new byte[64]; // the path and query that was asked, grown, never shrunk
    private int pathLength;

    Http1Link(LoadLoop loop, Http1Protocol protocol) {
        super(loop);
        this.protocol = protocol;
    }

    @Override
    protected void send(OpState op, RequestContext ctx) {
        ByteBuf buf = channel.alloc().directBuffer(op.sizeHint);
        RequestEncoder encoder = protocol.encoder(op.index);
        encoder.encode(buf, ctx);
        if (buf.readableBytes() > op.sizeHint) op.sizeHint = buf.readableBytes();
        status = 0;
        captured = 0;
        if (op.followRedirects > 0) {
            hops = 0;
            method = encoder.method;
            hasBody = encoder.sendsBody();
            rememberPath(buf);
        }
        channel.writeAndFlush(buf, channel.voidPromise());
    }

    /** Copies the request target (between the request line's two spaces) so a relative Location resolves against it. */
    private void rememberPath(ByteBuf buf) {
        int from = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) ' ') + 1;
        int to = buf.indexOf(from, buf.writerIndex(), (byte) ' ');
        pathLength = Math.max(0, to - from);
        if (pathLength > path.length) path = new byte[pathLength];
        buf.getBytes(from, path, 0, pathLength);
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
        if (o.followRedirects > 0 && status >= 300 && status < 400 && status != 304 && followed(o)) return;
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

    /**
     * A redirect of an operation that follows them: true when it is taken care of, either a hop sent (on this
     * connection, or on a new one when the server closes this one) or the request ended as
     * {@code too-many-redirects} or {@code redirect-off-target}; false when the 3xx is the answer (no Location, or
     * a 307/308 that would need the request's body sent again, which Brink does not keep). The hop is part of the
     * request: one request counted, timed from its intended start to the last hop's answer, and the request
     * timeout covers the whole chain. Checks and extraction apply to the last answer.
     */
    private boolean followed(OpState o) {
        dev.brink.load.flow.CapturedResponse r = dev.brink.load.flow.CapturedResponse.parse(capture, captured);
        String location = r.header("location");
        byte[] next = hopMethod();
        if (location == null || next == null) return false;
        if (hops >= o.followRedirects) return endChain(ErrorKind.TOO_MANY_REDIRECTS);
        String target = Redirect.target(protocol.base(), new String(path, 0, pathLength, java.nio.charset.StandardCharsets.ISO_8859_1), location);
        if (target == null) return endChain(ErrorKind.REDIRECT_OFF_TARGET);
        Session s = loop.session(user);
        if (s != null) s.absorbCookies(r); // a login's redirect sets the session cookie the next page needs
        hops++;
        method = next;
        hasBody = false;
        byte[] t = Ascii.bytes(target);
        if (t.length > path.length) path = new byte[t.length];
        System.arraycopy(t, 0, path, 0, t.length);
        pathLength = t.length;
        ByteBuf buf = channel.alloc().directBuffer(op.sizeHint);
        protocol.encoder(o.index).encodeHop(buf, next, t, s);
        status = 0;
        captured = 0;
        if (keepAlive) channel.writeAndFlush(buf, channel.voidPromise());
        else reconnectAndSend(buf);
        return true;
    }

    /** RFC 9110 15.4 as browsers do it: 303, and 301/302 after a POST, become GET; else the same method, if it had no body. */
    private byte[] hopMethod() {
        if (status == 303 || (status == 301 || status == 302) && java.util.Arrays.equals(method, POST)) {
            return java.util.Arrays.equals(method, HEAD) ? HEAD : GET;
        }
        return hasBody ? null : method;
    }

    private boolean endChain(ErrorKind kind) {
        failed = true;
        countError(kind);
        loop.complete(this, keepAlive);
        return true;
    }

    /** The server closes this connection after its redirect: the hop goes on a new one, this link's from now on. */
    private void reconnectAndSend(ByteBuf hop) {
        Channel old = channel;
        parser.reset();
        io.netty.channel.ChannelFuture f = protocol.reconnect(new Handler());
        channel = f.channel(); // from here the old channel's events are ignored (see Handler)
        old.close();
        f.addListener(done -> {
            if (gone || !busy) {
                hop.release();
            } else if (done.isSuccess()) {
                channel.writeAndFlush(hop, channel.voidPromise());
            } else {
                hop.release();
                loop.fail(this, ErrorKind.ofConnect(done.cause()));
            }
        });
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
