package dev.brink.method.programs;

/**
 * Run in a child JVM by the tests: a service that allocates slowly (a few KB a millisecond, a small live set), so a
 * young generation of a few hundred MB does not fill during a test: no collection, and no full GC, whatever the old
 * generation's size. Prints "ready" and runs for args[0] seconds.
 */
public final class QuietDeskProgram {
    static final byte[][] RECENT = new byte[64][];
    static long sink;

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
        System.out.println("ready");
        System.out.flush();
        int i = 0;
        while (System.nanoTime() < end) {
            RECENT[i++ % RECENT.length] = new byte[2048];
            sink += RECENT.length;
            Thread.sleep(1);
        }
    }
}
