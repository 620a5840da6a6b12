package dev.brink.load.http;

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
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP server inside Brink's own process, on 127.0.0.1 and a port the kernel picks, that answers every request
 * with a 3-byte 200 on a keep-alive connection: what the {@link dev.brink.load.Warmup} loads instead of the target, so
 * the JIT compiles Brink's request path before the clock starts without a single request reaching the target.
 * It speaks as the target will be spoken to: HTTP/1.1, or TLS (a certificate of its own, shipped in Brink's jar for
 * this loopback responder only: the warm-up's client does not verify it) with h2 or http/1.1 by ALPN, or h2c, so TLS
 * and HTTP/2 are compiled too. It runs on NIO, not epoll: the generator's epoll classes then see only the client side,
 * as in the real run.
 */
public final class LoopbackResponder implements AutoCloseable {
    private static final ByteBuf RESPONSE = Unpooled.unreleasableBuffer(Unpooled.directBuffer().writeBytes(
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n".getBytes(StandardCharsets.US_ASCII)));
    private final NioEventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("brink-warmup-responder", true));
    private final Channel server;

    private final boolean tls;

    /** An HTTP/1.1 responder in plaintext. */
    public LoopbackResponder() throws InterruptedException {
        this(false, false);
    }

    /** {@code tls}: TLS with h2 or http/1.1 by ALPN; else {@code h2c}: HTTP/2 by prior knowledge, or HTTP/1.1. */
    public LoopbackResponder(boolean tls, boolean h2c) throws InterruptedException {
        this.tls = tls;
        io.netty.handler.ssl.SslContext ssl = tls ? H2Responder.serverTls() : null;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (ssl != null) {
                            ch.pipeline().addLast(ssl.newHandler(ch.alloc()), H2Responder.byAlpn(Answer::new));
                        } else if (h2c) {
                            H2Responder.install(ch.pipeline());
                        } else {
                            ch.pipeline().addLast(new Answer());
                        }
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    /** {@code http(s)://127.0.0.1:PORT} with {@code base}'s path prefix, so requests are encoded as for the target. */
    public URI baseUrl(URI base) {
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        return URI.create((tls ? "https" : "http") + "://127.0.0.1:" + port + (base.getRawPath() == null ? "" : base.getRawPath()));
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /**
     * Answers each whole request (head, then Content-Length bytes of body: Brink's encoder always sends one, never a
     * chunked body) with the same 200. A few lines instead of Netty's HTTP codec: on a busy core the responder shares
     * the CPU with the warm-up it serves, and its own cold code and class loading would only slow the warm-up down.
     */
    private static final class Answer extends ChannelInboundHandlerAdapter {
        private static final byte[] NAME = "content-length:".getBytes(StandardCharsets.US_ASCII);
        private int matched;      // bytes of the header end (CR LF CR LF) seen in a row
        private int lineStart;    // bytes since the last LF, -1 once the line is known not to be Content-Length
        private long length;      // the Content-Length of the request being read
        private boolean inLength; // reading the digits of Content-Length
        private long bodyLeft = -1; // body bytes still to skip, -1 while in the head

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            int answers = 0;
            try {
                while (in.isReadable()) {
                    if (bodyLeft >= 0) {
                        int n = (int) Math.min(bodyLeft, in.readableBytes());
                        in.skipBytes(n);
                        bodyLeft -= n;
                        if (bodyLeft == 0) {
                            bodyLeft = -1;
                            answers++;
                        }
                        continue;
                    }
                    head(in.readByte());
                    if (matched == 4) {
                        matched = 0;
                        lineStart = 0;
                        if (length > 0) {
                            bodyLeft = length;
                        } else {
                            answers++;
                        }
                        length = 0;
                    }
                }
            } finally {
                in.release();
            }
            for (int i = 0; i < answers; i++) ctx.write(RESPONSE.retainedDuplicate(), ctx.voidPromise());
            if (answers > 0) ctx.flush();
        }

        private void head(byte b) {
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : b == '\r' ? 1 : 0;
            if (b == '\n') {
                lineStart = 0;
                inLength = false;
                return;
            }
            if (inLength) {
                if (b >= '0' && b <= '9') length = length * 10 + (b - '0');
                return;
            }
            if (lineStart < 0) return;
            if (lineStart < NAME.length && (b | 0x20) == (NAME[lineStart] | 0x20)) {
                if (++lineStart == NAME.length) {
                    inLength = true;
                    length = 0;
                }
            } else {
                lineStart = -1;
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
