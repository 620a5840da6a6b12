package dev.brink.heap.scenario;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A ticket gate serving each booking in a virtual thread of its own (JDK 21+; started by reflection, as this source
 * compiles for 17). Leak: a booking waits for a payment confirmation that never comes, so every booking's virtual
 * thread stays parked with its 4 KB order in its frame — 2 500 after the first round, 5 000 after the second. None is
 * near a tenth of the heap alone; together they are most of it. Beside them a catalogue of venues that does not grow.
 *
 * <p>{@link Healthy}, its twin: confirmations come, every booking ends before the dump.
 */
public final class TicketGate {
    static final Map<Integer, String> VENUES = new HashMap<>();
    static final CountDownLatch NEVER = new CountDownLatch(1);
    static final AtomicInteger WAITING = new AtomicInteger();

    /** One booking: its order stays in this frame until the confirmation comes. */
    record Booking(int id, CountDownLatch confirmation) implements Callable<Integer> {
        @Override
        public Integer call() throws Exception {
            byte[] order = new byte[4_000];
            order[0] = (byte) id;
            WAITING.incrementAndGet();
            confirmation.await();
            return order.length;
        }
    }

    static ExecutorService virtualThreadPerTask() throws ReflectiveOperationException {
        return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }

    static void openVenues() {
        for (int i = 0; i < 2_000; i++) {
            VENUES.put(i, "venue " + i + " — main hall, rows A to Z, 40 seats each");
        }
    }

    public static void main(String[] args) throws Exception {
        openVenues();
        ExecutorService bookings = virtualThreadPerTask();
        TwoDumps.run(args, round -> {
            for (int i = 0; i < 2_500; i++) {
                bookings.submit(new Booking(i, NEVER));
            }
            waitParked(round * 2_500);
        });
        System.exit(0); // the parked bookings never end
    }

    /** Until {@code n} bookings are at their wait (each virtual thread gets there soon after its submit). */
    static void waitParked(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (WAITING.get() < n && System.nanoTime() < end) {
            Thread.sleep(20);
        }
    }

    /** The twin whose bookings are confirmed: each round's virtual threads end before its dump. */
    public static final class Healthy {
        private Healthy() {
        }

        public static void main(String[] args) throws Exception {
            openVenues();
            ExecutorService bookings = virtualThreadPerTask();
            TwoDumps.run(args, round -> {
                CountDownLatch paid = new CountDownLatch(1);
                java.util.List<java.util.concurrent.Future<Integer>> done = new java.util.ArrayList<>();
                for (int i = 0; i < 2_500; i++) {
                    done.add(bookings.submit(new Booking(i, paid)));
                }
                paid.countDown();
                for (java.util.concurrent.Future<Integer> f : done) {
                    f.get(30, TimeUnit.SECONDS);
                }
            });
            bookings.shutdown();
        }
    }
}
