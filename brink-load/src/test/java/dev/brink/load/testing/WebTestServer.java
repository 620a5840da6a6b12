package dev.brink.load.testing;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real web server for the HTTPS and HTTP/2 tests, on 127.0.0.1 and a port the kernel picks: Netty's own HTTP/1.1
 * and HTTP/2 server codecs (not Brink's), plaintext, TLS with one of the checked-in test certificates
 * ({@link TestCertificates}), HTTP/2 by ALPN, or h2c by prior knowledge, optionally asking for a client certificate.
 *
 * <p>Routes: {@code /login} sets cookie {@code sid=s3ss10n} and answers {@code {"token":"t-42"}}; {@code /me} is 200
 * with that cookie, else 401; {@code /hop} redirects (302) to {@code /me}; {@code /refuse} resets its HTTP/2 stream
 * with REFUSED_STREAM; {@code /goaway} answers and then sends GOAWAY; anything else is 200 "ok". {@link #stall} holds
 * every answer back for a while, as a server in a GC pause would.
 */
public final class WebTestServer implements AutoCloseable {
    /** How the listener speaks. */
    public enum Wire { PLAIN_HTTP1, TLS_HTTP1, TLS_H2, TLS_H2_OR_HTTP1, H2C }

    /** Answers instead of the built-in routes: a site a test stands in for (set with {@link #serve}). */
    @FunctionalInterface
    public interface Site {
        FullHttpResponse answer(FullHttpRequest request);
    }

    private volatile Site site;

    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("web-test-server", true));
    private final Channel server;
    private final Wire wire;
    private volatile long stallUntil;
    public final AtomicLong requests = new AtomicLong();
    public final AtomicLong connections = new AtomicLong();
    /** The protocols requests came in (HTTP/1.1, HTTP/2). */
    public final Set<String> protocols = ConcurrentHashMap.newKeySet();
    /** The most HTTP/2 streams open at once on one connection. */
    public final AtomicLong maxStreams = new AtomicLong();

    /** A server that speaks {@code wire} with certificate {@code cert} ("server", "expired", "wrong-name"), a client certificate required when {@code mtls}. */
    public WebTestServer(Wire wire, String cert, boolean mtls) throws Exception {
        this.wire = wire;
        SslContext ssl = wire == Wire.PLAIN_HTTP1 || wire == Wire.H2C ? null : serverContext(wire, cert, mtls);
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        connections.incrementAndGet();
                        ChannelPipeline p = ch.pipeline();
                        if (ssl != null) {
                            p.addLast(ssl.newHandler(ch.alloc()));
                            p.addLast(new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
                                @Override
                                protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                                    if (ApplicationProtocolNames.HTTP_2.equals(protocol)) h2(ctx.pipeline());
                                    else h1(ctx.pipeline());
                                }
                            });
                        } else if (wire == Wire.H2C) {
                            h2(p);
                        } else {
                            h1(p);
                        }
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    public WebTestServer(Wire wire) throws Exception {
        this(wire, "server", false);
    }

    private static SslContext serverContext(Wire wire, String cert, boolean mtls) throws Exception {
        List<String> alpn = switch (wire) {
            case TLS_H2 -> List.of(ApplicationProtocolNames.HTTP_2);
            case TLS_H2_OR_HTTP1 -> List.of(ApplicationProtocolNames.HTTP_2, ApplicationProtocolNames.HTTP_1_1);
            default -> List.of(ApplicationProtocolNames.HTTP_1_1);
        };
        try (InputStream c = TestCertificates.stream(cert + ".pem"); InputStream k = TestCertificates.stream(cert + ".key");
             InputStream ca = TestCertificates.stream("ca.pem")) {
            SslContextBuilder b = SslContextBuilder.forServer(c, k).applicationProtocolConfig(new ApplicationProtocolConfig(
                    ApplicationProtocolConfig.Protocol.ALPN, ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, alpn));
            if (mtls) b.trustManager(ca).clientAuth(ClientAuth.REQUIRE);
            return b.build();
        }
    }

    private void h1(ChannelPipeline p) {
        p.addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new Answer("HTTP/1.1"));
    }

    private void h2(ChannelPipeline p) {
        p.addLast(Http2FrameCodecBuilder.forServer().initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(100)).build());
        p.addLast(new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel stream) {
                long open = ((io.netty.handler.codec.http2.Http2StreamChannel) stream).parent().pipeline()
                        .get(io.netty.handler.codec.http2.Http2FrameCodec.class).connection().remote().numActiveStreams();
                maxStreams.accumulateAndGet(open, Math::max);
                stream.pipeline().addLast(new Http2StreamFrameToHttpObjectCodec(true), new HttpObjectAggregator(1 << 20), new Answer("HTTP/2"));
            }
        }));
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** {@code https://127.0.0.1:PORT} or {@code http://…}, as the listener speaks. */
    public String url() {
        return (wire == Wire.PLAIN_HTTP1 || wire == Wire.H2C ? "http" : "https") + "://127.0.0.1:" + port();
    }

    /** From now on {@code s} answers every request (null: the built-in routes again). */
    public void serve(Site s) {
        this.site = s;
    }

    /** Holds every answer back until {@code millis} from now: requests still arrive, answers wait. */
    public void stall(long millis) {
        stallUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @ChannelHandler.Sharable
    private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final String protocol;

        Answer(String protocol) {
            this.protocol = protocol;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
            requests.incrementAndGet();
            protocols.add(protocol);
            String path = req.uri();
            boolean h2 = protocol.equals("HTTP/2");
            if (h2 && path.equals("/refuse")) {
                ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM));
                return;
            }
            FullHttpResponse r;
            String cookie = String.valueOf(req.headers().get(HttpHeaderNames.COOKIE));
            Site custom = site;
            if (custom != null) {
                r = custom.answer(req);
                HttpUtil.setContentLength(r, r.content().readableBytes());
                send(ctx, r, path);
                return;
            }
            switch (path) {
                case "/login" -> {
                    r = response(HttpResponseStatus.OK, "{\"token\":\"t-42\"}");
                    r.headers().set(HttpHeaderNames.SET_COOKIE, "sid=s3ss10n; Path=/; HttpOnly");
                    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
                }
                case "/me" -> r = cookie.contains("sid=s3ss10n") ? response(HttpResponseStatus.OK, "{\"user\":\"ada\"}")
                        : response(HttpResponseStatus.UNAUTHORIZED, "no session");
                case "/hop" -> {
                    r = response(HttpResponseStatus.FOUND, "");
                    r.headers().set(HttpHeaderNames.LOCATION, "/me");
                }
                default -> r = response(HttpResponseStatus.OK, "ok");
            }
            long wait = stallUntil - System.nanoTime();
            if (wait > 0) {
                ctx.executor().schedule(() -> send(ctx, r, path), wait, TimeUnit.NANOSECONDS);
            } else {
                send(ctx, r, path);
            }
        }

        private void send(ChannelHandlerContext ctx, FullHttpResponse r, String path) {
            ctx.writeAndFlush(r);
            if (path.equals("/goaway") && ctx.channel() instanceof io.netty.handler.codec.http2.Http2StreamChannel s) {
                s.parent().writeAndFlush(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
            }
        }

        private FullHttpResponse response(HttpResponseStatus status, String body) {
            ByteBuf b = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, b);
            HttpUtil.setContentLength(r, b.readableBytes());
            return r;
        }
    }

    /** Writes {@code name} (a test certificate or key) to {@code dir} and returns its path: what a user passes as --cacert. */
    public static Path file(Path dir, String name) throws Exception {
        try (InputStream in = TestCertificates.stream(name)) {
            Path f = dir.resolve(name);
            Files.write(f, in.readAllBytes());
            return f;
        }
    }
}
