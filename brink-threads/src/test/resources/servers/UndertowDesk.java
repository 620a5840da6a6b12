// The program that wrote undertow-*.txt beside it (see servers/capture-undertow.sh). Not compiled by the build:
// Undertow is not one of Brink's dependencies. Compile and run it with undertow-core 2.3.27.Final and its runtime
// dependencies (xnio-api, xnio-nio, jboss-threads, jboss-logging, wildfly-common, wildfly-client-config,
// smallrye-common) on the class path.
package dev.brink.threads.servers;

import io.undertow.Undertow;
import io.undertow.server.handlers.BlockingHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A claims endpoint on a real Undertow 2.3 server whose blocking handler asks a partner before it answers. {@code stuck}:
 * the partner accepts and never answers, and 16 clients keep the server's 8 worker threads (XNIO-1 task-N, an
 * EnhancedQueueExecutor) held in the partner's socket read. {@code healthy}: the partner answers in 20 ms and four
 * clients send a request every 100 ms each: the workers are mostly idle, parked in the executor's run loop. Prints READY; exits
 * after args[1] seconds.
 */
public final class UndertowDesk {
    private UndertowDesk() {
    }

    public static void main(String[] args) throws Exception {
        boolean stuck = args[0].equals("stuck");
        long lifeSeconds = Long.parseLong(args[1]);
        int partner = partner(stuck ? -1 : 20);
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Undertow server = Undertow.builder().addHttpListener(port, "127.0.0.1").setIoThreads(1).setWorkerThreads(8)
                .setHandler(new BlockingHandler(exchange -> exchange.getResponseSender().send(verify(partner)))).build();
        server.start();
        int clients = stuck ? 16 : 4;
        for (int i = 0; i < clients; i++) {
            Thread c = new Thread(() -> {
                while (true) {
                    get(port);
                    if (!stuck) pause(100);
                }
            }, "claims-client-" + i);
            c.setDaemon(true);
            c.start();
        }
        Thread.sleep(2000);
        System.out.println("READY");
        Thread.sleep(lifeSeconds * 1000);
        System.exit(0);
    }

    /** Asks the partner about a claim; returns its answer. */
    static String verify(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write("VERIFY\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            StringBuilder b = new StringBuilder();
            int c;
            while ((c = in.read()) >= 0 && c != '\n') b.append((char) c);
            return b.toString();
        } catch (IOException e) {
            return "ERROR";
        }
    }

    private static void get(int port) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write("GET /claims HTTP/1.1\r\nHost: desk\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            while (in.read() >= 0) {
                // the whole answer
            }
        } catch (IOException e) {
            pause(100);
        }
    }

    /** A partner answering each request line after latencyMs; never, when negative. */
    private static int partner(long latencyMs) throws IOException {
        ServerSocket ss = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        List<Socket> open = new ArrayList<>();
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    Socket s = ss.accept();
                    if (latencyMs < 0) {
                        open.add(s);
                        continue;
                    }
                    Thread h = new Thread(() -> answer(s, latencyMs), "partner-conn");
                    h.setDaemon(true);
                    h.start();
                }
            } catch (IOException e) {
                // closed at exit
            }
        }, "partner-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        return ss.getLocalPort();
    }

    private static void answer(Socket s, long latencyMs) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            while (in.read() != '\n') {
                // the request line
            }
            pause(latencyMs);
            out.write("APPROVED\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // client gone
        }
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
