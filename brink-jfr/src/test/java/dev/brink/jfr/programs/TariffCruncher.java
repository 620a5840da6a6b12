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
 * </ul>
 *
 * <p>Usage: {@code TariffCruncher busy|quiet SECONDS}; prints {@code CRUNCHED N} at the end.
 */
public final class TariffCruncher {
    static final long QUIET_PAUSE_MS = 100;

    private TariffCruncher() {
    }

    public static void main(String[] args) throws Exception {
        boolean busy = args[0].equals("busy");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[1]));
        long[] total = new long[1];
        ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "cruncher-1"));
        pool.submit(() -> {
            while (System.nanoTime() < end) {
                total[0] += crunch(busy ? TimeUnit.MILLISECONDS.toNanos(50) : TimeUnit.MILLISECONDS.toNanos(2));
                if (!busy) {
                    try {
                        Thread.sleep(QUIET_PAUSE_MS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }).get();
        pool.shutdown();
        System.out.println("CRUNCHED " + total[0]);
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
