package dev.brink.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small real HTTP/1.1 server on 127.0.0.1 for the engine's tests, with switchable misbehaviour. One
 * worker thread, so a stall blocks every connection, as a stop-the-world pause would.
 */
final class TestServer implements AutoCloseable {
    enum Mode { OK, STATUS, DELAY, NO_RESPONSE, RESET, GARBAGE }

    private final EventLoopGroup boss = new NioEventLoopGroup(1);
    private final EventLoopGroup worker = new NioEventLoopGroup(1);
    private final Channel server;
    volatile Mode mode = Mode.OK;
    volatile int status = 200;
    volatile long delayMs;
    volatile long stallAfter = -1; // block the worker once, after this many requests
    volatile long stallMs;
    final AtomicLong requests = new AtomicLong();
    final AtomicLong accepted = new AtomicLong();
    final AtomicInteger inProgress = new AtomicInteger();
    final AtomicInteger maxInProgress = new AtomicInteger();
    final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
    volatile boolean keepSeen;

    TestServer() throws InterruptedException {
        server = new ServerBootstrap().group(boss, worker).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        accepted.incrementAndGet();
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20), new Handler());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((java.net.InetSocketAddress) server.localAddress()).getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port();
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) throws Exception {
            long n = requests.incrementAndGet();
            if (keepSeen) seen.add(req.method() + " " + req.uri() + " " + req.content().toString(StandardCharsets.UTF_8));
            maxInProgress.accumulateAndGet(inProgress.incrementAndGet(), Math::max);
            if (n == stallAfter) {
                Thread.sleep(stallMs); // on purpose: a stop-the-world stall of the whole server
            }
            switch (mode) {
                case NO_RESPONSE -> inProgress.decrementAndGet();
                case RESET -> {
                    inProgress.decrementAndGet();
                    ctx.channel().config().setOption(ChannelOption.SO_LINGER, 0);
                    ctx.close();
                }
                case GARBAGE -> {
                    inProgress.decrementAndGet();
                    // written below the HTTP encoder, straight to the socket
                    ctx.pipeline().firstContext().writeAndFlush(
                            Unpooled.copiedBuffer("NOT-HTTP AT ALL\r\n\r\n", StandardCharsets.US_ASCII));
                }
                case DELAY -> ctx.executor().schedule(() -> respond(ctx, 200), delayMs, TimeUnit.MILLISECONDS);
                case STATUS -> respond(ctx, status);
                default -> respond(ctx, 200);
            }
        }

        private void respond(ChannelHandlerContext ctx, int code) {
            inProgress.decrementAndGet();
            DefaultFullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(code),
                    Unpooled.copiedBuffer("ok\n", StandardCharsets.US_ASCII));
            r.headers().set(HttpHeaderNames.CONTENT_LENGTH, 3);
            ctx.writeAndFlush(r);
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        worker.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
