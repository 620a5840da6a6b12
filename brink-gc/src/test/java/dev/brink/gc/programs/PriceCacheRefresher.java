package dev.brink.gc.programs;

/**
 * Run in a child JVM by the tests: a service that rebuilds a small price table (2 MB, its whole live set) once a
 * second while serving lookups (short-lived garbage at a few MB/s) and, in the "gc" variant, calls
 * {@code System.gc()} after each rebuild "to return the old table at once", as scheduled cache jobs do. A healthy
 * heap with one explicit collection a second: the advice is about the call, never the heap. The "plain" twin rebuilds
 * the same table without the call. Runs args[0] seconds.
 *
 * <p>Usage: {@code PriceCacheRefresher SECONDS gc|plain}
 */
public final class PriceCacheRefresher {
    static long sink;
    static long[][] prices = new long[256][];

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        boolean gc = args[1].equals("gc");
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long nextRebuild = start;
        int rebuilds = 0;
        while (System.nanoTime() < end) {
            if (System.nanoTime() >= nextRebuild) {
                long[][] table = new long[256][];
                for (int i = 0; i < table.length; i++) {
                    table[i] = new long[1024];
                    table[i][0] = rebuilds + i;
                }
                prices = table;
                rebuilds++;
                nextRebuild += 1_000_000_000L;
                if (gc) {
                    System.gc();
                }
            }
            for (int k = 0; k < 50; k++) {
                String quote = "item " + k + " price " + prices[k % prices.length][0];
                sink += quote.length();
            }
            Thread.sleep(1);
        }
        System.out.println("done, " + rebuilds + " rebuilds");
    }
}
