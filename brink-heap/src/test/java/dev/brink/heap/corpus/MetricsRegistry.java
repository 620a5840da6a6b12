package dev.brink.heap.corpus;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A singleton bean with two big fields: {@code samples} keeps every recorded sample (the leak), {@code descriptors}
 * is the registry's legitimate metadata, a third of the heap.
 */
public final class MetricsRegistry {
    record Sample(String metric, long atMs, double value, long[] tags) {
    }

    record Descriptor(String name, String help, String[] labels, byte[] layout) {
    }

    static final MetricsRegistry INSTANCE = new MetricsRegistry();

    final List<Sample> samples = new ArrayList<>();
    final Map<String, Descriptor> descriptors = new HashMap<>();

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < 3_000; i++) {
            String n = "http_server_requests_" + i;
            INSTANCE.descriptors.put(n, new Descriptor(n, "requests of route " + i, new String[] {"route", "status"},
                    new byte[1000]));
        }
        for (int i = 0; i < 50_000; i++) {
            INSTANCE.samples.add(new Sample("http_server_requests_" + (i % 3000), i, i * 0.25, new long[10]));
        }
        Heaps.ready();
    }
}
