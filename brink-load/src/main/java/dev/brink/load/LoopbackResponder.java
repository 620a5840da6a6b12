package dev.brink.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/1.1 server inside Brink's own process, on 127.0.0.1 and a port the kernel picks, that answers every
 * request with a 3-byte 200 on a keep-alive connection: what the {@link Warmup} loads instead of the target, so
 * the JIT compiles Brink's request path before the clock starts without a single request reaching the target.
 * It runs on NIO, not epoll: the generator's epoll classes then see only the client side, as in the real run.
 */
final class LoopbackResponder implements AutoCloseable {
    private static final byte[] OK = {'o', 'k', '\n'};
    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-warmup-responder", true));
    private final Channel server;

    LoopbackResponder() throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new Answer());
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    /** {@code http://127.0.0.1:PORT} with {@code base}'s path prefix, so requests are encoded as for the target. */
    URI baseUrl(URI base) {
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        return URI.create("http://127.0.0.1:" + port + (base.getRawPath() == null ? "" : base.getRawPath()));
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static final class Answer extends SimpleChannelInboundHandler<HttpObject> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (!(msg instanceof LastHttpContent)) return; // answer once the whole request (body included) is in
            FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(OK));
            r.headers().set(HttpHeaderNames.CONTENT_LENGTH, OK.length);
            ctx.writeAndFlush(r, ctx.voidPromise());
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
