package dev.brink.gc.programs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Run in a child JVM by the tests: a pricing service that reads its tariff table at start-up (args[1] MB of rows of
 * 128 prices, keyed by route in a map, fetched from its database in batches of about 4 MB, 50 ms each: under a
 * second for 50 MB), then answers three quotes a millisecond for args[0] seconds: each
 * quote reads a row and builds a response (short-lived garbage), and every 300th re-prices a route, replacing its
 * row. The table never grows after the load: with a table of most of the heap the
 * live set fills it from the first second on, a heap too small, not a leak.
 *
 * <p>In the "journal" variant the service also keeps every quote it gave (an audit trail meant to be shipped and
 * dropped, never dropped): about 3 MB a second from the first quote on, beside a smaller table, until the heap is full
 * or the run ends. That one is a leak.
 *
 * <p>Usage: {@code TariffService SECONDS TABLE_MB [journal]}
 */
public final class TariffService {
    /** Prices a row holds: a row is about 1 KB with its header. */
    static final int PRICES = 128;
    /** Routes the pricing database returns at a time: about 4 MB. */
    static final int BATCH = 4096;
    static final Map<Integer, double[]> TARIFFS = new HashMap<>();
    static final List<double[]> QUOTES_GIVEN = new ArrayList<>();
    /** Quotes a millisecond: about 18 MB/s of garbage, and 3 MB/s kept in the journal variant. */
    static final int QUOTES_PER_MS = 3;
    /** Each response is stored here, so that the JIT cannot prove it dead and leave it unallocated. */
    static volatile double[] escape;

    public static void main(String[] args) throws InterruptedException {
        long seconds = Long.parseLong(args[0]);
        int routes = Integer.parseInt(args[1]) * 1024;
        boolean journal = args.length > 2 && args[2].equals("journal");
        for (int r = 0; r < routes; r++) {
            TARIFFS.put(r, row(r));
            if (r % BATCH == BATCH - 1) {
                Thread.sleep(50); // the next batch from the pricing database
            }
        }
        // paced by the wall clock, as quotes arrive: a machine that starves the JVM makes it catch up, not slow down
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long served = 0;
        for (long now = start; now < end; now = System.nanoTime()) {
            for (long due = (now - start) / 1_000_000 * QUOTES_PER_MS; served < due; served++) {
                quote(served, routes, journal);
            }
            Thread.sleep(1);
        }
        System.out.println("done, " + served + " quotes, " + QUOTES_GIVEN.size() + " kept");
    }

    /** One quote: a 5 KB buffer to render it and a response of about 1 KB, kept in the journal variant. */
    private static void quote(long n, int routes, boolean journal) {
        escape = new double[640];
        double[] prices = TARIFFS.get((int) (n * 31 % routes));
        double[] response = new double[PRICES];
        response[0] = prices[(int) (n % PRICES)];
        escape = response;
        if (journal) {
            QUOTES_GIVEN.add(response);
        }
        if (n % 300 == 0) {
            TARIFFS.put((int) (n / 300 % routes), row((int) n)); // a route re-priced
        }
    }

    private static double[] row(int seed) {
        double[] prices = new double[PRICES];
        for (int i = 0; i < PRICES; i++) {
            prices[i] = seed + i * 0.01;
        }
        return prices;
    }
}
