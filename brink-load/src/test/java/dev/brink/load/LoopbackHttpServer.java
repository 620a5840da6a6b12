package dev.brink.load;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK HttpServer under the tests' small web applications: 127.0.0.1 only, a free port, one handler for every path,
 * a pool of its own (the JDK's default runs every exchange on one thread, so one slow page would hold up the rest).
 */
public final class LoopbackHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService pool;

    public LoopbackHttpServer(int threads, HttpHandler handler) throws IOException {
        pool = Executors.newFixedThreadPool(threads);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/", handler);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT}, no trailing slash. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
