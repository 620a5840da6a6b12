package dev.brink.jfr.programs;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for GcSweepRecordingsTest: a parcel sorter that allocates fast with a small live set (about 4 MB of
 * parcels in a ring), in phases of the given time each, printing {@code PHASE name startEpochMs endEpochMs} after each.
 * A phase lasts until the JVM has also collected three times in it, so that a busy machine still gives each phase
 * collections to judge, and the flush phase until it called System.gc() six times. The steady phase sleeps 2 ms a batch, a service's pace.
 * <ul>
 *   <li>{@code steady}: only that; a healthy program on any collector.</li>
 *   <li>{@code pallets}: the same, and a 3 MB pallet buffer per batch of parcels (a humongous object in G1's 1 MB
 *   regions), the last four kept; dropped at the phase's end.</li>
 *   <li>{@code flush}: the same, and {@link #flushManifests} calls {@code System.gc()} every 150 ms, as code that
 *   "tidies up" after a batch does.</li>
 *   <li>{@code burst}: the same, and 80 MB of parcels on hand while four loaders allocate flat out: more than a
 *   concurrent collector can free in a 128 MB heap (ZGC's allocation stalls).</li>
 * </ul>
 * Usage: {@code ParcelSorter PHASE_MS PHASE,PHASE…}
 */
public final class ParcelSorter {
    static volatile long sink;
    private static final ArrayDeque<byte[]> RING = new ArrayDeque<>();
    private static long n;

    private ParcelSorter() {
    }

    public static void main(String[] args) throws Exception {
        long phaseMs = Long.parseLong(args[0]);
        for (String phase : args[1].split(",")) {
            long start = System.currentTimeMillis();
            long gcs = collections();
            ArrayDeque<byte[]> pallets = new ArrayDeque<>();
            long lastFlush = start;
            int flushes = 0;
            List<Thread> loaders = phase.equals("burst") ? burst(start + phaseMs) : List.of();
            // a System.gc() under -XX:+ExplicitGCInvokesConcurrent waits for a whole cycle: slow on a busy machine
            while (System.currentTimeMillis() < start + phaseMs || collections() < gcs + 3
                    || phase.equals("flush") && flushes < 6) {
                sort();
                if (phase.equals("steady")) {
                    Thread.sleep(2); // a service's pace, not a benchmark's: the collector keeps up on a busy machine
                }
                if (phase.equals("pallets")) {
                    pallets.addLast(new byte[3 * 1024 * 1024]);
                    if (pallets.size() > 4) {
                        pallets.removeFirst();
                    }
                }
                long now = System.currentTimeMillis();
                if (phase.equals("flush") && now - lastFlush >= 150) {
                    lastFlush = now;
                    flushes++;
                    flushManifests();
                }
            }
            for (Thread t : loaders) {
                t.join();
            }
            System.out.println("PHASE " + phase + " " + start + " " + System.currentTimeMillis());
        }
        System.out.println("done " + n + " " + sink);
    }

    /**
     * A sorting centre at peak: 80 MB of parcels on hand, and four loaders that allocate as fast as they can until the
     * deadline. On ZGC in a 128 MB heap the concurrent cycles cannot free memory as fast as that: threads stall.
     */
    private static List<Thread> burst(long deadline) {
        List<Thread> ts = new ArrayList<>();
        byte[][] onHand = new byte[80 * 1024][];
        for (int i = 0; i < onHand.length; i++) {
            onHand[i] = new byte[1000];
        }
        for (int k = 0; k < 4; k++) {
            Thread t = new Thread(() -> {
                long x = 0;
                while (System.currentTimeMillis() < deadline) {
                    for (int i = 0; i < 1000; i++) {
                        byte[] b = new byte[2048];
                        b[0] = (byte) i;
                        x += b[0];
                        onHand[(int) (x & 0xffff)] = i % 64 == 0 ? new byte[1000] : onHand[(int) (x & 0xffff)];
                    }
                }
                sink += x + onHand.length;
            }, "loader-" + k);
            t.start();
            ts.add(t);
        }
        return ts;
    }

    /** A batch of parcels into the ring, the oldest out: about 1 MB of garbage, the live set unchanged. */
    private static void sort() {
        for (int i = 0; i < 2000; i++) {
            byte[] parcel = new byte[256 + (int) (n++ % 512)];
            parcel[0] = (byte) n;
            RING.addLast(parcel);
            if (RING.size() > 8_000) {
                sink += RING.removeFirst()[0];
            }
            sink += new StringBuilder("parcel-").append(n).toString().length();
        }
    }

    private static long collections() {
        long c = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            c += Math.max(0, b.getCollectionCount());
        }
        return c;
    }

    static void flushManifests() {
        System.gc();
    }
}
