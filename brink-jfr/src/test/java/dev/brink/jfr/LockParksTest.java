package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.detail.LockWait;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The naming of parked acquires on stacks this machine's JDKs (17, 25) cannot record: JDK 21's PrintStream locked
 * with an InternalLock, and JDK 11's AbstractQueuedSynchronizer. The stacks are as those JDKs' sources call: the
 * recorded ones are in {@link LockParkRecordingsTest}.
 */
class LockParksTest {
    @Test
    void jdk21InternalLockOfSystemOut_namedAsItsMonitorIsOnJdk17() {
        // PrintStream.format → InternalLock.lock → ReentrantLock.lock → Sync.lock → AQS.acquire → LockSupport.park
        List<String> frames = List.of("jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.ReentrantLock$Sync.lock", "java.util.concurrent.locks.ReentrantLock.lock",
                "jdk.internal.misc.InternalLock.lock", "java.io.PrintStream.format", "java.io.PrintStream.printf",
                "com.acme.Receipts.print");
        LockParks.Acquire a = LockParks.at("java.util.concurrent.locks.ReentrantLock$NonfairSync", frames);
        assertThat(a).isEqualTo(new LockParks.Acquire("java.io.PrintStream", "java.io.PrintStream.format"));
        // the subject JDK 17's and 25's monitor waits on System.out have (LockParkRecordingsTest)
        assertThat(JfrFindings.contentionSubject(new JfrReport.ContentionSite(a.lockClass(), a.site(), "com.acme.Receipts.print",
                12, 900, 120, null, false, LockWait.PARK))).isEqualTo("java.io.PrintStream.format");
    }

    @Test
    void jdk11ParkAndCheckInterrupt_siteIsTheCallerOfLock() {
        List<String> frames = List.of("jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.parkAndCheckInterrupt",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquireQueued",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                "java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock.lock", "com.acme.Catalog.reload");
        String blocker = "java.util.concurrent.locks.ReentrantReadWriteLock$FairSync";
        assertThat(LockParks.acquiring(blocker)).isTrue();
        assertThat(LockParks.at(blocker, frames)).isEqualTo(new LockParks.Acquire(blocker, "com.acme.Catalog.reload"));
    }

    /** The blockers of threads waiting for work, a result or an event, as JDK 17 and 25 recorded them. */
    @Test
    void waitsForWorkOrResults_areNoLock() {
        for (String blocker : List.of("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
                "java.util.concurrent.CountDownLatch$Sync", "java.util.concurrent.FutureTask",
                "java.util.concurrent.CompletableFuture$Signaller", "java.util.concurrent.SynchronousQueue$TransferStack",
                "java.util.concurrent.SynchronousQueue$Transferer", "java.util.concurrent.ForkJoinPool",
                "java.util.concurrent.Semaphore$NonfairSync", "java.util.concurrent.ThreadPoolExecutor$Worker")) {
            assertThat(LockParks.acquiring(blocker)).as(blocker).isFalse();
        }
        assertThat(LockParks.acquiring(null)).isFalse();
    }
}
