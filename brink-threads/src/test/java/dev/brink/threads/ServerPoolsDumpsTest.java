package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolStarvationDetail;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jcmd Thread.print -l dumps, three a second apart, of a real Jetty 12 server (resources/servers/JettyDesk.java,
 * captured by resources/servers/capture.sh) on JDK 17 and 25. Its QueuedThreadPool (qtp&lt;hash&gt;-N) runs Jetty's
 * acceptor, selector and reserved threads beside the request workers. Stuck: a partner that never answers holds every
 * request worker, which is a held pool once the acceptor, selector and reserved thread are not counted as workers.
 * Healthy: workers idle in QueuedThreadPool's job poll, a reserved thread in Semaphore.tryAcquire in some dumps: no
 * finding (the reserved thread's Semaphore is Jetty's hand-off, not a resource rationed).
 */
class ServerPoolsDumpsTest {
    private static ThreadAnalysis analysis(String mode, String jdk) throws Exception {
        Path file = Path.of(ServerPoolsDumpsTest.class.getResource("/servers/jetty-" + mode + "-jdk" + jdk + ".txt").toURI());
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(file);
        assertThat(dumps).hasSize(3);
        return ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of(file.getFileName().toString()));
    }

    private static boolean reservedWaiting(DumpThread t) {
        return t.frames().stream().anyMatch(f -> f.className().endsWith("ReservedThreadExecutor$ReservedThread")
                && f.method().equals("waitForTask"));
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void aJettyPoolHeldByASilentPartnerIsStarvedWithoutItsAcceptorAndSelector(String jdk) throws Exception {
        ThreadAnalysis a = analysis("stuck", jdk);
        ThreadDump last = a.dumps().get(2);
        List<DumpThread> qtp = last.threads().stream().filter(t -> t.name().startsWith("qtp")).toList();
        assertThat(qtp).hasSize(12);
        long machinery = qtp.stream().filter(t -> !BlockedPools.worker(t)).count();
        assertThat(machinery).as("acceptor, selector, reserved threads").isBetween(2L, 3L);

        assertThat(a.findings()).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.POOL_STARVATION);
            assertThat(f.subject()).matches("qtp\\d+-\\*");
            assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
            PoolStarvationDetail d = Detail.read(f.detail(), PoolStarvationDetail.class);
            assertThat(d.workers()).isEqualTo(12 - (int) machinery);
            assertThat(d.waiters()).hasSize(d.workers());
            assertThat(d.blockingCall()).isEqualTo(BlockingCall.SOCKET_READ);
            assertThat(d.appFrame()).isEqualTo("dev.brink.threads.servers.JettyDesk.verify");
            assertThat(d.workerCpuMsPerS()).isZero();
        });
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void aJettyPoolWithIdleWorkersAndAReservedThreadGivesNoFinding(String jdk) throws Exception {
        ThreadAnalysis a = analysis("healthy", jdk);
        for (ThreadDump d : a.dumps()) {
            assertThat(d.threads()).as("idle in QueuedThreadPool's job poll")
                    .anyMatch(t -> t.name().startsWith("qtp") && BlockedPools.idle(t));
        }
        assertThat(a.dumps().stream().flatMap(d -> d.threads().stream()))
                .as("a reserved thread parked in Semaphore.tryAcquire").anyMatch(ServerPoolsDumpsTest::reservedWaiting);
        assertThat(a.findings()).isEmpty();
    }
}
