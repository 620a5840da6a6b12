package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by the tests: an archive of settled ledger entries beside a stream of short-lived request
 * garbage (~40 MB/s). In the "leak" variant each entry is kept forever, args[2] KB of them a second: a slow leak
 * that takes minutes to fill a heap, far slower than the garbage around it. The "bounded" twin fills its archive to
 * the size the leak reaches halfway through the run, at once, and then only replaces entries (a warm-up fill
 * that plateaus). Runs args[0] seconds.
 *
 * <p>With a fourth argument {@code pools}, each collection the JVM reports to its GarbageCollectorMXBeans is printed
 * as {@code POOLS collector cause usedAfterBytes committedAfterBytes} (heap pools summed), so a test can check the
 * figures of the GC log against the JVM's own readings of the same collections.
 *
 * <p>Usage: {@code LedgerArchive SECONDS leak|bounded KB_PER_SECOND [pools]}
 */
public final class LedgerArchive {
    static final int ENTRY = 4096;
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        boolean leak = args[1].equals("leak");
        int entriesPerSecond = Integer.parseInt(args[2]) * 1024 / ENTRY;
        if (args.length > 3 && args[3].equals("pools")) {
            PoolPrinter.install();
        }
        List<byte[]> archive = new ArrayList<>();
        int bounded = (int) (entriesPerSecond * seconds / 2);
        if (!leak) {
            for (int i = 0; i < bounded; i++) {
                archive.add(new byte[ENTRY]);
            }
        }
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long settled = 0;
        while (System.nanoTime() < end) {
            // every 10 ms: this tick's share of entries, and 400 KB of request garbage
            long due = (System.nanoTime() - start) * entriesPerSecond / 1_000_000_000L;
            while (settled < due) {
                byte[] entry = new byte[ENTRY];
                if (leak) {
                    archive.add(entry);
                } else {
                    archive.set((int) (settled % bounded), entry);
                }
                settled++;
            }
            for (int k = 0; k < 100; k++) {
                byte[] garbage = new byte[4096];
                sink += garbage.length;
            }
            Thread.sleep(10);
        }
        if (args.length > 3 && args[3].equals("pools")) {
            PoolPrinter.awaitEveryNotification();
        }
        System.out.println("done, " + archive.size() + " entries");
    }
}
