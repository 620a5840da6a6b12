package dev.brink.heap.corpus;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An order-routing cache whose eviction never runs: the application's own cache object wraps a LinkedHashMap
 * that grows with every order. The leak is the cache's {@code entries}, reached through the router's field.
 */
public final class OrderRouter {
    record RoutedOrder(long id, String venue, double price, char[] fixMessage) {
    }

    static final class OrderRoutingCache {
        final Map<Long, RoutedOrder> entries = new LinkedHashMap<>();
        final int maxEntries = 1_000; // never checked: the bug
        long hits;
    }

    static final OrderRoutingCache CACHE = new OrderRoutingCache();

    public static void main(String[] args) throws Exception {
        for (long i = 0; i < 40_000; i++) {
            CACHE.entries.put(i, new RoutedOrder(i, "XNAS", 10 + i % 50, new char[60]));
        }
        Heaps.ready();
    }
}
