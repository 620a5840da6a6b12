package dev.brink.threads.child;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A child JVM with a known thread problem, for tests to dump. Prints "ready" once every thread is where the
 * scenario puts it, then lives at most {@link #LIFETIME_MS} (the test kills it sooner). Scenarios:
 * contention (8 BookThread-* on one synchronized logger), monitor-deadlock (2 threads),
 * lock-deadlock (3 threads, ReentrantLock), busy (2 Cruncher-* threads spinning in {@link #crunch}),
 * latch-and-lock (one gateway thread awaiting a CountDownLatch for the whole life of the process, as an
 * embedded server's keep-alive thread does, beside 5 Settlement-* threads on one ReentrantLock whose holder
 * sleeps while holding it), pools (three report-worker-* threads each waiting for parts queued to their own pool, for
 * good, beside render-worker-* threads whose parts go to a pool of their own; eight checkout-* threads sharing a
 * ConnectionDesk of two connections that each hold for a 150 ms query, beside three browse-* threads with four).
 */
public final class Scenarios {
    static final long LIFETIME_MS = 90_000;
    static volatile long sink;

    /** The contended lock: flush() holds the monitor while it sleeps, as a slow audit logger would. */
    static final class SlowAuditLogger {
        synchronized void flush() throws InterruptedException {
            Thread.sleep(200);
        }
    }

    static final class Inventory {
    }

    static final class Ledger {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "contention" -> contention();
            case "monitor-deadlock" -> monitorDeadlock();
            case "lock-deadlock" -> lockDeadlock();
            case "busy" -> busy();
            case "latch-and-lock" -> latchAndLock();
            case "pools" -> pools();
            default -> throw new IllegalArgumentException(args[0]);
        }
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(LIFETIME_MS);
        System.exit(0);
    }

    private static void contention() throws InterruptedException {
        SlowAuditLogger logger = new SlowAuditLogger();
        for (int i = 0; i < 8; i++) {
            start("BookThread-" + i, () -> {
                while (true) logger.flush();
            });
        }
        awaitStates("BookThread-", Thread.State.BLOCKED, 7);
    }

    private static void monitorDeadlock() throws InterruptedException {
        Inventory inventory = new Inventory();
        Ledger ledger = new Ledger();
        start("StockTransfer-1", () -> {
            synchronized (inventory) {
                Thread.sleep(300);
                synchronized (ledger) {
                    sink++;
                }
            }
        });
        start("LedgerPoster-1", () -> {
            synchronized (ledger) {
                Thread.sleep(300);
                synchronized (inventory) {
                    sink++;
                }
            }
        });
        awaitDeadlock(2);
    }

    private static void lockDeadlock() throws InterruptedException {
        ReentrantLock[] locks = {new ReentrantLock(), new ReentrantLock(), new ReentrantLock()};
        String[] names = {"Cycle-A", "Cycle-B", "Cycle-C"};
        for (int i = 0; i < 3; i++) {
            ReentrantLock mine = locks[i];
            ReentrantLock next = locks[(i + 1) % 3];
            start(names[i], () -> {
                mine.lock();
                Thread.sleep(300);
                next.lock();
            });
        }
        awaitDeadlock(3);
    }

    private static void latchAndLock() throws InterruptedException {
        java.util.concurrent.CountDownLatch stop = new java.util.concurrent.CountDownLatch(1);
        start("gateway-keepalive", stop::await);
        ReentrantLock ledger = new ReentrantLock();
        for (int i = 0; i < 5; i++) {
            start("Settlement-" + i, () -> {
                while (true) {
                    ledger.lock();
                    try {
                        Thread.sleep(200);
                    } finally {
                        ledger.unlock();
                    }
                }
            });
        }
        awaitStates("Settlement-", Thread.State.WAITING, 4);
    }

    private static void pools() throws InterruptedException {
        java.util.concurrent.ExecutorService reports = pool("report-worker-", 3);
        // every report waits until all three workers hold one, so no worker is free to run a part when the parts
        // are queued: without this, a worker started by a part's submission ran the parts, and the pool was not stuck
        java.util.concurrent.CountDownLatch allTaken = new java.util.concurrent.CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            reports.submit(() -> {
                allTaken.countDown();
                allTaken.await();
                return ReportAssembler.assemble(reports);
            });
        }
        java.util.concurrent.ExecutorService renders = pool("render-worker-", 3);
        java.util.concurrent.ExecutorService parts = pool("render-part-", 2);
        start("render-feeder", () -> {
            while (true) {
                renders.submit(() -> ReportAssembler.assemble(parts));
                Thread.sleep(100);
            }
        });
        ConnectionDesk desk = new ConnectionDesk(2);
        for (int i = 0; i < 8; i++) {
            start("checkout-" + i, () -> {
                while (true) desk.withConnection(150);
            });
        }
        ConnectionDesk wide = new ConnectionDesk(4);
        for (int i = 0; i < 3; i++) {
            start("browse-" + i, () -> {
                while (true) wide.withConnection(150);
            });
        }
        awaitParkedOn("report-worker-", "java.util.concurrent.FutureTask", 3);
        awaitStates("checkout-", Thread.State.WAITING, 6);
    }

    /** A fixed pool of daemon threads named prefix1, prefix2, … */
    private static java.util.concurrent.ExecutorService pool(String prefix, int threads) {
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        return java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    private static void busy() throws InterruptedException {
        for (int i = 0; i < 2; i++) start("Cruncher-" + i, Scenarios::crunch);
        Thread.sleep(300);
    }

    /** Spins without calls, so the top frame is always this method. */
    static void crunch() {
        long x = 1;
        long end = System.nanoTime() + LIFETIME_MS * 1_000_000L;
        for (long i = 0; ; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            if ((i & 0xFFFFFF) == 0) {
                sink = x;
                if (System.nanoTime() > end) return;
            }
        }
    }

    interface Body {
        void run() throws Exception;
    }

    private static void start(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Exception e) {
                // interrupted at exit: nothing to do
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }

    private static void awaitStates(String prefix, Thread.State state, int count) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            int n = 0;
            for (ThreadInfo ti : mx.dumpAllThreads(false, false)) {
                if (ti.getThreadName().startsWith(prefix) && ti.getThreadState() == state) n++;
            }
            if (n >= count) return;
            Thread.sleep(20);
        }
        throw new IllegalStateException("threads never reached " + count + " x " + state);
    }

    /** Waits until {@code count} threads named prefix… are parked on an object of class {@code lockClass}. */
    private static void awaitParkedOn(String prefix, String lockClass, int count) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            int n = 0;
            for (ThreadInfo ti : mx.dumpAllThreads(false, false)) {
                if (ti.getThreadName().startsWith(prefix) && ti.getLockInfo() != null
                        && ti.getLockInfo().getClassName().equals(lockClass)) n++;
            }
            if (n >= count) return;
            Thread.sleep(20);
        }
        throw new IllegalStateException("threads never parked " + count + " x on " + lockClass);
    }

    private static void awaitDeadlock(int threads) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            long[] ids = mx.findDeadlockedThreads();
            if (ids != null && ids.length >= threads) return;
            Thread.sleep(20);
        }
        throw new IllegalStateException("no deadlock of " + threads + " threads formed");
    }
}
