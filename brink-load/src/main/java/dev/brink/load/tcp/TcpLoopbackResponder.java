package dev.brink.load.tcp;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * A raw-TCP server inside Brink's own process, on 127.0.0.1 and a port the kernel picks, that stands in for a
 * plan's device server during the warm-up: it answers each packet with one frame the plan's response framing
 * accepts ({@link Response#sampleFrame}), or nothing when the plan expects nothing back.
 *
 * <p>A packet's end is where the client stops sending: a session sends one packet and waits for its answer, so
 * what one read cycle brings (up to Netty's read-complete) is one packet. A packet split over two cycles would be
 * answered twice and the warm-up's session would end as out of step: a counted error of the warm-up, nothing more.
 */
public final class TcpLoopbackResponder implements AutoCloseable {
    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-warmup-tcp", true));
    private final Channel server;

    public TcpLoopbackResponder(TcpSpec spec) throws InterruptedException {
        ByteBuf answer = spec.response().expected()
                ? Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes(spec.response().sampleFrame())) : null;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Answer(answer));
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Reads a packet (all that came in one read cycle) and answers it once; null answer: fire-and-forget. */
    private static final class Answer extends ChannelInboundHandlerAdapter {
        private final ByteBuf answer;
        private boolean read;

        Answer(ByteBuf answer) {
            this.answer = answer;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ((ByteBuf) msg).release();
            read = true;
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (read && answer != null) ctx.writeAndFlush(answer.retainedDuplicate(), ctx.voidPromise());
            read = false;
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
