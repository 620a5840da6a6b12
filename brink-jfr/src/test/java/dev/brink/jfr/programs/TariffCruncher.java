package dev.brink.jfr.programs;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A tariff cruncher for the CPU-sample tests: one pool thread runs a lambda that hashes tariff codes
 * ({@link #crunch}), so the lambda's generated frame is on every sample's stack below the application's method.
 * <ul>
 *   <li>{@code busy}: the thread hashes without a pause, a whole core in one application method.</li>
 *   <li>{@code quiet}: the thread hashes for two milliseconds every {@value #QUIET_PAUSE_MS} ms and sleeps in
 *   between, a hundredth of a core: the JVM's only Java code, so most of its few samples, and no CPU problem.</li>
 *   <li>{@code busy SECONDS THREADS}: that many pool threads hashing without a pause, more runnable threads than
 *   cores: with a short CPU-time sampling period the JVM's sampler cannot keep up and loses samples.</li>
 * </ul>
 *
 * <p>Usage: {@code TariffCruncher busy|quiet SECONDS [THREADS]}; prints {@code CRUNCHED N} at the end.
 */
public final class TariffCruncher {
    static final long QUIET_PAUSE_MS = 100;

    private TariffCruncher() {
    }

    public static void main(String[] args) throws Exception {
        boolean busy = args[0].equals("busy");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[1]));
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        long[] total = new long[threads];
        java.util.concurrent.atomic.AtomicInteger names = new java.util.concurrent.atomic.AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> new Thread(r, "cruncher-" + names.incrementAndGet()));
        java.util.List<java.util.concurrent.Future<?>> running = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int mine = t;
            running.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    total[mine] += crunch(busy ? TimeUnit.MILLISECONDS.toNanos(50) : TimeUnit.MILLISECONDS.toNanos(2));
                    if (!busy) {
                        try {
                            Thread.sleep(QUIET_PAUSE_MS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }));
        }
        for (java.util.concurrent.Future<?> f : running) {
            f.get();
        }
        pool.shutdown();
        System.out.println("CRUNCHED " + java.util.Arrays.stream(total).sum());
    }

    /** Hashes tariff codes for {@code nanos} of the thread's time; the count of codes hashed. */
    static long crunch(long nanos) {
        long until = System.nanoTime() + nanos;
        long h = 17;
        long n = 0;
        while (System.nanoTime() < until) {
            for (int i = 0; i < 1000; i++) {
                h = h * 31 + (n ^ (h >>> 7));
                n++;
            }
        }
        return n + (h == 42 ? 1 : 0);
    }
}
