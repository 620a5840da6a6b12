// The program that wrote jetty-*.txt beside it (see servers/capture.sh). Not compiled by the build: Jetty is not one
// of Brink's dependencies. Compile and run it with jetty-server 12.1.14 (and its jetty-http, jetty-io, jetty-util,
// slf4j-api) on the class path.
package dev.brink.threads.servers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A claims endpoint on a real Jetty 12 server whose handler asks a partner before it answers. {@code stuck}: the
 * partner accepts and never answers, and 16 clients keep the server's QueuedThreadPool (threads qtp&lt;hash&gt;-&lt;n&gt;,
 * 12 of them) full: every worker not running Jetty's own acceptor or selector is held in the partner's socket read.
 * {@code healthy}: the partner answers in 20 ms and one client sends a request every 100 ms: the pool's workers are
 * idle in QueuedThreadPool's job poll or reserved, one at most in the read. Prints READY; exits after args[1] seconds.
 */
public final class JettyDesk {
    private JettyDesk() {
    }

    public static void main(String[] args) throws Exception {
        boolean stuck = args[0].equals("stuck");
        long lifeSeconds = Long.parseLong(args[1]);
        int partner = partner(stuck ? -1 : 20);
        QueuedThreadPool qtp = new QueuedThreadPool(12, 12);
        Server server = new Server(qtp);
        ServerConnector connector = new ServerConnector(server, 1, 1);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                String verdict = verify(partner);
                response.setStatus(200);
                Content.Sink.write(response, true, verdict, callback);
                return true;
            }
        });
        server.start();
        int port = connector.getLocalPort();
        int clients = stuck ? 16 : 1;
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
