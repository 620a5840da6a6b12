package dev.brink.load.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.BrinkUserException;
import dev.brink.core.UserText;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves {@code GET /metrics} from a {@link LiveMetrics} while a run lasts: OpenMetrics 1.0 unless the scraper
 * asks for {@code text/plain} without {@code application/openmetrics-text} (then Prometheus text 0.0.4), as
 * Prometheus itself negotiates. The JDK's own HTTP server on one daemon thread: a scrape every few seconds
 * needs nothing more, and it costs the tool no dependency.
 *
 * <p>Listens on the address the user named, 127.0.0.1 when only a port was given: nothing Brink opens is
 * reachable from another machine unless asked for (a pod names {@code 0.0.0.0} so Prometheus can scrape it).
 */
public final class MetricsServer implements AutoCloseable {
    static final String EXPECTED = "PORT or HOST:PORT (port 0 to 65535, 0 = any free port), like 127.0.0.1:9464";

    private final HttpServer server;
    private final ExecutorService thread;

    private MetricsServer(HttpServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /**
     * Starts serving {@code metrics} on {@code address} ({@code PORT} or {@code HOST:PORT}).
     * @throws BrinkUserException the address is malformed or cannot be bound (one line, the address in it)
     */
    public static MetricsServer start(String address, LiveMetrics metrics) throws BrinkUserException {
        InetSocketAddress at = parse(address);
        HttpServer server;
        try {
            server = HttpServer.create(at, 16);
        } catch (IOException e) {
            throw new BrinkUserException("cannot serve --metrics on '" + UserText.quote(address) + "': " + e.getMessage());
        }
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "brink-metrics");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/", exchange -> serve(exchange, metrics));
        server.start();
        return new MetricsServer(server, thread);
    }

    /** The address actually bound (the port the system chose for port 0). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** The URL to scrape, for the console line. */
    public String url() {
        InetSocketAddress a = address();
        String host = a.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/metrics";
    }

    /**
     * Checks a {@code --metrics} value before anything starts ({@code PORT} or {@code HOST:PORT}).
     * @throws BrinkUserException one line naming the value and what was expected
     */
    public static InetSocketAddress parse(String text) throws BrinkUserException {
        String t = text == null ? "" : text.trim();
        int colon = t.lastIndexOf(':');
        String host = colon < 0 ? "127.0.0.1" : t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        String port = t.substring(colon + 1);
        if (host.isEmpty() || port.isEmpty() || port.length() > 5 || !port.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(port) > 65535 || host.chars().anyMatch(c -> c <= ' ' || c == 0x7F || c == '/')) {
            throw bad(text);
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), Integer.parseInt(port));
        } catch (UnknownHostException e) {
            throw bad(text);
        }
    }

    private static BrinkUserException bad(String text) {
        return new BrinkUserException("bad --metrics '" + UserText.quote(String.valueOf(text)) + "': expected " + EXPECTED);
    }

    private static void serve(HttpExchange exchange, LiveMetrics metrics) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (!"GET".equals(exchange.getRequestMethod()) && !"HEAD".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            if (!"/metrics".equals(path)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            boolean openMetrics = wantsOpenMetrics(exchange.getRequestHeaders().getFirst("Accept"));
            byte[] body = metrics.render(openMetrics).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", openMetrics ? MetricsText.OPENMETRICS_TYPE : MetricsText.PROMETHEUS_TYPE);
            boolean head = "HEAD".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(200, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** OpenMetrics unless the scraper names text/plain and not OpenMetrics (curl's {@code * / *} gets OpenMetrics). */
    static boolean wantsOpenMetrics(String accept) {
        if (accept == null) return true;
        return accept.contains("application/openmetrics-text") || !accept.contains("text/plain");
    }

    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}
