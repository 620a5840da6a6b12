package dev.brink.load.http;

import dev.brink.load.engine.LoadLoop;
import dev.brink.load.engine.OpState;
import dev.brink.load.engine.Protocol;
import dev.brink.load.engine.RequestContext;
import dev.brink.load.engine.TlsSummary;

/**
 * HTTP/1.1 over keep-alive connections, plaintext or TLS: one link is one TCP connection carrying one request at a
 * time (no pipelining). Requests are pre-encoded per operation by {@link RequestEncoder}, responses parsed in
 * place by {@link ResponseParser}. With the {@code per-call} policy a connection carries one request and is closed
 * after its answer, so every request pays a TCP connect and (https) a handshake.
 */
public final class Http1Protocol implements Protocol {
    private final HttpConnector connector;
    private final RequestEncoder[] encoders; // by operation index
    private final java.net.URI base;
    private final boolean perCall;

    /** {@code base}: the target's base URL, against which a followed redirect's Location is resolved. */
    Http1Protocol(HttpConnector connector, RequestEncoder[] encoders, java.net.URI base, boolean perCall) {
        this.connector = connector;
        this.encoders = encoders;
        this.base = base;
        this.perCall = perCall;
    }

    java.net.URI base() {
        return base;
    }

    /** True when a connection is closed after one answer ({@code per-call}). */
    boolean perCall() {
        return perCall;
    }

    /** True when the connections carry TLS (an SslHandler in every pipeline). */
    boolean tls() {
        return connector.tls();
    }

    /** A new connection for a link whose server closed the last one in the middle of a redirect chain. */
    HttpConnector.Opening reconnect() {
        return connector.open();
    }

    @Override
    public boolean refuses(OpState op, RequestContext ctx) {
        return encoders[op.index].refuses(ctx);
    }

    @Override
    public void open(LoadLoop loop) {
        Http1Link link = new Http1Link(loop, this, encoders);
        HttpConnector.Opening o = connector.open();
        link.channel = o.channel();
        o.ready().addListener(done -> {
            if (done.isSuccess()) {
                o.channel().pipeline().addLast(link.handler());
                loop.opened(link);
            } else {
                loop.openFailed(HttpConnector.kind(done.cause()));
            }
        });
    }

    @Override
    public TlsSummary takeTls() {
        return connector.takeTls();
    }
}
