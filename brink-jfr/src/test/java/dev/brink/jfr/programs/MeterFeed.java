package dev.brink.jfr.programs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * A child JVM for MeterFeedRecordingsTest: a meter-reading importer in two phases, each for the given time, printing
 * {@code PHASE name startEpochMs endEpochMs} after each.
 * <ul>
 *   <li>{@code settle}: what a healthy service does while it starts — lambdas and string concatenations linked, and
 *   96 method-handle shapes, eight every 150 ms (the JVM throws and catches a NoSuchMethodError or two about itself
 *   for each) — while importers read well-formed readings; the phase lasts its time or until the shapes are linked.
 *   No exception of its own.</li>
 *   <li>{@code garbled}: the importers reject every other reading, each with a {@link GarbledReadingException}
 *   thrown by {@link #decode} and caught by its caller per reading (tens of thousands a second), while a third thread
 *   links method handles of fresh shapes, as new code paths do.</li>
 * </ul>
 * Usage: {@code MeterFeed PHASE_MS}
 */
public final class MeterFeed {
    static volatile long sink;
    /** Method-handle shapes linked while settling: a NoSuchMethodError or two each, unless the JDK pregenerated it. */
    static final int STARTUP_SHAPES = 96;
    private static final String[] WELL_FORMED = {"0412", "7781", "0093", "1200"};
    private static final String[] MIXED = {"0412", "##", "7781", "?err", "0093", "x-", "1200", "--"};

    private MeterFeed() {
    }

    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        long start = System.currentTimeMillis();
        List<LongSupplier> startUp = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int k = i;
            startUp.add(() -> ("meter-" + k + "/" + (k * 0.5) + ":" + (char) ('a' + k % 26)).length());
        }
        startUp.forEach(s -> sink += s.getAsLong());
        long settled = start + phaseMs;
        // a fixed number of shapes, not a time: the phase holds as many linkage errors on a busy machine as on an idle
        // one, spread over 1.8 s or more, so the window's statistics interval always has some
        Thread startingUp = new Thread(() -> {
            for (int i = 0; i < STARTUP_SHAPES; i += 8) {
                ShapeLinker.link(i, 8);
                pause(150);
            }
        }, "shape-linker");
        startingUp.start();
        importers(settled, WELL_FORMED);
        startingUp.join();
        System.out.println("PHASE settle " + start + " " + System.currentTimeMillis());
        start = System.currentTimeMillis();
        long deadline = start + phaseMs;
        Thread linker = new Thread(() -> ShapeLinker.link(400, 60), "shape-linker");
        linker.start();
        importers(deadline, MIXED);
        linker.join();
        System.out.println("PHASE garbled " + start + " " + System.currentTimeMillis());
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void importers(long deadline, String[] readings) throws InterruptedException {
        List<Thread> ts = new ArrayList<>();
        for (int t = 1; t <= 2; t++) {
            Thread th = new Thread(() -> importBatches(deadline, readings), "meter-importer-" + t);
            th.start();
            ts.add(th);
        }
        for (Thread th : ts) {
            th.join();
        }
    }

    static void importBatches(long deadline, String[] readings) {
        int i = 0;
        while (System.currentTimeMillis() < deadline) {
            for (int k = 0; k < 32; k++) {
                try {
                    sink += decode(readings[(i++ & 0xffff) % readings.length]);
                } catch (GarbledReadingException e) {
                    sink--;
                }
            }
        }
    }

    /** Watt-hours of a reading of four digits; anything else is thrown back as garbled. */
    static long decode(String reading) throws GarbledReadingException {
        long wh = 0;
        for (int i = 0; i < reading.length(); i++) {
            char c = reading.charAt(i);
            if (c < '0' || c > '9') {
                throw new GarbledReadingException(reading);
            }
            wh = wh * 10 + c - '0';
        }
        return wh;
    }
}
