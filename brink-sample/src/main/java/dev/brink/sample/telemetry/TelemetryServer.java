package dev.brink.sample.telemetry;

import com.sun.net.httpserver.HttpServer;
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
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The telemetry sample: a platform that vehicle terminals report to over raw TCP ({@link TelemetryProtocol}).
 * It checks every packet (framing, escapes, length, XOR) and every device's session (logged in before data,
 * sequence and time strictly increasing, mileage never decreasing), acks each packet with its sequence number
 * and a result code, and serves its counters as JSON on {@code GET /stats} of a second port. A small entry
 * point apart from the Spring book service: {@code brink sample --service telemetry} starts it.
 *
 * <p>Defect {@code leak}: a device's state (with its trip, every data point) is kept after its logout, so the
 * heap grows with the number of trips, as a platform that forgets to evict finished sessions does.
 */
public final class TelemetryServer implements AutoCloseable {
    private final TelemetryStats stats = new TelemetryStats();
    private final Map<Long, Device> devices = new ConcurrentHashMap<>();
    private final boolean leak;
    private final EventLoopGroup group = new NioEventLoopGroup(2);
    private final Channel channel;
    private final HttpServer http;

    public TelemetryServer(String address, int port, int statsPort, boolean leak) throws IOException, InterruptedException {
        this.leak = leak;
        this.channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new Connection());
                    }
                }).bind(address, port).sync().channel();
        this.http = HttpServer.create(new InetSocketAddress(address, statsPort), 16);
        http.createContext("/stats", ex -> {
            byte[] body = stats.json(devices.size()).getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        http.start();
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    public int statsPort() {
        return http.getAddress().getPort();
    }

    @Override
    public void close() {
        http.stop(0);
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One device's session as the platform sees it. */
    private static final class Device {
        boolean loggedIn;
        long lastSeq = -1;
        long lastTime = -1;
        long lastMileage = -1;
        final List<long[]> trip = new ArrayList<>(); // time, lat, lon, speed, mileage, fuel of every data packet
    }

    /** One TCP connection: cuts frames at 7E flags and answers each. */
    private final class Connection extends ChannelInboundHandlerAdapter {
        private final ByteArrayOutputStream frame = new ByteArrayOutputStream();
        private boolean inFrame;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            try {
                while (b.isReadable()) {
                    byte x = b.readByte();
                    if (x == TelemetryProtocol.FLAG) {
                        if (inFrame && frame.size() > 0) {
                            byte[] ack = handle(frame.toByteArray());
                            ctx.writeAndFlush(Unpooled.wrappedBuffer(ack));
                            frame.reset();
                        }
                        inFrame = true;
                    } else if (inFrame) {
                        if (frame.size() > 4096) { // no packet is that long: a stream out of step
                            stats.badPackets.increment();
                            ctx.close();
                            return;
                        }
                        frame.write(x);
                    }
                }
            } finally {
                b.release();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    private byte[] handle(byte[] escaped) {
        stats.packets.increment();
        byte[] p = TelemetryProtocol.unescape(escaped, escaped.length);
        if (p == null || p.length < TelemetryProtocol.HEADER + 1
                || TelemetryProtocol.u16(p, 2) != p.length - TelemetryProtocol.HEADER - 1 || !xorOk(p)) {
            stats.badPackets.increment();
            return TelemetryProtocol.ack(null, 0, 0, TelemetryProtocol.BAD_PACKET);
        }
        int id = TelemetryProtocol.u16(p, 0);
        int seq = TelemetryProtocol.u16(p, 10);
        byte[] deviceBcd = java.util.Arrays.copyOfRange(p, 4, 10);
        long deviceId = TelemetryProtocol.bcd(p, 4, 6);
        int result = switch (id) {
            case TelemetryProtocol.LOGIN -> login(p, deviceId, seq);
            case TelemetryProtocol.DATA, TelemetryProtocol.LOGOUT -> session(p, id, deviceId, seq);
            default -> {
                stats.unknownIds.increment();
                yield TelemetryProtocol.UNKNOWN_ID;
            }
        };
        return TelemetryProtocol.ack(deviceBcd, seq, id, result);
    }

    private static boolean xorOk(byte[] p) {
        int x = 0;
        for (int i = 0; i < p.length - 1; i++) x ^= p[i];
        return (x & 0xFF) == (p[p.length - 1] & 0xFF);
    }

    private int login(byte[] p, long deviceId, int seq) {
        if (p.length != TelemetryProtocol.HEADER + 12 + 1) {
            stats.badPackets.increment();
            return TelemetryProtocol.BAD_PACKET;
        }
        stats.logins.increment();
        Device d = new Device();
        d.loggedIn = true;
        d.lastSeq = seq;
        d.lastTime = TelemetryProtocol.u32(p, 12);
        devices.put(deviceId, d);
        return TelemetryProtocol.OK;
    }

    private int session(byte[] p, int id, long deviceId, int seq) {
        boolean data = id == TelemetryProtocol.DATA;
        if (p.length != TelemetryProtocol.HEADER + (data ? 22 : 6) + 1) {
            stats.badPackets.increment();
            return TelemetryProtocol.BAD_PACKET;
        }
        (data ? stats.data : stats.logouts).increment();
        Device d = devices.get(deviceId);
        if (d == null || !d.loggedIn) {
            stats.violation("not-logged-in");
            return TelemetryProtocol.RULE_BROKEN;
        }
        int result = TelemetryProtocol.OK;
        long time = TelemetryProtocol.bcdTime(p, 12);
        if (seq <= d.lastSeq) {
            stats.violation("seq-not-increasing");
            result = TelemetryProtocol.RULE_BROKEN;
        }
        if (time <= d.lastTime) {
            stats.violation("time-not-increasing");
            result = TelemetryProtocol.RULE_BROKEN;
        }
        d.lastSeq = seq;
        d.lastTime = time;
        if (data) {
            long mileage = TelemetryProtocol.u32(p, 28);
            if (mileage < d.lastMileage) {
                stats.violation("mileage-decreased");
                result = TelemetryProtocol.RULE_BROKEN;
            }
            d.lastMileage = mileage;
            d.trip.add(new long[] {time, TelemetryProtocol.u32(p, 18), TelemetryProtocol.u32(p, 22),
                TelemetryProtocol.u16(p, 26), mileage, TelemetryProtocol.u16(p, 32)});
        } else {
            d.loggedIn = false;
            if (!leak) devices.remove(deviceId);
        }
        return result;
    }

    /** {@code [--address A] [--port P] [--stats-port Q] [--defects leak]}; prints one ready line, runs until killed. */
    public static void main(String[] args) throws Exception {
        String address = "127.0.0.1";
        int port = 9000;
        int statsPort = 0;
        boolean leak = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--address" -> address = need(a, v);
                case "--port" -> port = portArg(a, need(a, v));
                case "--stats-port" -> statsPort = portArg(a, need(a, v));
                case "--defects" -> {
                    for (String d : need(a, v).split(",")) {
                        if (d.equals("leak")) leak = true;
                        else if (!d.isBlank()) usage("unknown defect '" + d + "': expected leak");
                    }
                }
                default -> usage("unknown argument '" + a + "'");
            }
            i++;
        }
        TelemetryServer s = new TelemetryServer(address, port, statsPort, leak);
        Runtime.getRuntime().addShutdownHook(new Thread(s::close, "telemetry-stop"));
        System.out.println("Telemetry service ready on " + address + ":" + s.port() + ", stats on http://" + address + ":"
                + s.statsPort() + "/stats (pid " + ProcessHandle.current().pid() + ")" + (leak ? " [defects: leak]" : ""));
        Thread.currentThread().join();
    }

    private static String need(String option, String value) {
        if (value == null) usage(option + " needs a value");
        return value;
    }

    private static int portArg(String option, String v) {
        try {
            int p = Integer.parseInt(v);
            if (p >= 0 && p <= 65535) return p;
        } catch (NumberFormatException e) {
            // below
        }
        usage("bad " + option + " '" + v + "': expected 0..65535");
        return 0;
    }

    private static void usage(String why) {
        System.err.println("telemetry service: " + why);
        System.exit(2);
    }
}
