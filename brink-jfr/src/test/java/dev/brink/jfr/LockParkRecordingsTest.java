package dev.brink.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Real JVMs (JDK 17 and JDK 25, at the same time) run three phases under JFR ({@code LockScenarios}): eight tellers
 * posting to one ledger under a ReentrantLock, eight clerks printing receipts with {@code System.out.printf}, and an
 * idle back office whose threads park in every way a healthy service does (pool workers waiting for work, a scheduled
 * executor, a cached pool's hand-off, futures, a latch) beside a ReentrantLock taken a few microseconds at a time.
 * The ledger's lock must be a finding from its parks, named by the method that takes it; System.out a finding named
 * by PrintStream and the clerk's method; the back office none. Recorded with the settings of Brink's own evidence
 * window ("default" with a 1 ms locking threshold): every short park is in the file, the hardest case for the idle
 * twin, and the contended waits are hundreds of milliseconds, so a user's "default" (20 ms) sees them too. About 12 s
 * of wall time.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LockParkRecordingsTest {
    static final Path tmp = Path.of("target", "lock-park-recordings").toAbsolutePath();
    static final long PHASE_MS = 2500;
    static final String PROGRAMS = "dev.brink.jfr.programs.";

    List<Recordings.Recorded> recorded;

    /** Standard output is the clerks' console, discarded; the phase lines come on standard error. */
    @BeforeAll
    void record() throws Exception {
        recorded = Recordings.onEveryJdk(tmp, "l", (jdk, jfr, log) -> new ProcessBuilder(Recordings.java(jdk, "96m", jfr,
                "default,locking-threshold=1ms", PROGRAMS + "LockScenarios", String.valueOf(PHASE_MS), "ledger,console,quiet"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(log.toFile()).start());
    }

    /**
     * The tellers park in AbstractQueuedSynchronizer's acquire with the lock's NonfairSync as blocker: a finding named
     * as a monitor's would be, by the method that called lock(), with the blocker as the class locked (as jstack names
     * it). Eight
     * threads behind one holder leave several blocked at every moment, so the waits add up to more than the window.
     */
    @Test
    void ledgerPhase_reentrantLockContentionNamedByTheMethodThatLocks() throws Exception {
        for (Recordings.Recorded r : recorded) {
            Finding f = onlyLock(r, "ledger", PROGRAMS + "BranchLedger.post", "java.util.concurrent.locks.ReentrantLock$NonfairSync", "park");
            assertThat(f.detail().get("app_frame")).isEqualTo(PROGRAMS + "BranchLedger.post");
            assertThat(f.title()).contains("to acquire java.util.concurrent.locks.ReentrantLock$NonfairSync at " + PROGRAMS + "BranchLedger.post");
            assertThat((double) f.detail().get("threads_blocked_avg")).isGreaterThan(1);
        }
    }

    /**
     * PrintStream formats under its lock. JDK 17 and JDK 25 take its monitor (JDK 19 to 23 took an InternalLock
     * instead, JDK 24 went back): one finding on either, named by PrintStream, its format method and the clerk's code
     * that printed, the subject a park on JDK 21 would give too ({@code LockParksTest}).
     */
    @Test
    void consolePhase_systemOutContentionNamedByPrintStreamAndTheCallingCode() throws Exception {
        for (Recordings.Recorded r : recorded) {
            Finding f = onlyLock(r, "console", "java.io.PrintStream.format", "java.io.PrintStream", "enter");
            assertThat(f.detail().get("app_frame")).isEqualTo(PROGRAMS + "ConsoleReceipts.printReceipt");
            assertThat(f.title()).contains("(called from " + PROGRAMS + "ConsoleReceipts.printReceipt)");
        }
    }

    /**
     * Threads waiting for work or a result are not contention, however long they park: the back office parks more
     * thread-time than the window many times over (sixteen idle workers alone), on conditions, a latch, futures and
     * hand-offs, and its one lock is never queued on long. No lock-contention finding, in its phase or in the whole
     * recording beside the two contended locks.
     */
    @Test
    void quietPhase_idleThreadsParkedForWorkAreNoContention() throws Exception {
        for (Recordings.Recorded r : recorded) {
            JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase("quiet"));
            double parkedMs = rep.parksBySite().stream().mapToDouble(Ranked::weight).sum();
            assertThat(parkedMs).as(r.jdk() + ": the idle threads parked " + rep.parksBySite())
                    .isGreaterThan(4 * rep.durationSec() * 1000);
            assertThat(rep.parksBySite()).extracting(Ranked::top).as(r.jdk().toString())
                    .contains("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "java.util.concurrent.FutureTask");
            assertThat(locks(rep)).as(r.jdk() + ": " + rep.contention()).isEmpty();
            JfrReport whole = JfrAnalyzer.analyze(r.file(), JfrFilter.ALL);
            assertThat(locks(whole)).extracting(Finding::subject).as(r.jdk().toString())
                    .containsExactlyInAnyOrder(PROGRAMS + "BranchLedger.post", "java.io.PrintStream.format");
        }
    }

    /** The phase's one lock-contention finding, on {@code subject}, of the lock class and wait kind expected. */
    private static Finding onlyLock(Recordings.Recorded r, String phase, String subject, String lockClass, String wait)
            throws Exception {
        JfrReport rep = JfrAnalyzer.analyze(r.file(), r.phase(phase));
        List<Finding> locks = locks(rep);
        assertThat(locks).as(r.jdk() + ": " + rep.contention()).extracting(Finding::subject).containsExactly(subject);
        Finding f = locks.get(0);
        assertThat(f.detail().get("monitor_class")).as(r.jdk().toString()).isEqualTo(lockClass);
        assertThat(f.detail().get("wait")).as(r.jdk().toString()).isEqualTo(wait);
        return f;
    }

    private static List<Finding> locks(JfrReport rep) {
        return rep.findings().stream().filter(f -> f.kind() == FindingKind.LOCK_CONTENTION).toList();
    }
}
