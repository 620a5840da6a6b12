package dev.brink.threads.corpus;

/**
 * Shared plumbing of the corpus programs: each program sets its threads up, prints READY once they are where it
 * wants them, and lives at most {@link #LIFETIME_MS} (the capture script kills it sooner).
 */
final class Programs {
    static final long LIFETIME_MS = 120_000;

    private Programs() {
    }

    interface Body {
        void run() throws Exception;
    }

    static Thread start(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits (bounded) until {@code count} threads named prefix* are in {@code state}. */
    static void await(String prefix, Thread.State state, int count) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (System.currentTimeMillis() < end) {
            int n = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix) && t.getState() == state) n++;
            }
            if (n >= count) return;
            Thread.sleep(20);
        }
        throw new IllegalStateException("threads " + prefix + "* never reached " + state);
    }

    static void ready() throws InterruptedException {
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(LIFETIME_MS);
        System.exit(0);
    }
}
