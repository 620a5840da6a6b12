package dev.brink.heap.corpus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Healthy: twelve bounded report caches (LRU, 400 rows each, about 7 % of the heap apiece) and a few idle
 * workers. The rows' class is spread over twelve named holders, as an application partitions its data on
 * purpose; nothing grows and nothing dominates.
 */
public final class ReportScheduler {
    record ReportRow(long id, String title, double[] figures) {
    }

    static final class BoundedCache extends LinkedHashMap<Long, ReportRow> {
        BoundedCache() {
            super(16, 0.75f, true);
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, ReportRow> eldest) {
            return size() > 400;
        }
    }

    static final class Daily { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Weekly { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Monthly { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Yearly { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Hourly { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Quarterly { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Billing { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Payroll { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Audit { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Tax { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Sales { static final BoundedCache ROWS = new BoundedCache(); }
    static final class Stock { static final BoundedCache ROWS = new BoundedCache(); }

    public static void main(String[] args) throws Exception {
        BoundedCache[] caches = {Daily.ROWS, Weekly.ROWS, Monthly.ROWS, Yearly.ROWS, Hourly.ROWS, Quarterly.ROWS,
            Billing.ROWS, Payroll.ROWS, Audit.ROWS, Tax.ROWS, Sales.ROWS, Stock.ROWS};
        for (long i = 0; i < 20_000; i++) {
            caches[(int) (i % caches.length)].put(i, new ReportRow(i, "report " + i, new double[40]));
        }
        caches = null; // the caches live in their classes only, not also in main's frame
        for (int w = 0; w < 4; w++) {
            Heaps.parkHolding("report-worker-" + w, new StringBuilder("idle"));
        }
        Heaps.ready();
    }
}
