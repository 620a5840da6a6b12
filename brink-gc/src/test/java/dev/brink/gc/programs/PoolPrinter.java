package dev.brink.gc.programs;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Prints the JVM's own account of each collection (its GC notification: the collector, the cause, the heap pools'
 * usage after), one {@code POOLS collector|cause|usedAfter|committedAfter} line each, for tests that compare a GC
 * log's figures with them.
 */
final class PoolPrinter {
    private PoolPrinter() {
    }

    static void install() {
        Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).map(p -> p.getName()).collect(Collectors.toSet());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((n, handback) -> {
                if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                long used = 0;
                long committed = 0;
                for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                    if (heapPools.contains(e.getKey())) {
                        used += e.getValue().getUsed();
                        committed += e.getValue().getCommitted();
                    }
                }
                System.out.println("POOLS " + info.getGcName() + "|" + info.getGcCause() + "|" + used + "|" + committed);
                printed.incrementAndGet();
            }, null, null);
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong printed = new java.util.concurrent.atomic.AtomicLong();

    /**
     * Waits (at most 10 s) until every collection the collectors counted has been printed: notifications come later,
     * from the JVM's service thread, and a program that exits right after its last collection would lose that one
     * while the GC log has it.
     */
    static void awaitEveryNotification() throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < until) {
            long counted = ManagementFactory.getGarbageCollectorMXBeans().stream()
                    .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
            if (printed.get() >= counted) {
                return;
            }
            Thread.sleep(5);
        }
    }
}
