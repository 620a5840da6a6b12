package dev.brink.gc.programs;

/**
 * Run in a child JVM by the tests: a bounded 20 MB cache, filled at once, that then only replaces entries
 * (plus short-lived garbage) for the rest of args[0] seconds (default 9): fills, then plateaus. The fill is not
 * paced: paced by sleeps it stretched past the warm-up on a loaded machine (three JVMs on two cores) and read
 * as a rise.
 */
public final class HealthyProgram {
    static final byte[][] CACHE = new byte[5000][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 9;
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        for (int k = 0; k < CACHE.length; k++) {
            CACHE[k] = new byte[4096];
        }
        int i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 8; k++) {
                CACHE[i++ % CACHE.length] = new byte[4096];
            }
            for (int k = 0; k < 64; k++) {
                byte[] garbage = new byte[2048];
                sink += garbage.length;
            }
            Thread.sleep(3);
        }
        System.out.println("done, " + i + " puts");
    }
}
