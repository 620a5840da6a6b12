package dev.brink.heap.corpus;

import java.util.ArrayList;
import java.util.List;

/**
 * Listeners that are registered and never removed, spread over 16 connections, each held by its own
 * connection thread: 64 000 PriceListener objects, no single holder.
 */
public final class PriceFeedHub {
    static final class PriceListener {
        final String symbol;
        final double[] lastTicks = new double[16];

        PriceListener(String symbol) {
            this.symbol = symbol;
        }
    }

    static final class FeedConnection {
        final List<PriceListener> listeners = new ArrayList<>();
    }

    public static void main(String[] args) throws Exception {
        for (int c = 0; c < 16; c++) {
            FeedConnection conn = new FeedConnection();
            for (int i = 0; i < 4_000; i++) {
                conn.listeners.add(new PriceListener("SYM" + (i % 700)));
            }
            Heaps.parkHolding("feed-connection-" + c, conn);
        }
        Heaps.ready();
    }
}
