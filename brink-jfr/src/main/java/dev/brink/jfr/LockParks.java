package dev.brink.jfr;

import java.util.List;
import java.util.Set;

/**
 * Which jdk.ThreadPark events are threads waiting to acquire a java.util.concurrent lock that another thread holds:
 * the contention of a ReentrantLock, a read-write lock or a StampedLock, as jdk.JavaMonitorEnter is a monitor's.
 *
 * <p>The event's {@code parkedClass} is the blocker that {@code LockSupport.park(blocker)} was given, and the JDK
 * gives each kind of wait its own. AbstractQueuedSynchronizer's acquire parks with the synchronizer itself (JDK 8 and
 * 11 in parkAndCheckInterrupt, JDK 14 and later in acquire(Node, …): the stacks differ, the blocker does not): for a
 * ReentrantLock its {@code ReentrantLock$NonfairSync} or {@code $FairSync}, for a read-write lock {@code
 * ReentrantReadWriteLock$NonfairSync} or {@code $FairSync}, read and write side alike. StampedLock parks with itself,
 * and only in its acquire. A thread that waits for work or a result parks with something else: a condition's await
 * with the {@code AbstractQueuedSynchronizer$ConditionObject} (an idle pool's LinkedBlockingQueue.take, a scheduled
 * executor's delay queue), a latch with {@code CountDownLatch$Sync}, a future with the FutureTask or a {@code
 * CompletableFuture$Signaller}, a SynchronousQueue or LinkedTransferQueue hand-off with its own node types, an idle
 * ForkJoinPool worker with the pool. Those are never contention, however long, so only the lock's own synchronizers
 * count; a thread that re-takes a lock after its condition was signalled parks with the synchronizer too, and is then
 * queued behind a holder like any other. A semaphore's waiters (a resource pool's queue, not a lock) and an
 * application's own AbstractQueuedSynchronizer subclasses (a lock or a latch: the class does not say) are left out.
 *
 * <p>JDK 19 to 23 lock java.io's PrintStream, BufferedOutputStream, BufferedWriter, OutputStreamWriter and their kin,
 * when not subclassed, with a {@code jdk.internal.misc.InternalLock} (a ReentrantLock inside) instead of their
 * monitor; JDK 24 went back to monitors. So threads queued on {@code System.out} are monitor waits on JDK 17 and 25
 * and parks on JDK 21: both are named by the object whose method took the lock, {@code java.io.PrintStream} at
 * {@code java.io.PrintStream.format}, so that the finding reads and is keyed the same on every JDK.
 */
final class LockParks {
    /** JDK 19 to 23's lock of the java.io classes. */
    static final String INTERNAL_LOCK = "jdk.internal.misc.InternalLock.";

    /**
     * The blockers of a lock's acquire. A finding names the lock by its blocker, as jstack and Thread.print do
     * ("parking to wait for &lt;0x…&gt; (a java.util.concurrent.locks.ReentrantLock$NonfairSync)"): the class a reader
     * knows from the dumps, and the one a run matches a dump's lock against so that one lock is one finding.
     */
    private static final Set<String> LOCK_BLOCKERS = Set.of(
            "java.util.concurrent.locks.ReentrantLock$NonfairSync",
            "java.util.concurrent.locks.ReentrantLock$FairSync",
            "java.util.concurrent.locks.ReentrantReadWriteLock$NonfairSync",
            "java.util.concurrent.locks.ReentrantReadWriteLock$FairSync",
            "java.util.concurrent.locks.StampedLock");

    private LockParks() {
    }

    /** True when a park with this blocker waits to acquire a lock; false when it waits for work, a result or an event. */
    static boolean acquiring(String parkedClass) {
        return parkedClass != null && LOCK_BLOCKERS.contains(parkedClass);
    }

    /**
     * Where a park in the acquire of a lock whose blocker is {@code lock} waited, its stack's frame names given top first: the first frame past the
     * lock's mechanism (LockSupport, Unsafe.park, the synchronizers and lock classes of java.util.concurrent.locks,
     * InternalLock), the method that called lock() as a monitor's site is the method that entered it. The class named
     * is the lock's, except for an InternalLock, which stands for the monitor of the object whose method took it (the
     * site's class), as a monitor wait names it. Null when the stack has no frame past the mechanism.
     */
    static Acquire at(String lock, List<String> frames) {
        boolean internalLock = false;
        for (String frame : frames) {
            if (frame.startsWith("java.util.concurrent.locks.") || frame.startsWith("jdk.internal.misc.Unsafe.")) {
                continue;
            }
            if (frame.startsWith(INTERNAL_LOCK)) {
                internalLock = true;
                continue;
            }
            int dot = frame.lastIndexOf('.');
            return new Acquire(internalLock && dot > 0 ? frame.substring(0, dot) : lock, frame);
        }
        return null;
    }

    /** A lock's class as a finding names it, and the method that took it. */
    record Acquire(String lockClass, String site) {
    }
}
