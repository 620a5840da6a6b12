package dev.brink.load.host;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.Executors;

/**
 * The service a container would run, for {@link DockerProxyTargetTest}: an HTTP server on ADDRESS:PORT whose every
 * answer costs some CPU (SHA-256 over 256 KiB, about a millisecond), so that its JVM's CPU is the load's. Prints
 * "ready PID" once it listens, and ends by itself after SECONDS (a test that dies leaves nothing running).
 */
public final class ProxiedServerMain {
    private ProxiedServerMain() {
    }

    public static void main(String[] args) throws Exception {
        InetAddress address = InetAddress.getByName(args[0]);
        int port = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 64);
        byte[] work = new byte[256 * 1024];
        server.createContext("/", exchange -> {
            byte[] body;
            try {
                body = (toHex(MessageDigest.getInstance("SHA-256").digest(work)) + "\n").getBytes(StandardCharsets.US_ASCII);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.start();
        System.out.println("ready " + ProcessHandle.current().pid());
        Thread.sleep(seconds * 1000);
        System.exit(0);
    }

    private static String toHex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(String.format("%02x", x & 0xff));
        return sb.toString();
    }
}
