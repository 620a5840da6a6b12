package dev.brink.heap.scenario;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * A rate card service just after a start, its rendered rate cards in a Guava cache of at most 40 000 entries: 12 000
 * after the first round (30 %), 24 000 after the second (60 %). It grows by megabytes between the two dumps — the
 * cache's entries, its segments' hash tables resizing — and does not leak: it stops when full.
 *
 * <p>{@link Leaking}, its twin: the same rate cards in a Guava cache built without a maximum size, keyed by request:
 * it grows as long as requests come.
 *
 * <p>{@link Expiring}: the rate cards in a Guava cache without a maximum that expires them an hour after they were
 * written, kept as its map view in a registry of maps: it grows for its first hour, then holds an hour's cards.
 */
public final class RateCard {
    static final Cache<String, byte[]> CARDS = CacheBuilder.newBuilder().maximumSize(40_000).build();

    static void serve(Cache<String, byte[]> cards, int round) throws ExecutionException {
        for (int i = 0; i < 12_000; i++) {
            String route = "ROUTE-" + (200_000 + (round - 1) * 12_000 + i);
            cards.get(route, () -> new byte[240]);
        }
        // Guava evicts on the writing thread, within each write: nothing is pending when the dump is taken
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> serve(CARDS, round));
    }

    /** Expiry alone bounds the cache; the registry, a JDK map, leaves the cache's segment array as its holder. */
    public static final class Expiring {
        static final Map<String, ConcurrentMap<String, byte[]>> REGISTRY = new HashMap<>();

        private Expiring() {
        }

        public static void main(String[] args) throws Exception {
            Cache<String, byte[]> cards = CacheBuilder.newBuilder().expireAfterWrite(1, TimeUnit.HOURS).build();
            REGISTRY.put("rate-cards", cards.asMap());
            TwoDumps.run(args, round -> serve(cards, round));
        }
    }

    /** The twin whose cache has no bound. */
    public static final class Leaking {
        static final Cache<String, byte[]> CARDS = CacheBuilder.newBuilder().build();

        private Leaking() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> serve(CARDS, round));
        }
    }
}
