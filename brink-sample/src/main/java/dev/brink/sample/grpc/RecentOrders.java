package dev.brink.sample.grpc;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The most recent orders, kept in memory (a ring: each new order replaces the oldest). Like a service's
 * "recent activity" cache it is filled at start and stays the same size, so its bytes are a steady live set that
 * survives every young collection: on a JVM whose old generation is smaller than this ring (field report 004:
 * -Xmn near -Xmx), young collections cannot promote it and end in full GCs. Thread-safe.
 */
final class RecentOrders {
    /** One placed order; the note is the customer's free text, the bulk of the bytes. */
    record Order(long id, String customer, long totalCents, int lines, byte[] note) {
    }

    private final AtomicReferenceArray<Order> ring;
    private final AtomicLong nextId = new AtomicLong(1);

    RecentOrders(int capacity, int noteBytes) {
        if (capacity < 1) throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
        ring = new AtomicReferenceArray<>(capacity);
        // filled at start: the live set is there from the first request, as a warmed cache would be
        for (int i = 0; i < capacity; i++) {
            add("warm-" + (i % 500), 0, 0, new byte[noteBytes]);
        }
    }

    Order add(String customer, long totalCents, int lines, byte[] note) {
        long id = nextId.getAndIncrement();
        Order o = new Order(id, customer, totalCents, lines, note);
        ring.set((int) (id % ring.length()), o);
        return o;
    }

    /** The order with this id while it is among the recent ones, else null. */
    Order get(long id) {
        if (id < 1) return null;
        Order o = ring.get((int) (id % ring.length()));
        return o != null && o.id() == id ? o : null;
    }

    /** The newest id handed out, 0 before the first. */
    long newestId() {
        return nextId.get() - 1;
    }

    int capacity() {
        return ring.length();
    }
}
