package dev.brink.threads.corpus;

import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;

/**
 * Virtual threads (JDK 21+; run with a newer JDK only): 200 virtual feed readers sleep between polls on a
 * few carriers, and one platform thread spins over a checksum, the only busy thread.
 */
public final class FeedFanout {
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        // reflection: the corpus compiles for Java 17, virtual threads need 21
        Method m = java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        ExecutorService vts = (ExecutorService) m.invoke(null);
        for (int i = 0; i < 200; i++) {
            vts.submit(() -> {
                while (true) Thread.sleep(1000);
            });
        }
        Programs.start("feed-checksum", () -> {
            long x = 0;
            while (true) x = Long.rotateLeft(x ^ System.nanoTime(), 7) * 31;
        });
        Thread.sleep(1500);
        Programs.ready();
    }
}
