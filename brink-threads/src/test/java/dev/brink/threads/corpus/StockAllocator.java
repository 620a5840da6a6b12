package dev.brink.threads.corpus;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

/** Deadlock through a monitor and a lock: the allocator holds the bin's monitor and wants the shipment lock;
 * the dispatcher holds the shipment lock and wants the bin's monitor. */
public final class StockAllocator {
    static final class StockBin {
    }

    public static void main(String[] args) throws Exception {
        StockBin bin = new StockBin();
        ReentrantLock shipment = new ReentrantLock();
        CountDownLatch both = new CountDownLatch(2);
        Programs.start("stock-allocator", () -> {
            synchronized (bin) {
                both.countDown();
                both.await();
                shipment.lock();
            }
        });
        Programs.start("shipment-dispatcher", () -> {
            shipment.lock();
            both.countDown();
            both.await();
            synchronized (bin) {
                shipment.unlock();
            }
        });
        Programs.await("stock-allocator", Thread.State.WAITING, 1);
        Programs.await("shipment-dispatcher", Thread.State.BLOCKED, 1);
        Programs.ready();
    }
}
