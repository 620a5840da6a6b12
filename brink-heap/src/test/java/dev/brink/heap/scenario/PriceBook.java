package dev.brink.heap.scenario;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * A price book just after a start, its prices in a Caffeine cache of at most 40 000 entries: 12 000 after the first
 * round, 24 000 after the second. It grows by megabytes between the two dumps — the cache, the map inside it, its
 * frequency sketch — and does not leak: it stops when full.
 *
 * <p>{@link Leaking}, its twin: the same prices in a Caffeine cache built without a maximum (Caffeine's unbounded
 * cache), keyed by request: it grows as long as requests come.
 */
public final class PriceBook {
    static final Cache<String, Price> PRICES = Caffeine.newBuilder().maximumSize(40_000).build();

    record Price(String sku, double[] tiers) {
    }

    static void serve(Cache<String, Price> prices, int round) {
        for (int i = 0; i < 12_000; i++) {
            String sku = "SKU-" + (100_000 + (round - 1) * 12_000 + i);
            prices.get(sku, s -> new Price(s, new double[20]));
        }
        prices.cleanUp(); // Caffeine evicts and resizes its sketch on its maintenance: done before each dump
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> serve(PRICES, round));
    }

    /** The twin whose cache has no bound. */
    public static final class Leaking {
        static final Cache<String, Price> PRICES = Caffeine.newBuilder().build();

        private Leaking() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> serve(PRICES, round));
        }
    }
}
