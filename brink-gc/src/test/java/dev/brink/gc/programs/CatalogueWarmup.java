package dev.brink.gc.programs;

/**
 * Run in a child JVM by the tests: a shop service that loads its product catalogue at start-up, page by page as from
 * a database (args[1] MB in 8 MB pages, 100 ms a page: about a second for 100 MB), then serves for args[0] seconds:
 * replaces a product now and then and makes short-lived garbage (response buffers, ~20 MB/s paced by 1 ms sleeps).
 * With a catalogue of 80 % of the heap the live set fills the heap within the first seconds and then never grows: a
 * heap too small for what the service keeps, not a leak. In the "leak" variant the service also keeps every
 * response in an audit list that is never trimmed (2 MB/s on top of a smaller catalogue): a slow leak.
 *
 * <p>Usage: {@code CatalogueWarmup SECONDS CATALOGUE_MB [leak]}
 */
public final class CatalogueWarmup {
    static byte[][] catalogue;
    static final java.util.List<byte[]> AUDIT = new java.util.ArrayList<>();
    /** Each piece of garbage is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile byte[] escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int entries = Integer.parseInt(args[1]) * 1024;
        boolean leak = args.length > 2 && args[2].equals("leak");
        catalogue = new byte[entries][];
        for (int i = 0; i < entries; i++) {
            catalogue[i] = new byte[1008]; // 1 KB with its header
            if (i % 8192 == 8191) {
                Thread.sleep(100); // the next page of rows
            }
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int i = 0;
        while (System.nanoTime() < end) {
            for (int k = 0; k < 20; k++) {
                escape = new byte[1000];
            }
            if (i % 10 == 0) {
                catalogue[(i / 10) % entries] = new byte[1008];
            }
            if (leak) {
                AUDIT.add(new byte[2000]); // ~2 MB/s at ~1000 iterations a second
            }
            i++;
            Thread.sleep(1);
        }
        System.out.println("done, " + i + " requests, audit " + AUDIT.size());
    }
}
