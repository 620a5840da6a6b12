package dev.brink.threads.child;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM with event loops, for the busy-thread rule's tests to dump. A TCP echo server on 127.0.0.1 whose
 * loop threads are {@code wire-loop-N}, fed by one {@code feeder} thread over a blocking socket: 128-byte lines
 * paced at {@value #LINES_PER_SEC} a second, each echo read back. Modes:
 * <ul>
 *   <li>{@code plain-io}: Netty's NioEventLoop echoing (the loop's CPU is socket reads, writes and Netty's
 *   pipeline: a loop doing its job);</li>
 *   <li>{@code shaded-io}: the same through grpc-netty-shaded's relocated copy of Netty
 *   ({@code io.grpc.netty.shaded.io.netty…}, epoll where available), the copy gRPC services run;</li>
 *   <li>{@code app-on-loop}: plain Netty whose handler computes a {@link QuoteChecksum} of each line on the loop
 *   before echoing it, and the feeder sends without pause: application code blocking the loop.</li>
 * </ul>
 * Prints "ready" once the feeder's first echo came back, then lives at most {@value #LIFETIME_MS} ms.
 */
public final class EventLoops {
    static final long LIFETIME_MS = 90_000;
    static final int LINES_PER_SEC = 3000;
    static final int LINE = 128;

    private EventLoops() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int port = switch (mode) {
            case "plain-io" -> PlainNettyEcho.start(false);
            case "app-on-loop" -> PlainNettyEcho.start(true);
            case "shaded-io" -> ShadedNettyEcho.start();
            default -> throw new IllegalArgumentException(mode);
        };
        long pauseNanos = mode.equals("app-on-loop") ? 0 : TimeUnit.SECONDS.toNanos(1) / LINES_PER_SEC;
        Object firstEcho = new Object();
        boolean[] echoed = {false};
        Thread feeder = new Thread(() -> feed(port, pauseNanos, () -> {
            synchronized (firstEcho) {
                echoed[0] = true;
                firstEcho.notifyAll();
            }
        }), "feeder");
        feeder.setDaemon(true);
        feeder.start();
        synchronized (firstEcho) {
            long until = System.currentTimeMillis() + 30_000;
            while (!echoed[0] && System.currentTimeMillis() < until) {
                firstEcho.wait(1000);
            }
        }
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(LIFETIME_MS);
        System.exit(0);
    }

    /** Sends lines and reads each echo back, until the process ends (bounded by {@link #LIFETIME_MS}). */
    private static void feed(int port, long pauseNanos, Runnable firstEcho) {
        byte[] line = new byte[LINE];
        java.util.Arrays.fill(line, (byte) 'q');
        line[LINE - 1] = '\n';
        byte[] back = new byte[LINE];
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5000);
            s.setTcpNoDelay(true);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            boolean first = true;
            long next = System.nanoTime();
            while (true) {
                out.write(line);
                for (int got = 0; got < LINE; ) {
                    int n = in.read(back, got, LINE - got);
                    if (n < 0) return;
                    got += n;
                }
                if (first) {
                    firstEcho.run();
                    first = false;
                }
                if (pauseNanos > 0) {
                    next += pauseNanos;
                    long wait = next - System.nanoTime();
                    if (wait > 0) LockSupport.parkNanos(wait);
                }
            }
        } catch (java.io.IOException e) {
            System.out.println("feeder: " + e);
        }
    }

    /** The application's computation a handler runs on the loop: a checksum of a quote line, many rounds. */
    static final class QuoteChecksum {
        static volatile long sink;

        static long of(byte[] quote) {
            long h = 1125899906842597L;
            for (int round = 0; round < 20_000; round++) {
                for (byte b : quote) h = 31 * h + b + round;
            }
            sink = h;
            return h;
        }
    }

    static final class PlainNettyEcho {
        static int start(boolean computeOnLoop) throws InterruptedException {
            io.netty.channel.EventLoopGroup group = new io.netty.channel.nio.NioEventLoopGroup(1,
                    new io.netty.util.concurrent.DefaultThreadFactory("wire-loop", true));
            io.netty.channel.Channel server = new io.netty.bootstrap.ServerBootstrap().group(group)
                    .channel(io.netty.channel.socket.nio.NioServerSocketChannel.class)
                    .childHandler(new io.netty.channel.ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                            if (computeOnLoop) {
                                io.netty.buffer.ByteBuf b = (io.netty.buffer.ByteBuf) msg;
                                byte[] copy = new byte[b.readableBytes()];
                                b.getBytes(b.readerIndex(), copy);
                                QuoteChecksum.of(copy);
                            }
                            ctx.writeAndFlush(msg);
                        }
                    })
                    .bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            return ((InetSocketAddress) server.localAddress()).getPort();
        }
    }

    static final class ShadedNettyEcho {
        static int start() throws InterruptedException {
            boolean epoll = io.grpc.netty.shaded.io.netty.channel.epoll.Epoll.isAvailable();
            io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory names =
                    new io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory("wire-loop", true);
            io.grpc.netty.shaded.io.netty.channel.EventLoopGroup group = epoll
                    ? new io.grpc.netty.shaded.io.netty.channel.epoll.EpollEventLoopGroup(1, names)
                    : new io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup(1, names);
            io.grpc.netty.shaded.io.netty.channel.Channel server = new io.grpc.netty.shaded.io.netty.bootstrap.ServerBootstrap()
                    .group(group)
                    .channel(epoll ? io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel.class
                            : io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel.class)
                    .childHandler(new io.grpc.netty.shaded.io.netty.channel.ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(io.grpc.netty.shaded.io.netty.channel.ChannelHandlerContext ctx, Object msg) {
                            ctx.writeAndFlush(msg);
                        }
                    })
                    .bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            System.out.println("transport " + (epoll ? "epoll" : "nio") + " " + StandardCharsets.UTF_8.name());
            return ((InetSocketAddress) server.localAddress()).getPort();
        }
    }
}
