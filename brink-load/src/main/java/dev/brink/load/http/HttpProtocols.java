package dev.brink.load.http;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.Protocol;
import dev.brink.load.plan.Plan;
import io.netty.bootstrap.Bootstrap;
import io.netty.handler.ssl.ApplicationProtocolNames;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Turns an http:// or https:// plan into its {@link Protocol}, before any load: the TLS context (files read, engine
 * chosen), then, for https and HTTP/2, one probe connection, so an untrusted, expired or misnamed certificate, a
 * plaintext port named https://, or a server that does not speak h2 when h2 is required is one line naming the
 * cause and the option that changes it, never a run of errors.
 */
public final class HttpProtocols {
    private HttpProtocols() {
    }

    public static Protocol open(Plan plan, InetSocketAddress address, Bootstrap bootstrap, List<String> columns,
                                UnaryOperator<String> env, LoadOptions options) throws BrinkUserException, InterruptedException {
        Plan.Target target = plan.target();
        Plan.Http http = target.http();
        HttpTls tls = target.tls() ? HttpTls.of(address.getHostString(), address.getPort(), http.tls(),
                HttpTls.alpn(http.http2(), http.allowHttp1())) : null;
        HttpConnector connector = new HttpConnector(bootstrap, address, tls, options.connectTimeout());
        RequestEncoder[] encoders = RequestEncoder.forPlan(plan, columns, env);
        Duration probeTimeout = options.connectTimeout();
        boolean h2 = http.http2();
        if (h2) {
            String chosen = H2Protocol.probe(connector, probeTimeout);
            if (tls != null && !ApplicationProtocolNames.HTTP_2.equals(chosen)) {
                if (!http.allowHttp1()) {
                    throw new BrinkUserException("HTTP/2 to " + connector.where() + " failed: the server did not choose h2 by ALPN ("
                            + (chosen.isEmpty() ? "it chose nothing" : "it chose " + chosen) + "); expected an HTTP/2 server, "
                            + "--allow-http1 (plan: allow_http1: true) to fall back to HTTP/1.1, or no --http2");
                }
                h2 = false;
            }
        } else if (tls != null) {
            probeHttp1(connector, probeTimeout);
        }
        // the probe's handshake is not the first step's
        if (tls != null) bootstrap.config().group().next().submit(connector::takeTls).await();
        if (h2) return new H2Protocol(connector, encoders, target.baseUrl(), http);
        return new Http1Protocol(connector, encoders, target.baseUrl(), http.perCall());
    }

    /**
     * One TLS connection to an HTTP/1.1 server, before any load. In TLS 1.3 the client's side of the handshake ends
     * before the server has checked the client's certificate: a server that wanted one (and got none, or one it does
     * not trust) says so with an alert right after. So the probe waits a moment for that alert, which an HTTP/2 probe
     * needs not (it waits for the server's SETTINGS, which come only after the server accepted the handshake).
     */
    private static void probeHttp1(HttpConnector connector, Duration timeout) throws BrinkUserException, InterruptedException {
        java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
        Throwable[] cause = new Throwable[1];
        HttpConnector.Opening o = connector.probe(timeout, ready -> ready.channel().pipeline().addLast(new io.netty.channel.ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(io.netty.channel.ChannelHandlerContext ctx, Throwable t) {
                if (cause[0] == null) cause[0] = t;
                ctx.close();
            }

            @Override
            public void channelInactive(io.netty.channel.ChannelHandlerContext ctx) {
                closed.countDown();
            }
        }));
        io.netty.handler.ssl.SslHandler ssl = o.channel().pipeline().get(io.netty.handler.ssl.SslHandler.class);
        if (ssl != null && "TLSv1.3".equals(ssl.engine().getSession().getProtocol())) closed.await(ALERT_WAIT_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        o.channel().close().await();
        String line = cause[0] == null ? null : connector.failure(cause[0]);
        if (line != null) throw new BrinkUserException(line);
    }

    /** How long a TLS 1.3 probe waits for an alert after its handshake: a few loopback or LAN round trips. */
    private static final long ALERT_WAIT_MS = 200;

    /** "h2", "h2c" or "http/1.1": what {@code plan} asks for (the run's load-open event says it). */
    public static String wire(Plan plan) {
        Plan.Http http = plan.target().http();
        return http == null || !http.http2() ? "http/1.1" : plan.target().tls() ? "h2" : "h2c";
    }
}
