package dev.brink.load.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The HTTP/2 and TLS side of the warm-up's {@link LoopbackResponder}: every stream, once its request has ended,
 * gets a 200 with "ok\n", and the bytes of a request body are given back to the flow-control windows at once.
 * Public for its TLS alone, which the gRPC warm-up's responder shares.
 */
public final class H2Responder extends ChannelInboundHandlerAdapter {
    private static final ByteBuf OK = Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes("ok\n".getBytes(StandardCharsets.US_ASCII)));
    private static final Http2Headers HEADERS = new DefaultHttp2Headers().status("200").set("content-length", "3");

    private H2Responder() {
    }

    /** Netty's HTTP/2 server codec and this responder, on a connection that speaks HTTP/2 from its first byte. */
    static void install(ChannelPipeline p) {
        p.addLast(Http2FrameCodecBuilder.forServer().build(), new H2Responder());
    }

    /** After the TLS handshake: HTTP/2 if ALPN chose it, else the HTTP/1.1 responder {@code http1} makes. */
    static ChannelHandler byAlpn(Supplier<ChannelHandler> http1) {
        return new ApplicationProtocolNegotiationHandler(ApplicationProtocolNames.HTTP_1_1) {
            @Override
            protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                if (ApplicationProtocolNames.HTTP_2.equals(protocol)) install(ctx.pipeline());
                else ctx.pipeline().addLast(http1.get());
            }
        };
    }

    /** The responder's TLS: its own certificate and key from Brink's jar, h2 and http/1.1 offered by ALPN. */
    public static SslContext serverTls() {
        try (InputStream cert = H2Responder.class.getResourceAsStream("warmup-responder.pem");
             InputStream key = H2Responder.class.getResourceAsStream("warmup-responder.key")) {
            return SslContextBuilder.forServer(cert, key).applicationProtocolConfig(new ApplicationProtocolConfig(
                    ApplicationProtocolConfig.Protocol.ALPN, ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2,
                    ApplicationProtocolNames.HTTP_1_1)).build();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("the warm-up responder's certificate is missing from Brink's jar", e);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Http2HeadersFrame h) {
            if (h.isEndStream()) answer(ctx, h.stream());
        } else if (msg instanceof Http2DataFrame d) {
            Http2FrameStream stream = d.stream();
            if (drain(ctx, d)) answer(ctx, stream);
            else ctx.flush();
        } else {
            io.netty.util.ReferenceCountUtil.release(msg);
        }
    }

    /**
     * A request body's DATA frame, consumed: its bytes given back to the flow-control windows at once (a window update
     * written, not flushed) and the frame released. True when it ended its stream, the moment to answer.
     */
    public static boolean drain(ChannelHandlerContext ctx, Http2DataFrame d) {
        int n = d.initialFlowControlledBytes();
        Http2FrameStream stream = d.stream();
        boolean end = d.isEndStream();
        d.release();
        if (n > 0) ctx.write(new DefaultHttp2WindowUpdateFrame(n).stream(stream));
        return end;
    }

    private static void answer(ChannelHandlerContext ctx, Http2FrameStream stream) {
        ctx.write(new DefaultHttp2HeadersFrame(HEADERS, false).stream(stream));
        ctx.writeAndFlush(new DefaultHttp2DataFrame(OK.retainedDuplicate(), true).stream(stream));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
