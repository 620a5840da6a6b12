package dev.brink.heap.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A market-data desk just after a start: its caches fill while it serves. Quotes by instrument in an LRU cache class
 * bounded by a field (at most 30 000; 9 000 after the first round, 18 000 after the second); rates by currency pair in
 * each desk's insertion-order map, an anonymous subclass bounded by its desk's {@code maxRates} (at most 12 000; 4 000,
 * then 8 000: the bound is the enclosing instance's field, reached through {@code this$0}); venue states in a cache
 * bounded by a static constant {@code MAX_VENUES}, full before the first dump and replacing its entries since.
 * The first two grow by megabytes between the two dumps, the third stays, and none leaks: they stop when full.
 *
 * <p>{@link Leaking}, its twin: the quote cache is full before the first dump (it evicts), and every cached quote
 * keeps every tick it was sent — the entries stay as many and grow in size. That is a leak, cache or not.
 *
 * <p>{@link Unread}: three LinkedHashMap subclasses whose bound the heap does not show, each growing by megabytes:
 * an anonymous cache bounded by a literal in its removeEldestEntry (a cache still filling, which no dump can tell), a
 * trade blotter subclassed for its counter that never evicts, and a desk's fills map whose enclosing {@code maxFills}
 * is 0, "unbounded". A subclass is a possibility of eviction, not evidence of it: all three are growth findings.
 */
public final class QuoteDesk {
    static final QuoteCache QUOTES = new QuoteCache(30_000);
    static final RateDesk RATES = new RateDesk(12_000);
    static final VenueCache VENUES = new VenueCache();

    /** A desk whose rates map evicts beyond the desk's own field: the anonymous subclass reads it through this$0. */
    static final class RateDesk {
        private final int maxRates;
        final Map<Integer, double[]> rates = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, double[]> eldest) {
                return size() > maxRates;
            }
        };

        RateDesk(int maxRates) {
            this.maxRates = maxRates;
        }
    }

    /** Venue states, the eldest evicted beyond a constant. */
    static final class VenueCache extends LinkedHashMap<Integer, long[]> {
        static final int MAX_VENUES = 3_000;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, long[]> eldest) {
            return size() > MAX_VENUES;
        }
    }

    /** Quotes by instrument, the least recently read evicted beyond {@code maxEntries}. */
    static final class QuoteCache extends LinkedHashMap<String, Quote> {
        private final int maxEntries;
        private long hits;

        QuoteCache(int maxEntries) {
            super(1024, 0.75f, true);
            this.maxEntries = maxEntries;
        }

        Quote quote(String instrument) {
            hits++;
            return computeIfAbsent(instrument, i -> new Quote(i, new ArrayList<>()));
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Quote> eldest) {
            return size() > maxEntries;
        }
    }

    record Quote(String instrument, List<double[]> ticks) {
    }

    public static void main(String[] args) throws Exception {
        TwoDumps.run(args, round -> {
            for (int i = 0; i < 9_000; i++) {
                Quote q = QUOTES.quote("XS" + (1_000_000 + (round - 1) * 9_000 + i));
                if (q.ticks().isEmpty()) {
                    q.ticks().add(new double[12]); // the last tick only
                }
            }
            for (int i = 0; i < 4_000; i++) {
                RATES.rates.put((round - 1) * 4_000 + i, new double[20]);
            }
            for (int i = 0; i < 5_000; i++) {
                VENUES.put(round * 5_000 + i, new long[24]); // full at 3 000 in both rounds
            }
        });
    }

    /** The twin that leaks: a full quote cache whose quotes keep every tick. */
    public static final class Leaking {
        static final QuoteCache QUOTES = new QuoteCache(6_000);

        private Leaking() {
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> {
                if (round == 1) {
                    for (int i = 0; i < 8_000; i++) {
                        QUOTES.quote("XS" + (2_000_000 + i)); // the last 6 000 stay
                    }
                }
                for (int pass = 0; pass < 12; pass++) {
                    for (int i = 2_000; i < 8_000; i++) {
                        QUOTES.quote("XS" + (2_000_000 + i)).ticks().add(new double[4]); // every tick kept
                    }
                }
            });
        }
    }

    /** Three maps whose bound no dump shows, all growing. */
    public static final class Unread {
        static final Map<Integer, double[]> RATES = new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, double[]> eldest) {
                return size() > 40_000;
            }
        };
        static final Blotter BLOTTER = new Blotter();
        static final FillDesk FILLS = new FillDesk(0);

        private Unread() {
        }

        /** Trades by id, subclassed to count them; nothing evicts. */
        static final class Blotter extends LinkedHashMap<Long, String> {
            private long booked;

            void book(long id, String trade) {
                booked++;
                put(id, trade);
            }
        }

        /** Fills by order in access order, evicted beyond {@code maxFills} when it is set: 0 is "unbounded". */
        static final class FillDesk {
            private final int maxFills;
            final Map<Long, byte[]> fills = new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, byte[]> eldest) {
                    return maxFills > 0 && size() > maxFills;
                }
            };

            FillDesk(int maxFills) {
                this.maxFills = maxFills;
            }
        }

        public static void main(String[] args) throws Exception {
            TwoDumps.run(args, round -> {
                for (int i = 0; i < 6_000; i++) {
                    int k = (round - 1) * 6_000 + i;
                    RATES.put(k, new double[20]);
                    BLOTTER.book(k, "T" + k + "-" + "x".repeat(120));
                    FILLS.fills.put((long) k, new byte[160]);
                }
            });
        }
    }
}
