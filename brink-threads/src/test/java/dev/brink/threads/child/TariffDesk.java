package dev.brink.threads.child;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A child JVM with shapes the other children do not show, all at once. Prints "ready" when each phase is set
 * up; the threads may still be on their way to their wait, so tests poll dumps.
 * <ul>
 * <li>A ReentrantReadWriteLock: Repricer-1 holds the write lock (sleeping), 5 RateReader-* queue for the read
 * lock, parked in AbstractQueuedSynchronizer.
 * <li>50 idle tariff-idle-* workers of one ThreadPoolExecutor, all WAITING on its LinkedBlockingQueue's
 * condition; 3 idle workers of a ScheduledThreadPoolExecutor; a ForkJoinPool's idle workers.
 * <li>Ledger: SettleClerk-1 in a synchronized method, inside it in Object.wait() on another monitor (the
 * ledger's stamp); 4 PostClerk-* BLOCKED on the ledger, which the waiting clerk still owns.
 * <li>A bell: 2 BellListener-* in bell.wait(), woken by BellRinger-1's notifyAll(), BLOCKED re-locking the bell
 * that the ringer keeps, and BellLate-1 BLOCKED entering it afresh.
 * </ul>
 */
public final class TariffDesk {
    private TariffDesk() {
    }

    static final ReentrantReadWriteLock RATES = new ReentrantReadWriteLock();

    /** The ledger: its synchronized methods hold it; settle() waits on the stamp with the ledger held. */
    static final class Ledger {
        final Object stamp = new Object();

        synchronized void settle() throws InterruptedException {
            synchronized (stamp) {
                stamp.wait(); // releases the stamp only, not the ledger
            }
        }

        synchronized void post() {
        }
    }

    public static void main(String[] args) throws Exception {
        // read-write lock: a writer holds, readers queue
        CountDownLatch writing = new CountDownLatch(1);
        start("Repricer-1", () -> {
            RATES.writeLock().lock();
            try {
                writing.countDown();
                reprice();
            } finally {
                RATES.writeLock().unlock();
            }
        });
        writing.await();
        for (int i = 0; i < 5; i++) {
            start("RateReader-" + i, () -> {
                RATES.readLock().lock();
                RATES.readLock().unlock();
            });
        }

        // idle pools
        ThreadPoolExecutor idle = new ThreadPoolExecutor(50, 50, 1, TimeUnit.HOURS, new LinkedBlockingQueue<>(),
                r -> new Thread(r, "tariff-idle-" + System.nanoTime()));
        idle.prestartAllCoreThreads();
        ScheduledThreadPoolExecutor sched = new ScheduledThreadPoolExecutor(3, r -> new Thread(r, "tariff-tick-" + System.nanoTime()));
        sched.prestartAllCoreThreads();
        ExecutorService fj = new ForkJoinPool(3);
        List<Object> keep = new ArrayList<>(List.of(idle, sched, fj));
        for (int i = 0; i < 3; i++) fj.submit(() -> { }).get();

        // a holder in Object.wait() on another monitor
        Ledger ledger = new Ledger();
        start("SettleClerk-1", () -> {
            try {
                ledger.settle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        while (!ledgerHeld(ledger)) Thread.sleep(10);
        for (int i = 0; i < 4; i++) start("PostClerk-" + i, ledger::post);

        // woken waiters re-locking the monitor they waited on, which the ringer holds after notifyAll()
        Object bell = new Object();
        for (int i = 0; i < 2; i++) {
            start("BellListener-" + i, () -> {
                synchronized (bell) {
                    try {
                        bell.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
        }
        while (waiting("BellListener-") < 2) Thread.sleep(10);
        start("BellRinger-1", () -> {
            synchronized (bell) {
                bell.notifyAll();
                reprice(); // keeps the bell: the woken listeners cannot re-lock it
            }
        });
        while (!blocked("BellListener-", 2)) Thread.sleep(10);
        start("BellLate-1", () -> {
            synchronized (bell) {
                bell.notify();
            }
        });

        System.out.println("ready");
        Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        System.out.println(keep.size());
    }

    private static boolean ledgerHeld(Ledger ledger) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("SettleClerk-1") && t.getState() == Thread.State.WAITING) return true;
        }
        return false;
    }

    private static int waiting(String prefix) {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix) && t.getState() == Thread.State.WAITING) n++;
        }
        return n;
    }

    private static boolean blocked(String prefix, int count) {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix) && t.getState() == Thread.State.BLOCKED) n++;
        }
        return n == count;
    }

    private static void reprice() {
        try {
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }
}
