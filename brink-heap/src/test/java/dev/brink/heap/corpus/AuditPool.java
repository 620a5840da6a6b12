package dev.brink.heap.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A leak spread over threads: each of 12 pool threads keeps the audit records of every request it served in a
 * ThreadLocal that is never removed. No single object dominates; the records' class does.
 */
public final class AuditPool {
    record AuditRecord(long requestId, String action, byte[] snapshot) {
    }

    static final ThreadLocal<List<AuditRecord>> TRAIL = ThreadLocal.withInitial(ArrayList::new);

    public static void main(String[] args) throws Exception {
        CountDownLatch filled = new CountDownLatch(12);
        for (int t = 0; t < 12; t++) {
            int base = t * 100_000;
            Thread w = new Thread(() -> {
                for (int i = 0; i < 2_500; i++) {
                    TRAIL.get().add(new AuditRecord(base + i, "UPDATE", new byte[160]));
                }
                filled.countDown();
                try {
                    Thread.sleep(Heaps.LIFETIME_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "audit-pool-" + t);
            w.setDaemon(true);
            w.start();
        }
        filled.await();
        Heaps.ready();
    }
}
