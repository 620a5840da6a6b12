package dev.brink.gc.programs;

import java.util.Random;

/**
 * Run in a child JVM by the tests: a market-feed decoder keeping the last 60 MB of decoded messages (a level live set
 * in a 128 MB heap) while args[1] threads decode new ones. In the "burst" variant they decode flat out, allocating far
 * faster than one concurrent GC thread can free: ZGC makes them wait (allocation stalls) most of the time. In the
 * "paced" twin each thread decodes a batch every 10 ms (~40 MB/s in all), which ZGC keeps up with. Runs args[0]
 * seconds.
 *
 * <p>Usage: {@code FeedDecoder SECONDS THREADS burst|paced}
 */
public final class FeedDecoder {
    static final byte[][] LAST = new byte[60 * 256][];
    /** Each message is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile byte[] escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int threads = Integer.parseInt(args[1]);
        boolean burst = args[2].equals("burst");
        for (int i = 0; i < LAST.length; i++) {
            LAST[i] = new byte[4096];
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        Thread[] decoders = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            decoders[t] = new Thread(() -> {
                Random random = new Random();
                while (System.nanoTime() < end) {
                    for (int i = 0; i < 100; i++) {
                        byte[] message = new byte[4096];
                        escape = message;
                        if (i == 0) {
                            LAST[random.nextInt(LAST.length)] = message;
                        }
                    }
                    if (!burst) {
                        try {
                            Thread.sleep(10);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            });
            decoders[t].start();
        }
        for (Thread t : decoders) {
            t.join();
        }
        System.out.println("done");
    }
}
