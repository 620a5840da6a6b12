package dev.brink.report.children;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small HTTP service with the defects a report shows: every request keeps 16 KB in a static list (a leak)
 * and holds one shared lock for 3 ms (contention under load, about 330 req/s at most); when 6 requests already
 * wait for the lock it sheds load with 503 (errors appear only past its capacity). Args: port, lifetime
 * in seconds (it exits by itself then, so a crashed test leaves nothing behind). Prints "ready".
 */
public final class ReportTarget {
    static final List<byte[]> KEPT = new ArrayList<>();
    static final Object JOURNAL = new Object();

    private ReportTarget() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        long lifetime = Long.parseLong(args[1]);
        AtomicLong n = new AtomicLong();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        server.setExecutor(Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r, "JournalWorker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }));
        AtomicInteger waiting = new AtomicInteger();
        server.createContext("/", exchange -> {
            int status = 503;
            if (waiting.incrementAndGet() <= 6) {
                synchronized (JOURNAL) {
                    waiting.decrementAndGet();
                    KEPT.add(new byte[16 * 1024]);
                    long until = System.nanoTime() + 3_000_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
                status = 200;
            } else {
                waiting.decrementAndGet();
            }
            byte[] body = "ok\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(lifetime * 1000);
        System.exit(0);
    }
}
