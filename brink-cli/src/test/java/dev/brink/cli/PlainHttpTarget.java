package dev.brink.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * A JVM for {@code brink run} to launch where what a test checks is Brink's own handling of a launched target
 * (Ctrl-C, SIGKILL, a failed gate, JFR on the target), not the sample service's behaviour: the JDK's HTTP server
 * on 127.0.0.1, answering every request 200 with a small body from 8 threads. It listens within a second, where
 * the Spring sample takes 5–10 s on 2 cores, per launch.
 */
public final class PlainHttpTarget {
    private PlainHttpTarget() {
    }

    /** args[0]: the port. Runs until stopped. */
    public static void main(String[] args) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 256);
        byte[] body = "{\"id\":1,\"title\":\"plain\",\"price\":9.5}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", x -> {
            x.getRequestBody().readAllBytes();
            x.getResponseHeaders().set("Content-Type", "application/json");
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.start();
    }

    /** The java command line that launches it on {@code port}, in a plan's {@code target.jvm.launch}. */
    static List<String> command(int port) {
        Path classes;
        try {
            classes = Path.of(PlainHttpTarget.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp", classes.toString(),
                PlainHttpTarget.class.getName(), Integer.toString(port));
    }
}
