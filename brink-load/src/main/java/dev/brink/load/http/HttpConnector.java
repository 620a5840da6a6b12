package dev.brink.load.http;

import dev.brink.core.BrinkUserException;
import dev.brink.load.engine.ErrorKind;
import dev.brink.load.engine.TlsSummary;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.internal.ThreadExecutorMap;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Opens the TCP connections of an HTTP target, TLS included: connect, then (https) the handshake, timed on its own
 * and counted in {@link TlsStats}. A connection is ready when it can carry requests; the protocol then adds its own
 * handlers (after the handshake, so HTTP/2's preface follows ALPN's choice). Called on the event loop, as the
 * {@link dev.brink.load.engine.LoadLoop} calls its protocol.
 */
public final class HttpConnector {
    /** A connection being opened: its channel at once, {@code ready} with the ALPN choice ("" without TLS or ALPN). */
    public record Opening(Channel channel, Future<String> ready) {
    }

    private final Bootstrap bootstrap;
    private final InetSocketAddress address;
    private final HttpTls tls; // null: plaintext
    private final TlsStats stats;
    private final long handshakeTimeoutMs;

    public HttpConnector(Bootstrap bootstrap, InetSocketAddress address, HttpTls tls, Duration handshakeTimeout) {
        this.bootstrap = bootstrap;
        this.address = address;
        this.tls = tls;
        this.stats = tls == null ? null : new TlsStats(tls.engine());
        this.handshakeTimeoutMs = Math.max(1, handshakeTimeout.toMillis());
    }

    public boolean tls() {
        return tls != null;
    }

    /** Starts one connection; its {@code ready} fails with the connect's or the handshake's cause. */
    public Opening open() {
        return open(null);
    }

    /**
     * {@link #open()}, with {@code onDone} run on the connection's event loop the moment {@code ready} completes, in the
     * same task, before anything more is read from it: the place to add the handler that must see the server's first
     * bytes. A listener the caller adds to {@code ready} after this returns runs later, as a task of its own, when the
     * connection was ready first (a plaintext connect to loopback often is): the loop may read the server's HTTP/2
     * SETTINGS into a pipeline without the handler in between, and they are lost.
     *
     * <p>Called on the event loop (the load opening its connections), the connect starts here. Called from another
     * thread (a probe, the reflection client), it starts on the loop and this waits for that task: the connect's own
     * listener, which completes {@code ready}, must be in place before the connect can complete. Added from the calling
     * thread to a connect the loop had already completed, it too ran as a later task, after the loop could read the
     * server's SETTINGS into a bare pipeline: on a loaded 2-core host half the {@code brink grpc} starts failed with
     * "the connection closed before any HTTP/2 SETTINGS" (6 of 11 in two bench runs, load average 5-6), and
     * HttpConnectorTest's handler missed the greeting within 42 connections. Called on an event loop of another group,
     * it throws IllegalStateException rather than stall that loop.
     */
    public Opening open(java.util.function.Consumer<Opening> onDone) {
        EventLoopGroup group = bootstrap.config().group();
        for (EventExecutor e : group) {
            if (e.inEventLoop()) return connect((EventLoop) e, onDone);
        }
        if (ThreadExecutorMap.currentExecutor() != null) {
            // an event loop of another group must not wait for this group's loop: nothing it owns would be read or
            // written meanwhile (its latencies would grow by the connect's time, up to the connect timeout), and two
            // loops each waiting for the other never wake. Such a caller opens through a connector on its own group.
            throw new IllegalStateException("HttpConnector.open from an event loop of another group: use a connector on that loop's group");
        }
        EventLoop loop = group.next();
        return loop.submit(() -> connect(loop, onDone)).syncUninterruptibly().getNow();
    }

