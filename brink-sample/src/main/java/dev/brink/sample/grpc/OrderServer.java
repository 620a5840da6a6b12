package dev.brink.sample.grpc;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gRPC sample: the order service of orders.proto on grpc-java's Netty server, with the v1 reflection service
 * (so a client needs no .proto), listening on 127.0.0.1 unless {@code --address} names another. Started from the
 * sample jar by {@code --service=grpc}; options are {@code --name=value}:
 * <ul>
 *   <li>{@code --port} (50051; 0 picks one), {@code --address} (127.0.0.1), {@code --reflection} (true)</li>
 *   <li>{@code --workers} (8): handler threads; calls beyond them wait in an unbounded queue, so an overloaded
 *       service answers late rather than refusing</li>
 *   <li>{@code --handler-delay-ms} (2): each handler's simulated downstream call; the slow-handlers defect sets 25</li>
 *   <li>{@code --recent-orders} (32000) and {@code --note-bytes} (4096): the in-memory ring of recent orders, about
 *       135 MB of live set; {@code --receipt-bytes} (65536): garbage per PlaceOrder</li>
 * </ul>
 * The tiny-old-generation defect of field report 004 is not an option here: it is the JVM flags the service is
 * started with (Brink's launcher passes {@code -Xmx256m -Xmn250m -XX:+UseParallelGC}).
 */
public final class OrderServer {
    private OrderServer() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        Server server = start(o);
        // tools and tests wait for this exact line to know the port and the PID to watch
        System.out.println("Order service ready on grpc://" + o.getOrDefault("address", "127.0.0.1") + ":" + server.getPort() + " (pid " + ProcessHandle.current().pid() + ")");
        System.out.flush();
        server.awaitTermination();
    }

    /** Starts the service with these options (names without "--"); stopping the server stops its workers. */
    static Server start(Map<String, String> o) throws java.io.IOException {
        int port = Integer.parseInt(o.getOrDefault("port", "50051"));
        String address = o.getOrDefault("address", "127.0.0.1");
        int workers = Integer.parseInt(o.getOrDefault("workers", "8"));
        int noteBytes = Integer.parseInt(o.getOrDefault("note-bytes", "4096"));
        RecentOrders recent = new RecentOrders(Integer.parseInt(o.getOrDefault("recent-orders", "32000")), noteBytes);
        OrdersService service = new OrdersService(recent, Long.parseLong(o.getOrDefault("handler-delay-ms", "2")),
                noteBytes, Integer.parseInt(o.getOrDefault("receipt-bytes", "65536")));
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> new Thread(r, "OrderWorker-" + n.incrementAndGet()));
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress(address, port)).executor(pool).addService(service);
        if (Boolean.parseBoolean(o.getOrDefault("reflection", "true"))) {
            b.addService(ProtoReflectionServiceV1.newInstance());
        }
        Server server = b.build().start();
        Thread stop = new Thread(() -> {
            server.shutdownNow();
            pool.shutdownNow();
        }, "order-server-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        // a server stopped in-process (tests) lets its workers go too
        Thread reaper = new Thread(() -> {
            try {
                server.awaitTermination();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.shutdownNow();
        }, "order-server-reaper");
        reaper.setDaemon(true);
        reaper.start();
        return server;
    }

    /** {@code --name=value} pairs; anything else is refused in one line, exit 2. */
    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 3) {
                System.err.println("order service: bad argument '" + a + "': expected --name=value");
                System.exit(2);
            }
            o.put(a.substring(2, eq), a.substring(eq + 1));
        }
        o.remove("service");
        return o;
    }
}
