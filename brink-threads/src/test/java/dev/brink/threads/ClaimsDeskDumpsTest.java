package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolStarvationDetail;
import dev.brink.threads.child.ClaimsDesk;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jcmd Thread.print -l dumps, three a second apart, of child/ClaimsDesk on JDK 17 and 25
 * (resources/claims/capture.sh). Its trouble mode has two workers pinned in a runaway loop: busy; and a pool of six
 * whose every worker is in a socket read of a partner answering in 300 ms, a different read each dump, 5000 tasks
 * queued: held by that partner. Its healthy twin has a pool of four workers doing 3 ms bursts of CPU between 5 ms
 * waits, each worker taking a seventh to a quarter of a core and one of them caught running in every dump (a pool
 * doing ordinary work), and the same 300 ms partner called at low load, with idle workers: no finding.
 */
class ClaimsDeskDumpsTest {
    private static final String APP = ClaimsDesk.class.getName();

    static ThreadAnalysis analysis(String mode, String jdk) throws Exception {
        Path file = Path.of(ClaimsDeskDumpsTest.class.getResource("/claims/" + mode + "-jdk" + jdk + ".txt").toURI());
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(file);
        assertThat(dumps).hasSize(3);
        return ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of(file.getFileName().toString()));
    }

    private static List<Finding> of(ThreadAnalysis a, FindingKind kind) {
        return a.findings().stream().filter(f -> f.kind() == kind).toList();
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void workersPinnedInARunawayLoopAreBusyThere(String jdk) throws Exception {
        ThreadAnalysis a = analysis("trouble", jdk);

        assertThat(a.busyThreads()).extracting(BusyThread::name).containsExactlyInAnyOrder("claim-dedup-1", "claim-dedup-2");
        assertThat(of(a, FindingKind.BUSY_THREAD)).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo(APP + ".dedupe");
            assertThat(f.title()).startsWith("2 claim-dedup-* threads are busy in ClaimsDesk.dedupe");
        });
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void aPoolWorkingInBurstsBetweenWaitsIsNotBusy(String jdk) throws Exception {
        ThreadAnalysis a = analysis("healthy", jdk);

        // what the twin puts to the rule: every scorer used a real share of a core, one was caught running in every dump
        List<List<DumpThread>> scorers = series(a, "claim-score-");
        assertThat(scorers).hasSize(4).allSatisfy(s -> assertThat(share(s)).isGreaterThan(0.1));
        assertThat(scorers).anySatisfy(s -> assertThat(s).allMatch(BusyThreadFinder::runnableInCode));
        assertThat(scorers).anySatisfy(s -> assertThat(s).anyMatch(t -> !BusyThreadFinder.runnableInCode(t)));

        assertThat(a.busyThreads()).isEmpty();
        assertThat(a.findings()).isEmpty();
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void aPoolHeldCallAfterCallByASlowPartnerIsNamedWithThatCall(String jdk) throws Exception {
        ThreadAnalysis a = analysis("trouble", jdk);
        // no worker stays in one call: every clock moved between the first dump and the last
        List<List<DumpThread>> verifiers = series(a, "claim-verify-");
        assertThat(verifiers).hasSize(6).allSatisfy(s -> assertThat(s.get(2).cpuMs()).isGreaterThan(s.get(0).cpuMs()));

        assertThat(of(a, FindingKind.POOL_STARVATION)).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("claim-verify-*");
            assertThat(f.severity()).as("the partner answers: the pool still finishes tasks").isEqualTo(Severity.WARNING);
            assertThat(f.title()).startsWith("6 of 6 workers of claim-verify-* are in a socket read")
                    .contains("from ClaimsDesk.verify", "call after call");
            PoolStarvationDetail d = Detail.read(f.detail(), PoolStarvationDetail.class);
            assertThat(d.blockingCall()).isEqualTo(BlockingCall.SOCKET_READ);
            assertThat(d.appFrame()).isEqualTo(APP + ".verify");
            assertThat(d.waitFrame()).isEqualTo("java.net.Socket$SocketInputStream.read");
            assertThat(d.workers()).isEqualTo(6);
            assertThat(d.idleWorkers()).isZero();
            assertThat(d.dumpsSeen()).isEqualTo(3);
            assertThat(d.heldSeconds()).isGreaterThanOrEqualTo(BlockedPools.MIN_HELD_SECONDS);
            assertThat(d.workerCpuMsPerS()).isPositive().isLessThan(BlockedPools.SLOW_CALL_CPU_MS_PER_S);
        });
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void theSamePartnerAtLowLoadLeavesIdleWorkersAndNoFinding(String jdk) throws Exception {
        ThreadAnalysis a = analysis("healthy", jdk);
        List<List<DumpThread>> lookups = series(a, "claim-lookup-");
        assertThat(lookups).hasSize(6);
        for (int i = 0; i < 3; i++) {
            int dump = i;
            assertThat(lookups).as("dump %d has an idle worker", i).anyMatch(s -> BlockedPools.idle(s.get(dump)));
        }
        assertThat(of(a, FindingKind.POOL_STARVATION)).isEmpty();
    }

    /** Each thread whose name starts so, as it is in each dump. */
    private static List<List<DumpThread>> series(ThreadAnalysis a, String prefix) {
        return a.dumps().get(0).threads().stream().filter(t -> t.name().startsWith(prefix))
                .map(t -> a.dumps().stream().map(d -> d.threads().stream().filter(x -> x.key().equals(t.key())).findFirst()
                        .orElseThrow()).toList()).toList();
    }

    private static double share(List<DumpThread> s) {
        DumpThread first = s.get(0);
        DumpThread last = s.get(s.size() - 1);
        return (last.cpuMs() - first.cpuMs()) / ((last.elapsedS() - first.elapsedS()) * 1000);
    }
}
