package dev.brink.threads.child;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * An insurance-claims desk for the committed dumps under resources/claims (captured by resources/claims/capture.sh).
 * {@code trouble} mode, one JVM:
 * <ul>
 *   <li>claim-dedup-1..2: each worker stuck in a runaway loop ({@link #dedupe}: a probe sequence that never finds a
 *   free slot), pinned on a CPU in the same code in every dump: busy.</li>
 *   <li>claim-verify-1..6: each task verifies a claim with a partner that answers every request after about 300 ms
 *   ({@link #verify}: connect, send, read the answer), 5000 tasks queued: every worker is in that socket read at
 *   almost every instant, a different read each time, its CPU clock moving a little between calls. The pool is held
 *   by the partner's latency as surely as by a partner that never answers.</li>
 * </ul>
 * {@code healthy} mode, its twin:
 * <ul>
 *   <li>claim-score-1..4: each task scores a claim in a burst of about 3 ms of CPU ({@link #score}) and then waits
 *   6 ms for its result to be acknowledged (a timed park): a pool doing ordinary work with waits, not busy.</li>
 *   <li>claim-lookup-1..6: the same 300 ms partner, one task every 150 ms: I/O-bound at low load, with idle workers
 *   in every dump; not starved.</li>
 * </ul>
 * Prints READY once the pools are in their steady state; exits after {@code args[1]} seconds (default 30).
 */
public final class ClaimsDesk {
    private static volatile long sink;

    private ClaimsDesk() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "trouble";
        long lifeSeconds = args.length > 1 ? Long.parseLong(args[1]) : 30;
        int partner = slowPartner(300).getLocalPort();
        if (mode.equals("trouble")) {
            ThreadPoolExecutor dedup = pool("claim-dedup", 2);
            for (int i = 0; i < 2; i++) {
                long seed = i;
                dedup.submit(() -> dedupe(seed));
            }
            ThreadPoolExecutor verify = pool("claim-verify", 6);
            for (int i = 0; i < 5000; i++) {
                int claim = i;
                verify.submit(() -> verify(partner, claim));
            }
        } else {
            ThreadPoolExecutor scoring = pool("claim-score", 4);
            for (int i = 0; i < 100_000; i++) {
                long claim = i;
                scoring.submit(() -> score(claim));
            }
            ThreadPoolExecutor lookup = pool("claim-lookup", 6);
            lookup.prestartAllCoreThreads();
            ScheduledExecutorService arrivals = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "claim-arrivals"));
            AtomicInteger claims = new AtomicInteger();
            arrivals.scheduleAtFixedRate(() -> lookup.submit(() -> verify(partner, claims.incrementAndGet())),
                    0, 150, TimeUnit.MILLISECONDS);
        }
        Thread.sleep(2000); // the JIT has compiled the loops; the pools are in their steady state
        System.out.println("READY");
        Thread.sleep(lifeSeconds * 1000);
        System.exit(0);
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private static ThreadPoolExecutor pool(String name, int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory f = r -> daemon(r, name + "-" + n.incrementAndGet());
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), f);
    }

    /** A partner that answers each request line after {@code latencyMs}, a thread per connection. */
    private static ServerSocket slowPartner(long latencyMs) throws IOException {
        ServerSocket ss = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = daemon(() -> {
            try {
                while (true) {
                    Socket s = ss.accept();
                    daemon(() -> answer(s, latencyMs), "partner-conn").start();
                }
            } catch (IOException e) {
                // closed at exit
            }
        }, "partner-acceptor");
        acceptor.start();
        return ss;
    }

    private static void answer(Socket s, long latencyMs) {
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            while (in.read() != '\n') {
                // the request line
            }
            Thread.sleep(latencyMs);
            out.write("APPROVED\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException | InterruptedException e) {
            // client gone
        }
    }

    static int verify(int port, int claim) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.getOutputStream().write(("VERIFY " + claim + "\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            int n = 0;
            while (in.read() != '\n') n++;
            return n;
        } catch (IOException e) {
            return -1;
        }
    }

    /** A probe sequence over a table whose every slot is taken: it never ends. */
    static void dedupe(long seed) {
        long[] slots = new long[4096];
        java.util.Arrays.fill(slots, 1);
        long h = seed;
        int probes = 0;
        while (slots[(int) (h & 4095)] != 0) {
            h = h * 6364136223846793005L + 1442695040888963407L;
            if (++probes == Integer.MAX_VALUE) probes = 0;
        }
        sink = h;
    }

    static void score(long claim) {
        long h = claim;
        for (int k = 0; k < 2_500_000; k++) h = h * 6364136223846793005L + k;
        sink = h;
        LockSupport.parkNanos(5_000_000);
    }
}
