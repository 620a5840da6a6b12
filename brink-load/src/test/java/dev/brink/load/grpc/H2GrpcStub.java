package dev.brink.load.grpc;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A gRPC server written at the HTTP/2 frame level for the tests (Netty's frame codec, 127.0.0.1, port 0), so an answer
 * can be framed as no gRPC library frames it: a stream's messages split across DATA frames and packed into one, a
 * trailers-only error, a proxy's HTTP 503, no answer at all. It records what the last call sent and counts the streams
 * the client reset.
 */
final class H2GrpcStub implements AutoCloseable {
    enum Answer {
        /** Three StockEvent messages: the first split across two DATA frames, the second and third in one; then OK. */
        SPLIT_STREAM,
        /** One HEADERS frame with grpc-status 7 (PERMISSION_DENIED) and END_STREAM. */
        TRAILERS_ONLY,
        /** HTTP 503 with a text body, as a proxy in front of a gRPC server answers when it has no upstream. */
        HTTP_503,
        /** RST_STREAM ENHANCE_YOUR_CALM, as a server shedding load resets a stream. */
        RESET_CALM,
        /** Nothing: the call waits until the client gives it up. */
        NONE
    }

    volatile Answer answer = Answer.SPLIT_STREAM;
    final AtomicReference<Http2Headers> lastHeaders = new AtomicReference<>();
    final AtomicReference<byte[]> lastBody = new AtomicReference<>();
    final AtomicLong calls = new AtomicLong();
    /** RST_STREAM frames the client sent, and the last one's error code. */
    final AtomicLong resets = new AtomicLong();
    volatile long lastResetCode = -1;
    private final NioEventLoopGroup group = new NioEventLoopGroup(1);
    private final Channel server;

    H2GrpcStub() throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(Http2FrameCodecBuilder.forServer().build(), new Calls());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** A StockEvent {level: n} as protobuf bytes (field 2, varint), behind its 5-byte gRPC prefix. */
    static byte[] framedEvent(int level) {
        byte[] msg = {0x10, (byte) level};
        byte[] out = new byte[5 + msg.length];
        out[4] = (byte) msg.length;
        System.arraycopy(msg, 0, out, 5, msg.length);
        return out;
    }

    private final class Calls extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame h) {
                    lastHeaders.set(h.headers());
                } else if (msg instanceof Http2DataFrame d) {
                    // the receive window back, so many calls fit in one connection's window
                    if (d.initialFlowControlledBytes() > 0) {
                        ctx.write(new DefaultHttp2WindowUpdateFrame(d.initialFlowControlledBytes()).stream(d.stream()));
                    }
                    if (d.isEndStream()) { // Brink sends a call's message as one DATA frame
                        byte[] b = new byte[d.content().readableBytes()];
                        d.content().getBytes(d.content().readerIndex(), b);
                        lastBody.set(b);
                        calls.incrementAndGet();
                        answer(ctx, d.stream());
                    }
                    ctx.flush();
                } else if (msg instanceof Http2ResetFrame r) {
                    lastResetCode = r.errorCode();
                    resets.incrementAndGet();
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }

        private void answer(ChannelHandlerContext ctx, Http2FrameStream s) {
            switch (answer) {
                case SPLIT_STREAM -> {
                    ctx.write(new DefaultHttp2HeadersFrame(grpcHeaders()).stream(s));
                    byte[] one = framedEvent(1);
                    byte[] two = framedEvent(2);
                    byte[] three = framedEvent(3);
                    // the first message's prefix and one byte of it, then its last byte with the next two whole
                    ctx.write(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(one, 0, 6)).stream(s));
                    ByteBuf rest = Unpooled.buffer().writeBytes(one, 6, one.length - 6).writeBytes(two).writeBytes(three);
                    ctx.write(new DefaultHttp2DataFrame(rest).stream(s));
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().add("grpc-status", "0"), true).stream(s));
                }
                case TRAILERS_ONLY -> ctx.write(new DefaultHttp2HeadersFrame(grpcHeaders().add("grpc-status", "7")
                        .add("grpc-message", "not for you"), true).stream(s));
                case HTTP_503 -> {
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("503")
                            .add("content-type", "text/plain")).stream(s));
                    ctx.write(new DefaultHttp2DataFrame(Unpooled.copiedBuffer("no healthy upstream",
                            java.nio.charset.StandardCharsets.US_ASCII), true).stream(s));
                }
                case RESET_CALM -> ctx.write(new io.netty.handler.codec.http2.DefaultHttp2ResetFrame(
                        io.netty.handler.codec.http2.Http2Error.ENHANCE_YOUR_CALM).stream(s));
                case NONE -> {
                }
            }
        }

        private Http2Headers grpcHeaders() {
            return new DefaultHttp2Headers().status("200").add("content-type", "application/grpc");
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }
}
