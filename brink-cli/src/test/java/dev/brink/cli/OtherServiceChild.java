package dev.brink.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Child JVM for HeapCommandTest: another program than {@link HeapDumpingChild} (its own classes, its own data), for
 * a diff of two unrelated applications. Keeps N price quotes in a list and three 1 MiB direct buffers (its feed's
 * receive buffers), dumps its live heap, exits.
 */
public final class OtherServiceChild {
    record Quote(String symbol, double bid, double ask) {
    }

    static final class QuoteBook {
        final List<Quote> quotes = new ArrayList<>();
    }

    static final QuoteBook BOOK = new QuoteBook();
    static final java.nio.ByteBuffer[] FEED = {java.nio.ByteBuffer.allocateDirect(1 << 20),
        java.nio.ByteBuffer.allocateDirect(1 << 20), java.nio.ByteBuffer.allocateDirect(1 << 20)};

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            BOOK.quotes.add(new Quote("SYM" + i, i * 0.5, i * 0.5 + 0.01));
        }
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
    }
}
