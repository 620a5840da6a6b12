package dev.brink.gc.programs;

import java.util.ArrayDeque;

/**
 * Run in a child JVM by the tests: an order service that appends every order to an in-memory journal, meant to be
 * flushed to disk and trimmed, and builds a response per order (short-lived garbage, four times the journal's
 * growth). In the "leak" variant the journal is never trimmed: about 10 MB/s of orders kept, paced by the wall clock,
 * so on a 64 MB heap the old generation is full after several seconds and the JVM spends the rest of its args[0]
 * seconds in back-to-back full GCs that free only the responses, often ending in an OutOfMemoryError (exit 3). In the
 * "trimmed" variant the journal keeps its last 4 MB: the same work with a level live set, which must read healthy.
 *
 * <p>Usage: {@code OrderJournal SECONDS leak|trimmed}
 */
public final class OrderJournal {
    /** Bytes of one journal entry (with its array header, about 1 KB). */
    static final int ENTRY = 1008;
    /** Orders a millisecond: about 10 MB/s of entries. */
    static final int ORDERS_PER_MS = 10;
    /** Pieces of a response, each the size of an entry: the garbage of an order. */
    static final int RESPONSE_PARTS = 4;
    /** Entries the trimmed journal keeps: about 4 MB. */
    static final int TRIMMED = 4 * 1024;

    static final ArrayDeque<byte[]> JOURNAL = new ArrayDeque<>();
    /** Each response is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile byte[] escape;

    public static void main(String[] args) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + Long.parseLong(args[0]) * 1_000_000_000L;
        boolean leak = args[1].equals("leak");
        long orders = 0;
        try {
            while (System.nanoTime() < end) {
                // paced by the clock: a JVM starved of CPU catches up, so the journal grows at about the same rate
                long due = (System.nanoTime() - start) / 1_000_000 * ORDERS_PER_MS;
                // the deadline checked per order: at the ceiling one order may cost a full GC, and a stalled JVM owes many
                for (; orders < due && System.nanoTime() < end; orders++) {
                    for (int k = 0; k < RESPONSE_PARTS; k++) {
                        escape = new byte[ENTRY];
                    }
                    JOURNAL.addLast(new byte[ENTRY]);
                    if (!leak && JOURNAL.size() > TRIMMED) {
                        JOURNAL.removeFirst();
                    }
                }
                Thread.sleep(1);
            }
        } catch (OutOfMemoryError e) {
            System.out.println("OutOfMemoryError after " + orders + " orders");
            System.out.flush();
            Runtime.getRuntime().halt(3);
        }
        System.out.println("done, " + orders + " orders, journal " + JOURNAL.size());
    }
}
