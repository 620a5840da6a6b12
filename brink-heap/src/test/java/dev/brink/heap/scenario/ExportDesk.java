package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A healthy reporting service: a static map of 6 000 accounts, loaded at start and unchanged, and export requests,
 * each served by a fresh worker thread that builds its whole export (20 000 rows, about 2.5 MiB) in a local list
 * before writing it out. At the first dump no export is running; at the second one is, half-way through its write:
 * its rows are held by the worker's stack alone, a request in flight, and nothing has grown. A JMX client's
 * connection thread fetching notifications, a servlet thread rendering a page, look the same in a dump.
 */
public final class ExportDesk {
    static final Map<Long, Account> ACCOUNTS = new HashMap<>();

    record Account(long id, String holder, long[] balances) {
    }

    record Row(long account, String label, double[] amounts) {
    }

    /** One export request, on its own thread: the rows are built, then written while the dump is taken. */
    static void export(CountDownLatch built, CountDownLatch written) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(new Row(i % ACCOUNTS.size(), "row " + i, new double[12]));
        }
        built.countDown();
        try {
            written.await(); // "writing": the rows stay on this frame until the request ends
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (rows.isEmpty()) {
            throw new IllegalStateException("no rows");
        }
    }

    public static void main(String[] args) throws Exception {
        for (long i = 0; i < 6_000; i++) {
            ACCOUNTS.put(i, new Account(i, "holder " + i, new long[36]));
        }
        CountDownLatch written = new CountDownLatch(1);
        TwoDumps.run(args, round -> {
            if (round == 2) {
                CountDownLatch built = new CountDownLatch(1);
                Thread worker = new Thread(() -> export(built, written), "export-worker-7");
                worker.setDaemon(true);
                worker.start();
                built.await();
            }
        });
        written.countDown();
    }
}
