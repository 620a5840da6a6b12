package dev.brink.gc.programs;

/**
 * Run in a child JVM by the tests: loads a reference table of 46 MB at once (three quarters of a 64 MB heap, as a
 * service that caches its catalogue at start-up), then for args[0] seconds (default 12) replaces entries and makes
 * short-lived garbage, about 300 MB a second paced by 1 ms sleeps: collections many times a second, on a third of a
 * core or less. Healthy: the heap is full from its first second and never grows after that; the collector works
 * hard, which is a heap too small, not a leak.
 */
public final class FullAtBootProgram {
    static final byte[][] TABLE = new byte[46_000][];
    /** Each piece of garbage is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile byte[] escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 12;
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = new byte[1000];
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 256; k++) {
                escape = new byte[512 + (k & 7) * 256];
            }
            TABLE[i++ % TABLE.length] = new byte[1000];
            Thread.sleep(1);
        }
        System.out.println("done, " + i + " replacements");
    }
}
