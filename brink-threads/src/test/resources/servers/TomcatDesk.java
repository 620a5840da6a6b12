// The program that wrote tomcat-*.txt beside it (see servers/capture.sh). Not compiled by the build: Tomcat is not
// one of Brink's dependencies. Compile and run it with tomcat-embed-core 10.1.48 and tomcat-annotations-api on the
// class path.
package dev.brink.threads.servers;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * A claims endpoint on a real embedded Tomcat 10.1 whose servlet asks a partner before it answers. {@code stuck}: the
 * partner accepts and never answers, and 16 clients keep the connector's 8 worker threads (http-nio-PORT-exec-N,
 * Tomcat's own ThreadPoolExecutor) held in the partner's socket read. {@code healthy}: the partner answers in 20 ms and
 * four clients send a request every 100 ms each: the workers are mostly idle in TaskQueue's poll. Prints READY; exits
 * after args[1] seconds.
 */
public final class TomcatDesk {
    private TomcatDesk() {
    }

    public static void main(String[] args) throws Exception {
        boolean stuck = args[0].equals("stuck");
        long lifeSeconds = Long.parseLong(args[1]);
        int partner = partner(stuck ? -1 : 20);
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("tomcat-desk").toString());
        Connector connector = new Connector();
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("maxThreads", "8");
        connector.setProperty("minSpareThreads", "8");
        tomcat.setConnector(connector);
        Context ctx = tomcat.addContext("", null);
        Tomcat.addServlet(ctx, "claims", new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                resp.getWriter().write(verify(partner));
            }
        });
        ctx.addServletMappingDecoded("/*", "claims");
        tomcat.start();
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
