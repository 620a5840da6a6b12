package dev.brink.gc.programs;

import java.util.HashMap;
import java.util.Map;

/**
 * Run in a child JVM by the tests: a static map that grows ~9 MB/s (plus short-lived garbage) until the heap
 * runs out, or 25 s pass. Exits 3 on OutOfMemoryError without releasing the map, 0 otherwise. args[0], when given, is
 * the number of 4 KB entries kept per 3 ms tick (default 8: ~9 MB/s); the garbage stays the same.
 */
public final class LeakProgram {
    static final Map<Integer, byte[]> LEAK = new HashMap<>();
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + 25_000_000_000L;
        int perTick = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        int i = 0;
        try {
            while (System.nanoTime() < end) {
                for (int k = 0; k < perTick; k++) {
                    LEAK.put(i++, new byte[4096]);
                }
                for (int k = 0; k < 64; k++) {
                    byte[] garbage = new byte[2048];
                    sink += garbage.length;
                }
                Thread.sleep(3);
            }
        } catch (OutOfMemoryError e) {
            System.out.println("OutOfMemoryError after " + i + " entries");
            System.out.flush();
            Runtime.getRuntime().halt(3);
        }
        System.out.println("no OutOfMemoryError after " + i + " entries");
    }
}
