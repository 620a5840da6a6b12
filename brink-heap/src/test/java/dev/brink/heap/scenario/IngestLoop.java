package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.SynchronousQueue;

/**
 * A sensor-ingest service. Leak: its long-running ingest thread keeps every reading in a local list it never
 * drains, so the only root of the leak is that thread's stack. Beside it, a product catalogue in a static map
 * (8 000 products), loaded at start and unchanged.
 */
public final class IngestLoop {
    static final Map<String, Product> CATALOGUE = new HashMap<>();
    static final SynchronousQueue<Integer> BATCHES = new SynchronousQueue<>();
    static final SynchronousQueue<Integer> INGESTED = new SynchronousQueue<>();

    record Product(String sku, String title, long[] priceHistory) {
    }

    record SensorReading(long at, double[] values) {
    }

    static void ingest() {
        List<SensorReading> backlog = new ArrayList<>();
        try {
            while (true) {
                int n = BATCHES.take();
                for (int i = 0; i < n; i++) {
                    backlog.add(new SensorReading(System.nanoTime(), new double[8]));
                }
                INGESTED.put(backlog.size());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 8_000; i++) {
            CATALOGUE.put("SKU-" + i, new Product("SKU-" + i, "product number " + i, new long[24]));
        }
        Thread loop = new Thread(IngestLoop::ingest, "ingest-loop");
        loop.setDaemon(true);
        loop.start();
        TwoDumps.run(args, round -> {
            BATCHES.put(round == 1 ? 15_000 : 30_000);
            INGESTED.take();
        });
    }
}
