package dev.brink.threads.child;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A rate-card synchroniser whose pools wait on slow downstreams, beside healthy twins, for the committed dumps under
 * resources/downstream (captured by resources/downstream/capture.sh). Pools, named by their thread factory:
 * <ul>
 *   <li>ratecard-fetch-1..6: worker 1 runs a long audit pause; the other five read rate cards from a partner
 *   ({@link #download}) that accepts the connection and never answers, 100 downloads queued behind them.</li>
 *   <li>tariff-http-1..3: HttpURLConnection GETs ({@link #tariffs}) to the same silent partner, 50 queued.</li>
 *   <li>retry-backoff-1..4: each task backs off ({@link #backoff}, Thread.sleep of a minute), 40 queued.</li>
 *   <li>quote-echo-1..4 (healthy twin): round trips to an echo server that answers in about a millisecond
 *   ({@link #quote}), always queued: busy in a socket read at almost every instant, but a different read each time.</li>
 *   <li>audit-push-1..6 (healthy twin): two workers stuck in the silent partner's read ({@link #push}), four idle.</li>
 * </ul>
 * Prints READY once every worker is where it should be; exits after {@code args[0]} seconds (default 30).
 */
public final class RateCardSync {
    private RateCardSync() {
    }

    public static void main(String[] args) throws Exception {
        long lifeSeconds = args.length > 0 ? Long.parseLong(args[0]) : 30;
        ServerSocket silent = silentPartner();
        ServerSocket echo = echoServer();
        int silentPort = silent.getLocalPort();
        int echoPort = echo.getLocalPort();

        ExecutorService fetch = pool("ratecard-fetch", 6);
        fetch.submit(() -> auditPause());
        for (int i = 0; i < 100; i++) {
            int card = i;
            fetch.submit(() -> download(silentPort, card));
        }
        ExecutorService http = pool("tariff-http", 3);
        for (int i = 0; i < 50; i++) {
            http.submit(() -> tariffs(silentPort));
        }
        ExecutorService retry = pool("retry-backoff", 4);
        for (int i = 0; i < 40; i++) {
            retry.submit(() -> backoff());
        }
        ThreadPoolExecutor echoes = pool("quote-echo", 4);
        for (int i = 0; i < 200_000; i++) {
            echoes.submit(() -> quote(echoPort));
        }
        ThreadPoolExecutor push = pool("audit-push", 6);
        push.prestartAllCoreThreads();
        for (int i = 0; i < 2; i++) {
            push.submit(() -> push(silentPort));
        }
        Thread.sleep(1500); // every stuck worker has connected and sent; echo workers are in their loop
        System.out.println("READY");
        Thread.sleep(lifeSeconds * 1000);
        System.exit(0);
    }

    private static ThreadPoolExecutor pool(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory f = r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), f);
    }

    /** Accepts every connection and never answers. */
    private static ServerSocket silentPartner() throws IOException {
        ServerSocket ss = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            List<Socket> open = new ArrayList<>();
            try {
                while (true) open.add(ss.accept());
            } catch (IOException e) {
                // closed at exit
            }
        }, "partner-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        return ss;
    }

    /** Answers each byte with a byte after about a millisecond, one thread per connection. */
    private static ServerSocket echoServer() throws IOException {
        ServerSocket ss = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    Socket s = ss.accept();
                    Thread h = new Thread(() -> answer(s), "echo-conn");
                    h.setDaemon(true);
                    h.start();
                }
            } catch (IOException e) {
                // closed at exit
            }
        }, "echo-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
        return ss;
    }

    private static void answer(Socket s) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            int b;
            while ((b = in.read()) >= 0) {
                Thread.sleep(1);
                out.write(b);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // client gone
        }
    }

    static int download(int port, int card) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write(("GET card " + card + "\n").getBytes());
            return s.getInputStream().read();
        } catch (IOException e) {
            return -1;
        }
    }

    static int tariffs(int port) {
        try {
            HttpURLConnection c = (HttpURLConnection) new URL("http://127.0.0.1:" + port + "/tariffs").openConnection();
            return c.getResponseCode();
        } catch (IOException e) {
            return -1;
        }
    }

    static void backoff() {
        try {
            Thread.sleep(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void auditPause() {
        try {
            Thread.sleep(120_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final ThreadLocal<Socket> ECHO = new ThreadLocal<>();

    static int quote(int port) {
        try {
            Socket s = ECHO.get();
            if (s == null) {
                s = new Socket(InetAddress.getLoopbackAddress(), port);
                s.setTcpNoDelay(true);
                ECHO.set(s);
            }
            s.getOutputStream().write(7);
            return s.getInputStream().read();
        } catch (IOException e) {
            return -1;
        }
    }

    static int push(int port) {
        return download(port, -1);
    }
}
