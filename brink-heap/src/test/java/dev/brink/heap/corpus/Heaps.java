package dev.brink.heap.corpus;

/**
 * Shared plumbing of the heap corpus programs: each builds its heap, then, given {@code -D}{@value #DUMP}{@code =FILE},
 * dumps its own live heap there (HotSpot's heap dumper, as {@code jcmd GC.heap_dump} runs it, without a jcmd JVM
 * and an attach per dump) and exits; else prints "ready" and waits (at most {@link #LIFETIME_MS}) for a dump by
 * hand.
 */
public final class Heaps {
    static final long LIFETIME_MS = 120_000;
    /** The system property naming the file the program dumps its heap into. */
    public static final String DUMP = "brink.corpus.dump";

    private Heaps() {
    }

    static void ready() throws Exception {
        String dump = System.getProperty(DUMP);
        if (dump != null) {
            java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpHeap(dump, true);
            System.exit(0);
        }
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