    /** {@link #open(java.util.function.Consumer)} on {@code loop}, its own thread. */
    private Opening connect(EventLoop loop, java.util.function.Consumer<Opening> onDone) {
        ChannelFuture f = bootstrap.clone(loop).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                if (tls != null) ch.pipeline().addLast(tls.handler(ch.alloc(), handshakeTimeoutMs)).addLast(QUIET, new Quiet());
            }
        }).connect(address);
        Channel ch = f.channel();
        Promise<String> ready = ch.eventLoop().newPromise();
        Opening opening = new Opening(ch, ready);
        // added before anything can complete ready (only f's listener below does, inline: this is the loop's thread)
        if (onDone != null) ready.addListener(x -> onDone.accept(opening));
        f.addListener(done -> {
            if (!done.isSuccess()) {
                ready.tryFailure(done.cause());
                return;
            }
            if (tls == null) {
                ready.trySuccess("");
                return;
            }
            long connected = System.nanoTime();
            long connectedMs = System.currentTimeMillis();
            SslHandler ssl = ch.pipeline().get(SslHandler.class);
            ssl.handshakeFuture().addListener(hs -> {
                if (hs.isSuccess()) {
                    ch.pipeline().remove(QUIET);
                    stats.handshakeDone(ssl, System.nanoTime() - connected, connectedMs);
                    String a = ssl.applicationProtocol();
                    ready.trySuccess(a == null ? "" : a);
                } else {
                    stats.handshakeFailed();
                    ready.tryFailure(new HandshakeFailed(hs.cause()));
                    ch.close();
                }
            });
        });
        return opening;
    }

    /** The error a failed {@link Opening#ready} counts as during the run. */
    public static ErrorKind kind(Throwable cause) {
        return cause instanceof HandshakeFailed ? ErrorKind.TLS_HANDSHAKE : ErrorKind.ofConnect(cause);
    }

    /**
     * Opens one connection and waits for it, before any load: a TLS mistake (an untrusted, expired or misnamed
     * certificate, a plaintext server) is one line naming its cause and the option that changes it. Returns the
     * ready channel (the caller closes it) and its ALPN choice. {@code onReady} runs on the event loop as soon as the
     * connection is ready, before anything is read from it (where a probe adds its handler). Not on the event loop.
     */
    Opening probe(Duration timeout, java.util.function.Consumer<Opening> onReady) throws BrinkUserException, InterruptedException {
        Opening o = open(done -> {
            if (done.ready().isSuccess()) onReady.accept(done);
        });
        if (!o.ready().await(timeout.toMillis() + handshakeTimeoutMs)) {
            o.channel().close();
            throw new BrinkUserException("cannot connect to " + where() + " within " + timeout.toSeconds() + " s (expected a server listening there)");
        }
        if (!o.ready().isSuccess()) {
            Throwable c = o.ready().cause();
            if (c instanceof HandshakeFailed) throw new BrinkUserException(tls.failure(c.getCause()));
            throw new BrinkUserException("cannot connect to " + where() + ": " + HttpTls.UserLine.of(c) + " (expected a server listening there)");
        }
        return o;
    }

    /** The one line for a connection of a probe that failed after it was ready (a TLS alert after the handshake). */
    String failure(Throwable cause) {
        boolean ssl = false;
        for (Throwable t = cause; t != null; t = t.getCause()) ssl |= t instanceof javax.net.ssl.SSLException;
        return ssl && tls != null ? tls.failure(cause) : null;
    }

    String where() {
        return address.getHostString() + ":" + address.getPort();
    }

    /** The handshakes since the last call, or null without TLS. Event loop. */
    public TlsSummary takeTls() {
        return stats == null ? null : stats.take();
    }

    private static final String QUIET = "brink-handshake-quiet";

    /**
     * Until the handshake is over, its failure reaches {@code ready}: the exception the TLS handler also fires down
     * the pipeline stops here instead of reaching Netty's tail, which would log it as unhandled.
     */
    private static final class Quiet extends io.netty.channel.ChannelInboundHandlerAdapter {
        @Override
        public void exceptionCaught(io.netty.channel.ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** A TLS handshake that failed (its cause inside), as opposed to the TCP connect before it. */
    public static final class HandshakeFailed extends Exception {
        HandshakeFailed(Throwable cause) {
            super(cause == null ? "TLS handshake failed" : cause.getMessage(), cause, false, false);
        }
    }
}
