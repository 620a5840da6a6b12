package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The facts each real dump in src/test/resources/dumps shows (see NOTICE there), as Brink reads them. */
class RealDumpsTest {

    private static ThreadAnalysis analyze(String... names) throws Exception {
        return ThreadDumpAnalyzer.analyze(java.util.Arrays.stream(names).map(Resources::dump).toList());
    }

    private static List<Finding> of(ThreadAnalysis a, FindingKind kind) {
        return a.findings().stream().filter(f -> f.kind() == kind).toList();
    }

    private static DumpThread thread(ThreadDump d, String name) {
        return d.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void contentionJdk17NamesLockHolderFrameAndSevenWaiters() throws Exception {
        ThreadAnalysis a = analyze("contention_jdk17_jstack_l.txt");
        assertThat(a.dumps()).hasSize(1);
        assertThat(a.dumps().get(0).truncated()).isNull();
        List<Finding> c = of(a, FindingKind.LOCK_CONTENTION);
        assertThat(c).hasSize(1);
        Finding f = c.get(0);
        assertThat(f.subject()).isEqualTo("LockContention$SlowAuditLogger");
        assertThat(f.detail()).containsEntry("holder_thread", "BookThread-3")
                .containsEntry("holder_state", "TIMED_WAITING")
                .containsEntry("holder_frame", "LockContention$SlowAuditLogger.flush(LockContention.java:9)")
                .containsEntry("waiter_count", 7)
                .containsEntry("dumps_seen", 1);
        assertThat(f.title()).startsWith("7 of 8 BookThread-* BLOCKED on LockContention$SlowAuditLogger <0x000000069ec1a038>")
                .contains("held by BookThread-3").contains("LockContention$SlowAuditLogger.flush(LockContention.java:9)");
        assertThat(a.groups()).contains(new ThreadGroupSummary("BookThread-*", 8,
                java.util.Map.of("BLOCKED", 7, "TIMED_WAITING", 1)));
        assertThat(of(a, FindingKind.DEADLOCK)).isEmpty();
        // the seven waiters share one stack
        assertThat(a.identicalStacks().get(0).threads()).hasSize(7);
    }

    /**
     * Three dumps of a Netty echo loop and its paced feeder, taken while other processes kept both cores busy: the
     * process got little CPU, so the feeder (6-8 % of a core) was most of what its Java threads used, yet two of its
     * three dumps catch it parked between lines. It asked for little; it is not busy, and neither is the loop.
     */
    @Test
    void aPacedThreadOfALoadedMachineIsNotBusy() throws Exception {
        ThreadAnalysis a = analyze("loaded-paced/plain-io-0.txt", "loaded-paced/plain-io-1.txt", "loaded-paced/plain-io-2.txt");
        DumpThread feeder = thread(a.dumps().get(2), "feeder");
        double cpuMs = feeder.cpuMs() - thread(a.dumps().get(0), "feeder").cpuMs();
        assertThat(cpuMs / ((feeder.elapsedS() - thread(a.dumps().get(0), "feeder").elapsedS()) * 1000))
                .as("the feeder's share of a core").isBetween(BusyThreadFinder.MIN_LOADED_SHARE, BusyThreadFinder.MIN_SHARE);
        assertThat(a.busyThreads()).isEmpty();
        assertThat(of(a, FindingKind.BUSY_THREAD)).isEmpty();
    }

    @Test
    void deadlockJdk17FindsMonitorPairAndReentrantLockTriangle() throws Exception {
        ThreadAnalysis a = analyze("deadlock_jdk17_jstack_l.txt");
        assertThat(a.dumps().get(0).jvmDeadlocks()).hasSize(2);
        assertThat(a.deadlocks()).hasSize(2).allSatisfy(d -> {
            assertThat(d.foundInGraph()).as("found by Brink's own graph").isTrue();
            assertThat(d.reportedByJvm()).as("and by the JVM").isTrue();
        });
        Deadlock monitors = a.deadlocks().stream().filter(d -> d.members().size() == 2).findFirst().orElseThrow();
        assertThat(monitors.members()).extracting(Deadlock.Member::thread)
                .containsExactlyInAnyOrder("StockTransfer-1", "LedgerPoster-1");
        assertThat(monitors.members()).extracting(m -> m.waitsFor().className())
                .containsExactlyInAnyOrder("Deadlock$Inventory", "Deadlock$Ledger");
        Deadlock cycle = a.deadlocks().stream().filter(d -> d.members().size() == 3).findFirst().orElseThrow();
        assertThat(cycle.members()).extracting(Deadlock.Member::thread).containsExactly("Cycle-A", "Cycle-B", "Cycle-C");
        assertThat(cycle.members()).extracting(Deadlock.Member::heldBy).containsExactly("Cycle-B", "Cycle-C", "Cycle-A");
        assertThat(cycle.members().get(0).waitsFor().className())
                .isEqualTo("java.util.concurrent.locks.ReentrantLock$NonfairSync");
        assertThat(of(a, FindingKind.DEADLOCK)).hasSize(2)
                .anySatisfy(f -> assertThat(f.title()).contains("Cycle-A → Cycle-B → Cycle-C → Cycle-A"));
        DumpThread cycleA = thread(a.dumps().get(0), "Cycle-A");
        assertThat(cycleA.held()).extracting(h -> h.lock().identity()).containsExactly("0x000000069ec1ba40");
        assertThat(cycleA.waitKind()).isEqualTo(WaitKind.PARK);
    }

    @Test
    void threeWayDeadlockJdk25WithReusedNames() throws Exception {
        ThreadAnalysis a = analyze("three-way-deadlock.txt");
        assertThat(a.dumps().get(0).jvmDeadlocks()).hasSize(3);
        assertThat(a.deadlocks()).hasSize(3).allSatisfy(d -> assertThat(d.foundInGraph() && d.reportedByJvm()).isTrue());
        assertThat(a.deadlocks()).extracting(d -> d.members().stream().map(Deadlock.Member::thread).toList())
                .containsExactlyInAnyOrder(List.of("DeadlockThread-A", "DeadlockThread-B"),
                        List.of("DeadlockCandidate-A", "DeadlockCandidate-B"),
                        List.of("DeadlockThread-A", "DeadlockThread-B", "DeadlockThread-C"));
    }

    @Test
    void cpuHotspotSeriesRanksFourBusyThreadsByCpuDelta() throws Exception {
        ThreadAnalysis a = analyze("cpu-hotspot__dump-2.txt", "cpu-hotspot__dump-0.txt");
        assertThat(a.dumps()).extracting(ThreadDump::source).first().asString().endsWith("dump-0.txt"); // time order
        assertThat(a.busyThreads()).extracting(BusyThread::name)
                .containsExactlyInAnyOrder("pool-4-thread-1", "pool-4-thread-2", "pool-4-thread-3", "pool-4-thread-4");
        assertThat(a.busyThreads()).allSatisfy(b -> {
            assertThat(b.frame().shortForm()).isEqualTo("TestScenarios$1.hotMethod(TestScenarios.java:56)");
            assertThat(b.cpuDeltaMs()).isBetween(4000.0, 4200.0);
            assertThat(b.dumps()).isEqualTo(2);
        });
        // ranked by CPU used: 4 with 4168.54 - 56.95 ms first
        assertThat(a.busyThreads().get(0).name()).isEqualTo("pool-4-thread-4");
        List<Finding> busy = of(a, FindingKind.BUSY_THREAD);
        assertThat(busy).hasSize(1);
        assertThat(busy.get(0).subject()).isEqualTo("me.bechberger.jthreaddump.test.scenarios.TestScenarios$1.hotMethod");
        assertThat(busy.get(0).title()).startsWith("4 pool-4-thread-* threads are busy in TestScenarios$1.hotMethod");
    }

    @Test
    void java8DumpHas21ThreadsAndNoDeadlock() throws Exception {
        ThreadAnalysis a = analyze("java8dump.log");
        ThreadDump d = a.dumps().get(0);
        assertThat(d.jvm()).contains("25.91-b14");
        assertThat(d.threads()).hasSize(21);
        assertThat(a.deadlocks()).isEmpty();
        DumpThread timer = thread(d, "Timer-0");
        assertThat(timer.waitKind()).isEqualTo(WaitKind.WAIT);
        assertThat(timer.held()).as("Object.wait released the monitor jstack lists as locked").isEmpty();
        assertThat(timer.nid()).isEqualTo(0x2a40);
        assertThat(timer.priority()).isEqualTo(6);
        assertThat(timer.daemon()).isTrue();
    }

    @Test
    void java11DumpHas14ThreadsWithCpuAndElapsed() throws Exception {
        ThreadDump d = analyze("java11dump.log").dumps().get(0);
        assertThat(d.jvm()).contains("11.0.6");
        assertThat(d.threads()).hasSize(14);
        DumpThread main = thread(d, "main");
        assertThat(main.cpuMs()).isEqualTo(1124.82);
        assertThat(main.elapsedS()).isEqualTo(116459.50);
        assertThat(main.id()).isEqualTo(1);
    }

    @Test
    void jdk11LongRunningHoldsTwoDumpsInOneFile() throws Exception {
        ThreadAnalysis a = analyze("jdk11_long_running.log");
        assertThat(a.dumps()).hasSize(2);
        assertThat(a.dumps()).extracting(ThreadDump::time).containsExactly(
                java.time.LocalDateTime.parse("2026-01-17T10:00:00").atZone(java.time.ZoneId.systemDefault()).toInstant(),
                java.time.LocalDateTime.parse("2026-01-17T10:01:00").atZone(java.time.ZoneId.systemDefault()).toInstant());
        assertThat(a.dumps()).allSatisfy(d -> assertThat(d.threads()).hasSize(2));
        // the excerpt lacks the JNI line that ends every complete dump: said, not hidden
        assertThat(a.notes()).hasSize(2).allSatisfy(n -> assertThat(n).contains("JNI global refs"));
        // the compiler thread is RUNNABLE with no Java frames: not a busy thread
        assertThat(a.busyThreads()).isEmpty();
    }

    @Test
    void java21DumpReadsNativeFrames() throws Exception {
        ThreadDump d = analyze("java21dump.log").dumps().get(0);
        assertThat(d.jvm()).contains("21.0.2");
        StackFrame top = thread(d, "main").top();
        assertThat(top).isEqualTo(new StackFrame("java.net.PlainSocketImpl", "socketAccept", "Native Method"));
    }

    @Test
    void jstackDumpWithSmrInfoHasTwelveJavaThreadsListed() throws Exception {
        ThreadDump d = analyze("jstack_dump.log").dumps().get(0);
        assertThat(d.jvm()).contains("21.0.9");
        assertThat(d.threads().stream().filter(t -> t.id() >= 0)).hasSize(12); // SMR length=12
        assertThat(thread(d, "Reference Handler").nid()).isEqualTo(30467); // decimal nid on JDK 21+
        assertThat(d.truncated()).isNull();
    }

    @Test
    void carrierOfVirtualThreadIsStuckRunnable() throws Exception {
        ThreadDump d = analyze("carrier_stuck.log").dumps().get(0);
        DumpThread carrier = thread(d, "ForkJoinPool-1-worker-1");
        assertThat(carrier.state()).isEqualTo("RUNNABLE");
        assertThat(carrier.daemon()).isTrue();
        assertThat(carrier.priority()).isEqualTo(5);
        assertThat(carrier.nid()).isEqualTo(0x1ac7);
        assertThat(carrier.carrierOf()).isEqualTo(21);
        assertThat(thread(d, "VirtualThread[#21]").virtual()).isTrue();
    }

    @Test
    void jdk21JsonDumpHasEightThreadsInRootContainer() throws Exception {
        ThreadDump d = analyze("intellij_dump.json").dumps().get(0);
        assertThat(d.format()).isEqualTo(DumpFormat.JDK_JSON);
        assertThat(d.threads()).hasSize(8);
        assertThat(d.threads().get(0).name()).isEqualTo("Reference Handler");
        assertThat(d.time()).isEqualTo(Instant.parse("2026-01-25T15:46:04.439828Z"));
        assertThat(d.threads().get(0).top()).isEqualTo(
                new StackFrame("java.lang.ref.Reference", "waitForReferencePendingList", "Native Method"));
    }

    @Test
    void jdk25JsonShowsVirtualThreadsBlockedAndParked() throws Exception {
        ThreadAnalysis a = analyze("jdk25_virtual_threads.json");
        ThreadDump d = a.dumps().get(0);
        assertThat(d.format()).isEqualTo(DumpFormat.JDK_JSON);
        assertThat(d.jvm()).isEqualTo("25.0.3+9-LTS");
        DumpThread virt1 = thread(d, "virt-1");
        assertThat(virt1.virtual()).isTrue();
        assertThat(virt1.waitKind()).isEqualTo(WaitKind.PARK);
        assertThat(virt1.waitingOn().className()).isEqualTo("java.util.concurrent.locks.ReentrantLock$NonfairSync");
        DumpThread virt2 = thread(d, "virt-2");
        assertThat(virt2.virtual()).isTrue();
        assertThat(virt2.state()).isEqualTo("BLOCKED");
        assertThat(virt2.waitingOn()).isEqualTo(thread(d, "W-0").waitingOn());
        // the monitor: two platform threads and a virtual one wait, Holder-1 holds it where it took it
        Finding f = of(a, FindingKind.LOCK_CONTENTION).get(0);
        assertThat(f.detail()).containsEntry("holder_thread", "Holder-1").containsEntry("waiter_count", 3)
                .containsEntry("holder_frame", "V.lambda$main$0(V.java:6)");
        assertThat(f.subject()).isEqualTo("java.lang.Object locked in V.lambda$main$0");
    }

    /**
     * A virtual thread per task has no name: both of jcmd's dump_to_file formats write "". Each is named as its
     * toString() names it, so the two dozen parked orders are one group and each stays apart in lists.
     */
    @Test
    void unnamedVirtualThreadsAreNamedByTheirIdAndGroupedTogether() throws Exception {
        for (String file : List.of("jdk25_unnamed_virtual.json", "jdk25_unnamed_virtual.txt")) {
            ThreadAnalysis a = analyze(file);
            ThreadDump d = a.dumps().get(0);
            List<DumpThread> virtual = d.threads().stream().filter(DumpThread::virtual).toList();
            assertThat(virtual).as(file).hasSize(24).allSatisfy(t -> {
                assertThat(t.name()).isEqualTo("VirtualThread[#" + t.id() + "]");
                assertThat(t.frames()).anySatisfy(f -> assertThat(f.className() + "." + f.method()).isEqualTo("Checkout.pay"));
            });
            assertThat(a.groups()).as(file).anySatisfy(g -> {
                assertThat(g.pattern()).isEqualTo("VirtualThread[#*]");
                assertThat(g.threads()).isEqualTo(24);
            });
        }
    }

    @Test
    void jdk25TextOfTheSameJvmShowsThePlatformThreadsOnly() throws Exception {
        ThreadAnalysis a = analyze("jdk25_virtual_threads.txt");
        ThreadDump d = a.dumps().get(0);
        assertThat(d.jvm()).contains("25.0.3+9-LTS");
        assertThat(d.threads()).noneMatch(t -> t.name().startsWith("virt-"));
        assertThat(thread(d, "Holder-1").held()).extracting(h -> h.lock().className())
                .containsExactlyInAnyOrder("java.lang.Object", "java.util.concurrent.locks.ReentrantLock$NonfairSync");
        assertThat(of(a, FindingKind.LOCK_CONTENTION)).singleElement().satisfies(f ->
                assertThat(f.title()).startsWith("2 of 2 W-* BLOCKED on java.lang.Object").contains("held by Holder-1"));
    }
}
