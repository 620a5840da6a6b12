package dev.brink.heap.corpus;

/**
 * Shared plumbing of the heap corpus programs: each builds its heap, prints "ready" and waits (at most
 * {@link #LIFETIME_MS}) for the test to take a heap dump with jcmd and kill it.
 */
final class Heaps {
    static final long LIFETIME_MS = 120_000;

    private Heaps() {
    }

    static void ready() throws InterruptedException {
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(LIFETIME_MS);
        System.exit(0);
    }

    /** Parks a daemon thread forever; its frame keeps {@code held} alive as a local variable (a stack root). */
    static void parkHolding(String name, Object held) {
        Thread t = new Thread(() -> {
            Object local = held;
            while (local != null) {
                try {
                    Thread.sleep(LIFETIME_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, name);
        t.setDaemon(true);
        t.start();
    }
}
