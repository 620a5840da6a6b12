package dev.brink.gc.programs;

import java.util.Random;

/**
 * Run in a child JVM by the tests: a market-data service holding the latest quote of each instrument (args[2] MB of
 * 4 KB quotes, default 40: a third of a 128 MB heap, built at once), replacing args[1] of them a second at random (old garbage for G1's mixed collections) and making 60 MB/s
 * of short-lived garbage (decoded messages) in 10 ms steps. A stable live set with no -Xmn: on JDK 25, G1 grows its
 * young list to over half the heap on its own and some evacuations fail — a matter of headroom, not of a young
 * generation pinned by a flag, and no leak. Runs args[0] seconds.
 *
 * <p>Usage: {@code QuoteBoard SECONDS REPLACED_PER_SECOND [LIVE_MB]}
 */
public final class QuoteBoard {
    static byte[][] quotes;
    /** Each message is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile byte[] escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int replaced = Integer.parseInt(args[1]) / 100;
        byte[][] q = new byte[(args.length > 2 ? Integer.parseInt(args[2]) : 40) * 256][];
        quotes = q;
        for (int i = 0; i < q.length; i++) {
            q[i] = new byte[4096];
        }
        Random random = new Random(7);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int steps = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 150; k++) {
                escape = new byte[4096]; // 600 KB a step, 60 MB/s
            }
            for (int k = 0; k < replaced; k++) {
                q[random.nextInt(q.length)] = new byte[4096];
            }
            steps++;
            Thread.sleep(10);
        }
        System.out.println("done, " + steps + " steps");
    }
}
