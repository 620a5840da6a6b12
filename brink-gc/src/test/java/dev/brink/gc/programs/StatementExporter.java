package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * Run in a child JVM by the tests: a batch job that renders account statements (a few MB of short-lived rows each)
 * and, in the "explicit" variant, calls {@code System.gc()} after every statement "to give the buffers back", as
 * export and report libraries do: a full collection every ~200 ms. The "quiet" twin renders the same statements
 * without the call. Runs args[0] seconds.
 *
 * <p>Usage: {@code StatementExporter SECONDS explicit|quiet}
 */
public final class StatementExporter {
    static long sink;
    /** The statements of the last minute, kept for the audit trail: a small, steady live set. */
    static final byte[][] AUDIT = new byte[300][];

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        boolean explicit = args[1].equals("explicit");
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
            List<String> rows = new ArrayList<>();
            for (int r = 0; r < 20_000; r++) {
                rows.add("account " + n + " row " + r + " amount " + (r * 31 % 977));
            }
            AUDIT[n++ % AUDIT.length] = new byte[16 * 1024];
            sink += rows.size();
            if (explicit) {
                System.gc();
            }
            Thread.sleep(200);
        }
        System.out.println("done, " + n + " statements");
    }
}
