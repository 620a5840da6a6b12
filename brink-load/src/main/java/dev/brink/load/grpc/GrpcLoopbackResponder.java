package dev.brink.load.grpc;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import dev.brink.load.http.H2Responder;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A gRPC answerer inside Brink's own process, on 127.0.0.1 and a port the kernel picks, that answers the methods a
 * plan calls (and nothing else) from their descriptors: a unary call with one message of the method's output type, a
 * server-streaming call with {@value #STREAM_MESSAGES} of them, so the per-message timing path compiles too. What the
 * {@link dev.brink.load.Warmup} loads instead of the target.
 *
 * <p>It is Netty's HTTP/2 frame codec and a few lines, as {@link H2Responder} is for HTTP/2, not a grpc-java server:
 * a grpc-java server loaded some 690 io.grpc classes into every warm-up, cold code compiled on the core the warm-up
 * and the run share, for a responder whose answers never change. Each stream, once its request has ended, gets
 * HEADERS (:status 200, content-type application/grpc), one DATA frame per message (the 5-byte length prefix and the
 * message, not compressed), and trailers with grpc-status 0; a method not of the plan gets a trailers-only
 * UNIMPLEMENTED. It serves no reflection: the warm-up hands its client the descriptors the run already has
 * ({@link GrpcProtocols#lend}). On TLS (its own certificate, h2 by ALPN) when the target is, so the handshake and the
 * TLS path compile as the run will use them. Like {@link dev.brink.load.http.LoopbackResponder} it runs on NIO: the
 * generator's epoll classes see only the client side.
 */
public final class GrpcLoopbackResponder implements AutoCloseable {
    /** Messages per server-streaming call: enough to run the between-messages path, few enough to keep calls short. */
    static final int STREAM_MESSAGES = 4;
    private static final Http2Headers HEADERS = new DefaultHttp2Headers().status("200").set("content-type", "application/grpc");
    private static final Http2Headers TRAILERS = new DefaultHttp2Headers().set("grpc-status", "0");
    private static final Http2Headers UNIMPLEMENTED = new DefaultHttp2Headers().status("200")
            .set("content-type", "application/grpc").set("grpc-status", "12")
            .set("grpc-message", "not a method of the plan");

    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-warmup-grpc", true));
    private final Channel server;

    /** Answers {@code methods}; on TLS (h2 by ALPN) when {@code tls}. */
    public GrpcLoopbackResponder(List<Descriptors.MethodDescriptor> methods, boolean tls) throws InterruptedException {
        Map<String, Answer> answers = new HashMap<>();
        for (Descriptors.MethodDescriptor m : methods) {
            answers.computeIfAbsent("/" + m.getService().getFullName() + "/" + m.getName(),
                    k -> new Answer(framed(answer(m.getOutputType())), m.isServerStreaming() ? STREAM_MESSAGES : 1));
        }
        SslContext ssl = tls ? H2Responder.serverTls() : null;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (ssl == null) {
                            install(ch.pipeline(), answers);
                            return;
                        }
                        ch.pipeline().addLast(ssl.newHandler(ch.alloc()), new ApplicationProtocolNegotiationHandler("none") {
                            @Override
                            protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                                if (ApplicationProtocolNames.HTTP_2.equals(protocol)) install(ctx.pipeline(), answers);
                                else ctx.close(); // gRPC is h2 only
                            }
                        });
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    private static void install(ChannelPipeline p, Map<String, Answer> answers) {
        p.addLast(Http2FrameCodecBuilder.forServer().build(), new Calls(answers));
    }

    /** One method's answer: its message with the length prefix, and how many times a call gets it. */
    private record Answer(ByteBuf message, int times) {
    }

    private static ByteBuf framed(byte[] message) {
        ByteBuf b = Unpooled.buffer(5 + message.length).writeByte(0).writeInt(message.length).writeBytes(message);
        return Unpooled.unreleasableBuffer(b);
    }

    /**
     * A message of {@code type} with each singular scalar field set (a string "ok", numbers 1, the first enum value),
     * so the answer has the size and shape of a small real one rather than zero bytes; nested messages stay empty.
     */
    static byte[] answer(Descriptors.Descriptor type) {
        DynamicMessage.Builder b = DynamicMessage.newBuilder(type);
        for (Descriptors.FieldDescriptor f : type.getFields()) {
            if (f.isRepeated() || f.getRealContainingOneof() != null) continue;
            Object v = switch (f.getJavaType()) {
                case INT -> 1;
                case LONG -> 1L;
                case FLOAT -> 1f;
                case DOUBLE -> 1d;
                case BOOLEAN -> true;
                case STRING -> "ok";
                case BYTE_STRING -> ByteString.copyFromUtf8("ok");
                case ENUM -> f.getEnumType().getValues().get(0);
                case MESSAGE -> null;
            };
            if (v != null) b.setField(f, v);
        }
        return b.build().toByteArray();
    }

    /**
     * The calls of one connection: a stream's :path is read from its HEADERS, its answer written once its request has
     * ended; the request's bytes are given back to the flow-control windows at once and otherwise dropped.
     */
    private static final class Calls extends ChannelInboundHandlerAdapter {
        private final Map<String, Answer> answers;
        private final IntObjectHashMap<Answer> open = new IntObjectHashMap<>(); // by stream id, until the request ends

        Calls(Map<String, Answer> answers) {
            this.answers = answers;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Http2HeadersFrame h) {
                CharSequence path = h.headers().path();
                Answer a = path == null ? null : answers.get(path.toString());
                if (h.isEndStream()) answer(ctx, h.stream(), a);
                else if (a != null) open.put(h.stream().id(), a);
                else ctx.writeAndFlush(new DefaultHttp2HeadersFrame(UNIMPLEMENTED, true).stream(h.stream()));
            } else if (msg instanceof Http2DataFrame d) {
                Http2FrameStream stream = d.stream();
                Answer a = H2Responder.drain(ctx, d) ? open.remove(stream.id()) : null;
                if (a != null) answer(ctx, stream, a);
                else ctx.flush();
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        private static void answer(ChannelHandlerContext ctx, Http2FrameStream stream, Answer a) {
            if (a == null) {
                ctx.writeAndFlush(new DefaultHttp2HeadersFrame(UNIMPLEMENTED, true).stream(stream));
                return;
            }
            ctx.write(new DefaultHttp2HeadersFrame(HEADERS, false).stream(stream));
            for (int i = 0; i < a.times(); i++) ctx.write(new DefaultHttp2DataFrame(a.message().retainedDuplicate(), false).stream(stream));
            ctx.writeAndFlush(new DefaultHttp2HeadersFrame(TRAILERS, true).stream(stream));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
