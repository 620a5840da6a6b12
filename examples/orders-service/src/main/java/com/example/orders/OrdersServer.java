package com.example.orders;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * A tiny order service on 127.0.0.1: POST /orders keeps the last 1000 orders, GET /orders/N answers one.
 * Arguments: port (0: any), and optionally a file to write its process id to. With -Dorders.leak=true it also
 * keeps every order ever posted in an audit list that nothing reads: the planted leak the example's build catches.
 * With -Dorders.slow=true reading an order waits 20 ms more, as a query that lost its index does: the regression a
 * build with a stored baseline ({@code -Dbrink.baseline=DIR}) catches.
 */
public final class OrdersServer {
    static final List<String> AUDIT = new ArrayList<>();
    private static final boolean LEAK = Boolean.getBoolean("orders.leak");
    private static final boolean SLOW = Boolean.getBoolean("orders.slow");

    private OrdersServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Deque<String> recent = new ArrayDeque<>();
        // The JDK's HttpServer leaves Nagle on: a response written as headers then body waits for the client's delayed
        // ACK, 40 ms on Linux, for some requests and not others, so the median moved between 0.5 and 40 ms from one
        // build to the next and no baseline held. Real servers (Netty, Tomcat, Jetty) set TCP_NODELAY.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/orders", ex -> {
            String order = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (SLOW && order.isEmpty()) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            synchronized (recent) {
                if (!order.isEmpty()) {
                    recent.addLast(order);
                    if (recent.size() > 1000) {
                        recent.removeFirst();
                    }
                    if (LEAK) {
                        AUDIT.add(order + " ".repeat(8192)); // grows forever, about 160 KB/s at 20 posts/s
                    }
                }
            }
            byte[] body = ("{\"orders\":" + recent.size() + "}").getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(order.isEmpty() ? 200 : 201, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        if (args.length > 1) {
            Files.writeString(Path.of(args[1]), Long.toString(ProcessHandle.current().pid()));
        }
        System.out.println("PORT " + server.getAddress().getPort());
        System.out.flush();
    }
}
