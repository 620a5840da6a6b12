package dev.brink.method.programs;

/**
 * Run in a child JVM by the tests: a 40 MB cache of 4 KB entries, more than a survivor space holds, replaced
 * steadily (so young collections must promote what survives), plus short-lived garbage. Prints "ready" once the
 * cache is full and runs for args[0] seconds.
 */
public final class PromotingCacheProgram {
    static final byte[][] CACHE = new byte[10_000][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        for (int k = 0; k < CACHE.length; k++) {
            CACHE[k] = new byte[4096];
        }
        System.out.println("ready");
        System.out.flush();
        int i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 32; k++) {
                CACHE[i++ % CACHE.length] = new byte[4096];
            }
            for (int k = 0; k < 512; k++) {
                byte[] garbage = new byte[2048];
                sink += garbage.length;
            }
            Thread.sleep(1);
        }
    }
}
