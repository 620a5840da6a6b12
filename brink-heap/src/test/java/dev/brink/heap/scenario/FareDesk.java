package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A fare desk whose big structures change hands between the dumps without growing, as a Spring context's bean factory
 * does once a request path also references it. Its services sit in a registry map in a static field: the fare table
 * (a price per route, a million bytes and more, loaded at start) and the journal of bookings. At the first dump each is
 * held by the registry alone, so the dominator tree puts it inside the registry's holder. In the second round an
 * open report (a list in another class) takes both: each is then held from two places with no dominator in common,
 * a top-level object named by its class. Healthy as written: the journal keeps the same 6 000 bookings. Its twin
 * {@link Leaking} keeps booking into the journal: the journal grows fourfold while it changes hands. The seat map is
 * in the registry, a local variable of the main thread and captured by the serving lambda from the start: the lambda's
 * field must not name it, since the lambda's class name changes from run to run and a relaunch's dump would not
 * match it.
 */
public class FareDesk {
    static final Map<String, Object> SERVICES = new HashMap<>();

    static final class FareTable {
        private final long[] cents = new long[120_000];
        private final Map<String, String> routeNames = new HashMap<>();

        FareTable() {
            for (int i = 0; i < cents.length; i++) {
                cents[i] = 900 + i % 40_000;
            }
            for (int i = 0; i < 4_000; i++) {
                routeNames.put("R" + i, "route " + i + " between two stations of the network");
            }
        }

        long fare(int route) {
            return cents[route % cents.length];
        }
    }

    static final class SeatMap {
        private final byte[][] rows = new byte[400][1_500];

        int free(int row) {
            return rows[row % rows.length].length;
        }
    }

    record Booking(long id, int route, byte[] ticket) {
    }

    static final class Journal {
        private final List<Booking> bookings = new ArrayList<>();

        void book(long id, int route) {
            bookings.add(new Booking(id, route, new byte[96]));
        }
    }

    /** Reports that read the desk's structures while they are open: another class, so another GC-root path. */
    static final class Reports {
        static final List<Object> OPEN = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        run(args, 0);
    }

    static void run(String[] args, int bookingsInSecondRound) throws Exception {
        SERVICES.put("fares", new FareTable());
        SERVICES.put("journal", new Journal());
        SeatMap seats = new SeatMap();
        SERVICES.put("seats", seats);
        TwoDumps.run(args, round -> {
            // looked up, not captured: a lambda's captured arguments would hold them from a stack frame as well
            FareTable fares = (FareTable) SERVICES.get("fares");
            Journal journal = (Journal) SERVICES.get("journal");
            long sum = 0;
            for (int i = 0; i < 50_000; i++) {
                sum += fares.fare(i * 7) + seats.free(i);
            }
            int bookings = round == 1 ? 6_000 : bookingsInSecondRound;
            for (int i = 0; i < bookings; i++) {
                journal.book(i, i % 1_000);
            }
            if (round == 2) {
                Reports.OPEN.add(fares);
                Reports.OPEN.add(journal);
            }
            if (sum == 42) {
                System.out.println(sum);
            }
        });
    }

    /** The twin with the leak: 18 000 more bookings in the second round. */
    public static final class Leaking {
        public static void main(String[] args) throws Exception {
            run(args, 18_000);
        }
    }
}
