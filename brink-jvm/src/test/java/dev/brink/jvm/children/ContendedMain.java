package dev.brink.jvm.children;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Test target with lock trouble: "holder" keeps a monitor (a Ledger) while sleeping, four "waiter-N"
 * threads are BLOCKED on it, and "sync-holder" owns a ReentrantLock that "parker" parks on.
 * Exits after args[0] s.
 */
public final class ContendedMain {
    static final class Ledger {
    }

    static final Ledger LEDGER = new Ledger();
    static final ReentrantLock LOCK = new ReentrantLock();

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args.length > 0 ? args[0] : "120") * 1000;
        start("holder", () -> {
            while (true) {
                synchronized (LEDGER) {
                    sleep(10_000);
                }
            }
        });
        Thread.sleep(200);
        for (int i = 0; i < 4; i++) {
            start("waiter-" + i, () -> {
                while (true) {
                    synchronized (LEDGER) {
                        sleep(1);
                    }
                }
            });
        }
        start("sync-holder", () -> {
            LOCK.lock();
            sleep(Long.MAX_VALUE);
        });
        Thread.sleep(200);
        start("parker", LOCK::lock);
        System.out.println("ready");
        System.out.flush();
        while (System.currentTimeMillis() < end) {
            Thread.sleep(100);
        }
        System.exit(0);
    }

    private static void start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
