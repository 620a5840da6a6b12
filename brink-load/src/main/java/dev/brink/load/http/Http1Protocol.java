package dev.brink.load.http;

import dev.brink.load.engine.ChannelLinks;
import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.Protocol;
import dev.brink.load.engine.RequestContext;
import io.netty.bootstrap.Bootstrap;
import java.net.InetSocketAddress;

/**
 * HTTP/1.1 over keep-alive connections: one link is one TCP connection carrying one request at a time
 * (no pipelining). Requests are pre-encoded per operation by {@link RequestEncoder}, responses parsed in
 * place by {@link ResponseParser}.
 */
public final class Http1Protocol implements Protocol {
    private final Bootstrap bootstrap;
    private final InetSocketAddress address;
    private final RequestEncoder[] encoders; // by operation index
    private final java.net.URI base;

    /** {@code base}: the target's base URL, against which a followed redirect's Location is resolved. */
    public Http1Protocol(Bootstrap bootstrap, InetSocketAddress address, RequestEncoder[] encoders, java.net.URI base) {
        this.bootstrap = bootstrap;
        this.address = address;
        this.encoders = encoders;
        this.base = base;
    }

    java.net.URI base() {
        return base;
    }

    /** A new connection for a link whose server closed the last one in the middle of a redirect chain. */
    io.netty.channel.ChannelFuture reconnect(io.netty.channel.ChannelHandler handler) {
        return ChannelLinks.connect(bootstrap, address, handler);
    }

    RequestEncoder encoder(int op) {
        return encoders[op];
    }

    @Override
    public boolean refuses(OpState op, RequestContext ctx) {
        return encoders[op.index].refuses(ctx);
    }

    @Override
    public void open(LoadLoop loop) {
        Http1Link link = new Http1Link(loop, this);
        ChannelLinks.open(bootstrap, address, loop, link, link.handler(), ch -> link.channel = ch);
    }
}
