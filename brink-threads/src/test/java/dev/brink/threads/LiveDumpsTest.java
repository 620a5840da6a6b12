package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.testing.ChildJvm;
import dev.brink.threads.child.Scenarios;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Dumps taken by jcmd from child JVMs with known thread problems (child/Scenarios), on JDK 17 and, where
 * installed, JDK 25 (text and JSON). The JDK 25 runs are skipped with a message when it is absent.
 */
class LiveDumpsTest {
    private static final String LOGGER = "dev.brink.threads.child.Scenarios$SlowAuditLogger";

    @TempDir
    Path dir;


    private static List<Finding> of(ThreadAnalysis a, FindingKind kind) {
        return a.findings().stream().filter(f -> f.kind() == kind).toList();
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void contentionOfEightBookThreadsOnOneLogger(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "contention")) {
            List<Path> files = threadPrints(child, dir, "contention", 3, 300);
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(files);
            assertThat(a.dumps()).hasSize(3).allSatisfy(d -> assertThat(d.truncated()).isNull());
            Finding f = of(a, FindingKind.LOCK_CONTENTION).get(0);
            assertThat(f.subject()).isEqualTo(LOGGER);
            assertThat(f.detail().get("waiter_count")).isEqualTo(7);
            assertThat(f.detail().get("dumps_seen")).isEqualTo(3);
            assertThat((String) f.detail().get("holder_thread")).startsWith("BookThread-");
            assertThat(f.detail().get("holder_state")).isEqualTo("TIMED_WAITING");
            assertThat((List<?>) f.detail().get("holders_seen")).isNotEmpty().allSatisfy(h -> assertThat((String) h).startsWith("BookThread-"));
            assertThat((String) f.detail().get("holder_frame")).startsWith(LOGGER + ".flush(Scenarios.java:");
            assertThat(f.title()).startsWith("7 of 8 BookThread-* BLOCKED on " + LOGGER);

            if (jdk.equals("25")) {
                ThreadAnalysis j = ThreadDumpAnalyzer.analyze(List.of(jsonDump(child, dir, "contention.json")));
                assertThat(j.dumps().get(0).format()).isEqualTo(DumpFormat.JDK_JSON);
                Finding jf = of(j, FindingKind.LOCK_CONTENTION).get(0);
                assertThat(jf.subject()).isEqualTo(LOGGER);
                assertThat((String) jf.detail().get("holder_thread")).startsWith("BookThread-");
                assertThat((String) jf.detail().get("holder_frame")).startsWith(LOGGER + ".flush(Scenarios.java:");
                // one dump, not three: a waiter preempted between two flush() calls may be RUNNABLE right then
                assertThat((int) jf.detail().get("waiter_count")).isBetween(6, 7);
            }
        }
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void twoThreadMonitorDeadlock(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "monitor-deadlock")) {
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(threadPrint(child, dir, "deadlock.txt")));
            assertThat(a.deadlocks()).hasSize(1);
            Deadlock d = a.deadlocks().get(0);
            assertThat(d.foundInGraph()).isTrue();
            assertThat(d.reportedByJvm()).isTrue();
            assertThat(d.members()).extracting(Deadlock.Member::thread).containsExactly("LedgerPoster-1", "StockTransfer-1");
            assertThat(d.members()).extracting(m -> m.waitsFor().className()).containsExactly(
                    "dev.brink.threads.child.Scenarios$Inventory", "dev.brink.threads.child.Scenarios$Ledger");
            assertThat(of(a, FindingKind.DEADLOCK)).singleElement()
                    .satisfies(f -> assertThat(f.title()).contains("LedgerPoster-1 → StockTransfer-1 → LedgerPoster-1"));

            if (jdk.equals("25")) {
                ThreadAnalysis j = ThreadDumpAnalyzer.analyze(List.of(jsonDump(child, dir, "deadlock.json")));
                assertThat(j.deadlocks()).singleElement().satisfies(jd -> {
                    assertThat(jd.foundInGraph()).isTrue();
                    assertThat(jd.members()).extracting(Deadlock.Member::thread)
                            .containsExactly("LedgerPoster-1", "StockTransfer-1");
                });
            }
        }
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void threeThreadReentrantLockDeadlock(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "lock-deadlock")) {
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(List.of(threadPrint(child, dir, "cycle.txt")));
            assertThat(a.deadlocks()).singleElement().satisfies(d -> {
                assertThat(d.foundInGraph()).isTrue();
                assertThat(d.reportedByJvm()).isTrue();
                assertThat(d.members()).extracting(Deadlock.Member::thread).containsExactly("Cycle-A", "Cycle-B", "Cycle-C");
                assertThat(d.members()).extracting(Deadlock.Member::heldBy).containsExactly("Cycle-B", "Cycle-C", "Cycle-A");
                assertThat(d.members()).allSatisfy(m -> assertThat(m.waitsFor().className())
                        .startsWith("java.util.concurrent.locks.ReentrantLock$"));
            });

            if (jdk.equals("25")) {
                // the JSON format lists no ownable synchronizers held, so no cycle can be closed from it;
                // what it does show is the three threads parked on ReentrantLocks
                ThreadDump j = ThreadDumpAnalyzer.parse(jsonDump(child, dir, "cycle.json")).get(0);
                assertThat(j.threads().stream().filter(t -> t.name().startsWith("Cycle-")))
                        .hasSize(3).allSatisfy(t -> {
                            assertThat(t.waitKind()).isEqualTo(WaitKind.PARK);
                            assertThat(t.waitingOn().className()).startsWith("java.util.concurrent.locks.ReentrantLock$");
                        });
            }
        }
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void busyThreadsRunnableInCrunchInEveryDump(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "busy")) {
            List<Path> files = threadPrints(child, dir, "busy", 3, 500);
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(files);
            assertThat(a.busyThreads()).extracting(BusyThread::name).containsExactlyInAnyOrder("Cruncher-0", "Cruncher-1");
            assertThat(a.busyThreads()).allSatisfy(b -> {
                assertThat(b.frame().className() + "." + b.frame().method()).isEqualTo("dev.brink.threads.child.Scenarios.crunch");
                assertThat(b.dumps()).isEqualTo(3);
                assertThat(b.cpuDeltaMs()).isPositive();
            });
            assertThat(of(a, FindingKind.BUSY_THREAD)).singleElement()
                    .satisfies(f -> assertThat(f.subject()).isEqualTo("dev.brink.threads.child.Scenarios.crunch"));
        }
    }

    /**
     * A thread awaiting a CountDownLatch (Spring Boot's "server" keep-alive thread does so for the life of the
     * process) waits for an event, not for a lock: it must not be reported as contention, while threads parked
     * on a held ReentrantLock in the same dumps must.
     */
    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void latchAwaitIsNoContentionButAHeldReentrantLockIs(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "latch-and-lock")) {
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(threadPrints(child, dir, "latch", 3, 300));
            List<Finding> contention = of(a, FindingKind.LOCK_CONTENTION);
            assertThat(contention).noneSatisfy(f -> assertThat(f.subject()).contains("CountDownLatch"));
            assertThat(contention).noneSatisfy(f -> assertThat(f.title()).contains("gateway-keepalive"));
            assertThat(contention).anySatisfy(f -> {
                assertThat(f.subject()).startsWith("java.util.concurrent.locks.ReentrantLock$");
                assertThat(f.title()).contains("Settlement-");
            });
        }
    }

    /**
     * Pools that starve (child/Scenarios "pools"): a report pool whose three workers wait for parts queued to their own
     * pool, for good, and a Semaphore of two connections that eight checkout threads queue for, while two hold it for a
     * slow query. Their twins in the same JVM — a render pool whose parts go to a pool of their own, browse threads
     * with more connections than they need — give nothing; neither does the Semaphore as plain lock contention.
     */
    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void poolWaitingOnItself_andThreadsQueuedOnAConnectionDesk(String jdk) throws Exception {
        try (ChildJvm child = ChildJvm.start(ChildJvm.home(jdk), Scenarios.class, List.of("-Xmx64m"), "pools")) {
            // a full collection between the dumps moves the futures the workers park on, so their addresses differ
            // from dump to dump: a pool stuck for good must still be seen as stuck (it was missed when a young
            // collection happened to fall between the dumps of a loaded machine)
            ThreadAnalysis a = ThreadDumpAnalyzer.analyze(threadPrintsAcrossCollections(child, dir, "pools", 3));
            List<Finding> pools = of(a, FindingKind.POOL_STARVATION);
            assertThat(pools).anySatisfy(f -> {
                assertThat(f.subject()).isEqualTo("report-worker-*");
                assertThat(f.severity()).isEqualTo(dev.brink.core.Severity.CRITICAL);
                assertThat(f.detail().get("pool_kind")).isEqualTo("thread-pool");
                assertThat(f.detail().get("workers")).isEqualTo(3);
                assertThat(f.detail().get("wait_frame")).isEqualTo("java.util.concurrent.FutureTask.get");
                assertThat(f.detail().get("app_frame")).isEqualTo("dev.brink.threads.child.ReportAssembler.assemble");
                assertThat(f.title()).startsWith("All 3 threads of report-worker-* wait for results (FutureTask.get in"
                        + " dev.brink.threads.child.ReportAssembler.assemble)");
            });
            // one Semaphore is one pool, though the collections moved it between the dumps
            assertThat(pools).filteredOn(f -> "semaphore".equals(f.detail().get("pool_kind"))).hasSize(1);
            assertThat(pools).anySatisfy(f -> {
                assertThat(f.detail().get("pool_kind")).isEqualTo("semaphore");
                assertThat(f.subject()).isEqualTo("the Semaphore taken in dev.brink.threads.child.ConnectionDesk.borrow");
                // 6 wait while 2 query; 7 when a permit is being handed to a waiter not yet awake
                assertThat((int) f.detail().get("waiter_count")).isBetween(5, 7);
                assertThat(f.severity()).isEqualTo(dev.brink.core.Severity.CRITICAL);
                assertThat((List<?>) f.detail().get("waiters")).allSatisfy(w -> assertThat((String) w).startsWith("checkout-"));
                // the holders: checkout threads past the borrow, in the slow query
                assertThat((List<?>) f.detail().get("holders")).isNotEmpty().allSatisfy(h -> {
                    Map<?, ?> row = (Map<?, ?>) h;
                    assertThat((String) row.get("thread")).startsWith("checkout-");
                    assertThat((String) row.get("app_frame")).startsWith("dev.brink.threads.child.ConnectionDesk.runQuery(");
                });
            });
            assertThat(pools).noneSatisfy(f -> assertThat(f.title()).containsAnyOf("render-", "browse-"));
            assertThat(of(a, FindingKind.LOCK_CONTENTION)).noneSatisfy(f -> assertThat(f.subject()).contains("Semaphore"));
        }
    }

    /** Thread.print -l into dir/name; returns the file. */
    private static Path threadPrint(ChildJvm child, Path dir, String name) throws Exception {
        child.jcmd(dir.resolve(name), "Thread.print", "-l");
        return dir.resolve(name);
    }

    /** {@code count} Thread.print -l dumps {@code pauseMs} apart, into dir/prefix-0.txt, dir/prefix-1.txt…; the files. */
    private static List<Path> threadPrints(ChildJvm child, Path dir, String prefix, int count, long pauseMs) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i > 0) Thread.sleep(pauseMs);
            files.add(threadPrint(child, dir, prefix + "-" + i + ".txt"));
        }
        return files;
    }

    /** {@code count} jcmd Thread.print dumps with a full collection (jcmd GC.run) between each two. */
    private static List<Path> threadPrintsAcrossCollections(ChildJvm child, Path dir, String prefix, int count) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i > 0) child.jcmd(dir.resolve(prefix + "-gc-" + i + ".jcmd-out"), "GC.run");
            files.add(threadPrint(child, dir, prefix + "-" + i + ".txt"));
        }
        return files;
    }

    /** JDK 21+: Thread.dump_to_file -format=json into dir/name; returns the file. */
    private static Path jsonDump(ChildJvm child, Path dir, String name) throws Exception {
        Path file = dir.resolve(name);
        child.jcmd(dir.resolve(name + ".jcmd-out"), "Thread.dump_to_file", "-format=json", file.toString());
        return file;
    }
}
