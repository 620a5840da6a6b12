package dev.brink.jfr.programs;

/**
 * Run in a child JVM to write GC logs: a router that holds a routing table of args[1] MB (entries of about 1 KB,
 * built at start-up in a tenth of a second per 8 MB, so the table is whole within the first second or two) and
 * resolves lookups for args[0] seconds, each lookup building about 4 KB of short-lived garbage (a request and its
 * response), args[2] MB of it a second, paced by the wall clock. Every 64th lookup re-learns one route, replacing its
 * entry, so the old generation keeps some garbage of its own, as a service's caches do. The table never grows: the
 * live set is level at its size from the first seconds on.
 *
 * <p>The shapes (see causes/README.md): a table of ~88 % of the heap with steady lookups, a heap too small for its
 * live set that never runs a full GC on G1 or ZGC; the same lookups beside a table of ~45 % (healthy); the 88 % table
 * with almost no lookups (a high live set that costs nothing).
 *
 * <p>Usage: {@code RoutingTable SECONDS TABLE_MB GARBAGE_MB_PER_S}
 */
public final class RoutingTable {
    /** Longs an entry holds: 1 KB with its header. */
    static final int ENTRY_LONGS = 126;
    /** Bytes of garbage a lookup builds. */
    static final int LOOKUP_BYTES = 4096;
    /** Each lookup's garbage is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile Object escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int entries = Integer.parseInt(args[1]) * 1024;
        double lookupsPerMs = Double.parseDouble(args[2]) * 1024 * 1024 / LOOKUP_BYTES / 1000;
        long[][] table = new long[entries][];
        for (int i = 0; i < entries; i++) {
            table[i] = entry(i);
            if (i % 8192 == 8191) {
                Thread.sleep(100); // the next 8 MB of routes from the peers
            }
        }
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long served = 0;
        long hits = 0;
        for (long now = start; now < end; now = System.nanoTime()) {
            long due = (long) ((now - start) / 1_000_000 * lookupsPerMs);
            for (; served < due; served++) {
                int slot = (int) (served * 7919 % entries);
                byte[] request = new byte[LOOKUP_BYTES - 1024];
                long[] response = new long[ENTRY_LONGS];
                response[0] = table[slot][(int) (served % ENTRY_LONGS)];
                request[0] = (byte) response[0];
                escape = request;
                escape = response;
                hits += response[0] & 1;
                if (served % 64 == 0) {
                    table[slot] = entry((int) served); // a route re-learnt
                }
            }
            Thread.sleep(1);
        }
        System.out.println("done, " + served + " lookups, " + hits + " odd");
    }

    private static long[] entry(int seed) {
        long[] e = new long[ENTRY_LONGS];
        for (int i = 0; i < ENTRY_LONGS; i++) {
            e[i] = seed + i;
        }
        return e;
    }
}
