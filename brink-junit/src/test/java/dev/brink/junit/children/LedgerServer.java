package dev.brink.junit.children;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A service for the extension's tests, run as a child JVM: every request posts to one ledger under its monitor and
 * holds it for {@code args[0]} ms (0: no wait), so its capacity is about 1000 / that many requests per second and,
 * above it, its eight worker threads queue BLOCKED on {@link Ledger}. Prints {@code PORT <n>} once it listens on
 * 127.0.0.1; ends itself after {@code args[1]} seconds (default 120) so a crashed test leaves no process behind.
 */
public final class LedgerServer {
    private LedgerServer() {
    }

    /** The contended monitor: a finding must name this class. */
    static final class Ledger {
        private long entries;

        synchronized long post(long holdMs) throws InterruptedException {
            if (holdMs > 0) {
                Thread.sleep(holdMs); // held while sleeping: the others wait for the monitor, not for a CPU
            }
            return ++entries;
        }
    }

    public static void main(String[] args) throws Exception {
        long holdMs = Long.parseLong(args[0]);
        long lifeS = args.length > 1 ? Long.parseLong(args[1]) : 120;
        Ledger ledger = new Ledger();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            byte[] body;
            try {
                body = ("{\"entry\":" + ledger.post(holdMs) + "}").getBytes(StandardCharsets.UTF_8);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        System.out.println("PORT " + server.getAddress().getPort());
        System.out.flush();
        Thread.sleep(lifeS * 1000);
        System.exit(0);
    }
}
