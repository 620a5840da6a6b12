package dev.brink.method.children;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A small HTTP service for the method's tests, run as a child JVM: answers every request with a short body
 * after a little work. Prints {@code PORT <n>} once it listens on 127.0.0.1.
 */
public final class PlainServer {
    private PlainServer() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(Executors.newFixedThreadPool(4));
        byte[] body = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        System.out.println("PORT " + server.getAddress().getPort());
        System.out.flush();
        Thread.currentThread().join();
    }
}
