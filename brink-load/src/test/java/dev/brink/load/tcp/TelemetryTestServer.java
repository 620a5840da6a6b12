package dev.brink.load.tcp;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A platform for the JT/T 808-style protocol of {@code tcp/telematics.yaml}, written independently of Brink's
 * encoder: it unframes on 7E, unescapes, verifies the XOR, and checks every session's rules (login first,
 * sequence and time strictly increasing, mileage never decreasing, fuel never increasing); each packet is
 * acked with its sequence number echoed, result 0 when it passed, 1 when not.
 */
final class TelemetryTestServer implements AutoCloseable {
    final AtomicLong packets = new AtomicLong();
    final AtomicLong logins = new AtomicLong();
    final AtomicLong logouts = new AtomicLong();
    final AtomicLong data = new AtomicLong();
    final AtomicLong violations = new AtomicLong();
    final AtomicLong badChecksums = new AtomicLong();
    /** Set: answer nothing but a frame start, so no response ever frames. */
    volatile boolean mute;
    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final Channel server;

    TelemetryTestServer() throws InterruptedException {
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Device());
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    @Override
    public void close() {
        server.close();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    private final class Device extends ChannelInboundHandlerAdapter {
        private final ByteArrayOutputStream frame = new ByteArrayOutputStream();
        private boolean inFrame;
        private boolean loggedIn;
        private long lastSeq = -1;
        private long lastTime = -1;
        private long lastMileage = -1;
        private long lastFuel = Long.MAX_VALUE;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            try {
                while (b.isReadable()) {
                    byte x = b.readByte();
                    if (x == 0x7E) {
                        if (inFrame && frame.size() > 0) {
                            handle(ctx, frame.toByteArray());
                            frame.reset();
                        }
                        inFrame = true;
                    } else if (inFrame) {
                        frame.write(x);
                    }
                }
            } finally {
                b.release();
            }
        }

        private void handle(ChannelHandlerContext ctx, byte[] escaped) {
            packets.incrementAndGet();
            ByteArrayOutputStream u = new ByteArrayOutputStream();
            for (int i = 0; i < escaped.length; i++) {
                if (escaped[i] == 0x7D && i + 1 < escaped.length) {
                    u.write(escaped[++i] == 0x02 ? 0x7E : 0x7D);
                } else {
                    u.write(escaped[i]);
                }
            }
            byte[] p = u.toByteArray();
            int xor = 0;
            for (int i = 0; i < p.length - 1; i++) xor ^= p[i];
            int id = p.length >= 12 ? u16(p, 0) : -1;
            int seq = p.length >= 12 ? u16(p, 10) : 0;
            boolean ok = true;
            if ((xor & 0xFF) != (p[p.length - 1] & 0xFF) || p.length < 12 || u16(p, 2) != p.length - 13) {
                badChecksums.incrementAndGet();
                ok = false;
            } else if (id == 0x0100) {
                logins.incrementAndGet();
                loggedIn = true;
                lastTime = u32(p, 12);
                lastSeq = seq;
            } else if (id == 0x0200 || id == 0x0003) {
                long time = bcdTime(p, 12);
                boolean rules = loggedIn && seq > lastSeq && time > lastTime;
                if (id == 0x0200) {
                    data.incrementAndGet();
                    long mileage = u32(p, 28);
                    long fuel = u16(p, 32);
                    rules &= mileage >= lastMileage && fuel <= lastFuel;
                    lastMileage = mileage;
                    lastFuel = fuel;
                } else {
                    logouts.incrementAndGet();
                    loggedIn = false;
                }
                lastSeq = seq;
                lastTime = time;
                if (!rules) {
                    violations.incrementAndGet();
                    ok = false;
                }
            } else {
                violations.incrementAndGet();
                ok = false;
            }
            if (mute) {
                ctx.writeAndFlush(Unpooled.wrappedBuffer(new byte[] {0x7E, 0x01, 0x02}));
                return;
            }
            byte[] ack = new byte[18];
            ack[0] = (byte) 0x80;
            ack[1] = 0x01;
            ack[3] = 5;
            if (p.length >= 12) System.arraycopy(p, 4, ack, 4, 6);
            ack[12] = (byte) (seq >> 8);
            ack[13] = (byte) seq;
            ack[14] = (byte) (id >> 8);
            ack[15] = (byte) id;
            ack[16] = (byte) (ok ? 0 : 1);
            int x = 0;
            for (int i = 0; i < 17; i++) x ^= ack[i];
            ack[17] = (byte) x;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(0x7E);
            for (byte a : ack) {
                if (a == 0x7E) out.write(new byte[] {0x7D, 0x02}, 0, 2);
                else if (a == 0x7D) out.write(new byte[] {0x7D, 0x01}, 0, 2);
                else out.write(a);
            }
            out.write(0x7E);
            ctx.writeAndFlush(Unpooled.wrappedBuffer(out.toByteArray()));
        }
    }

    static int u16(byte[] b, int off) {
        return (b[off] & 0xFF) << 8 | (b[off + 1] & 0xFF);
    }

    static long u32(byte[] b, int off) {
        return (long) u16(b, off) << 16 | u16(b, off + 2);
    }

    /** YYMMDDhhmmss BCD → seconds since 2000 (enough to compare two times). */
    static long bcdTime(byte[] b, int off) {
        int[] v = new int[6];
        for (int i = 0; i < 6; i++) v[i] = ((b[off + i] >> 4) & 0xF) * 10 + (b[off + i] & 0xF);
        return java.time.LocalDateTime.of(2000 + v[0], v[1], v[2], v[3], v[4], v[5])
                .toEpochSecond(java.time.ZoneOffset.UTC);
    }
}
