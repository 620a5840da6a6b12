package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolStarvationDetail;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real jcmd Thread.print -l dumps, three a second apart, of real Jetty 12, Undertow 2.3 and embedded Tomcat 10.1
 * servers (resources/servers/*Desk.java, captured gzipped by resources/servers/capture.sh) on JDK 17 and 25.
 * Jetty's QueuedThreadPool (qtp&lt;hash&gt;-N) runs the server's acceptor, selector and reserved threads beside the
 * request workers; Undertow's workers (XNIO-1 task-N) are a jboss-threads EnhancedQueueExecutor beside the XNIO I/O
 * threads; Tomcat's (http-nio-ADDRESS-PORT-exec-N) are its own copy of ThreadPoolExecutor, idle in TaskQueue.take. Stuck: a partner that never answers holds every request worker: a held pool, with Jetty's machinery not
 * counted as workers. Healthy: workers idle in QueuedThreadPool's job poll or parked in the executor's run loop, and
 * Jetty's reserved thread in Semaphore.tryAcquire (Jetty's hand-off, not a resource rationed): no finding.
 */
class ServerPoolsDumpsTest {
    private static ThreadAnalysis analysis(String server, String mode, String jdk) throws Exception {
        String name = server + "-" + mode + "-jdk" + jdk + ".txt";
        List<ThreadDump> dumps = Resources.gzippedDumps("/servers/" + name + ".gz");
        assertThat(dumps).hasSize(3);
        return ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of(name));
    }

    private static boolean reservedWaiting(DumpThread t) {
        return t.frames().stream().anyMatch(f -> f.className().endsWith("ReservedThreadExecutor$ReservedThread")
                && f.method().equals("waitForTask"));
    }

    @ParameterizedTest(name = "{0} on JDK {1}")
    @CsvSource({"jetty, 17, qtp, JettyDesk", "jetty, 25, qtp, JettyDesk", "undertow, 17, XNIO-1 task-, UndertowDesk",
            "undertow, 25, XNIO-1 task-, UndertowDesk", "tomcat, 17, http-nio-, TomcatDesk", "tomcat, 25, http-nio-, TomcatDesk"})
    void aServerPoolHeldByASilentPartnerIsStarved(String server, String jdk, String prefix, String desk) throws Exception {
        ThreadAnalysis a = analysis(server, "stuck", jdk);
        List<DumpThread> pool = a.dumps().get(2).threads().stream().filter(t -> t.name().startsWith(prefix)).toList();
        int workers = (int) pool.stream().filter(BlockedPools::worker).count();
        if (server.equals("jetty")) {
            assertThat(pool).hasSize(12);
            assertThat(pool.size() - workers).as("acceptor, selector, reserved threads").isBetween(2, 3);
        } else {
            assertThat(pool).filteredOn(t -> t.name().contains("exec-") || t.name().contains("task-")).hasSize(8)
                    .allMatch(BlockedPools::worker);
        }

        assertThat(a.findings()).singleElement().satisfies(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.POOL_STARVATION);
            assertThat(f.subject()).startsWith(prefix).endsWith("-*");
            assertThat(f.severity()).isEqualTo(Severity.CRITICAL);
            PoolStarvationDetail d = Detail.read(f.detail(), PoolStarvationDetail.class);
            assertThat(d.workers()).isEqualTo(workers);
            assertThat(d.waiters()).hasSize(workers);
            assertThat(d.blockingCall()).isEqualTo(BlockingCall.SOCKET_READ);
            assertThat(d.appFrame()).isEqualTo("dev.brink.threads.servers." + desk + ".verify");
            assertThat(d.workerCpuMsPerS()).isZero();
        });
    }

    @ParameterizedTest(name = "{0} on JDK {1}")
    @CsvSource({"jetty, 17, qtp", "jetty, 25, qtp", "undertow, 17, XNIO-1 task-", "undertow, 25, XNIO-1 task-",
            "tomcat, 17, http-nio-", "tomcat, 25, http-nio-"})
    void aServerPoolWithIdleWorkersGivesNoFinding(String server, String jdk, String prefix) throws Exception {
        ThreadAnalysis a = analysis(server, "healthy", jdk);
        for (ThreadDump d : a.dumps()) {
            assertThat(d.threads()).as("idle workers").filteredOn(t -> t.name().startsWith(prefix) && BlockedPools.worker(t))
                    .hasSizeGreaterThanOrEqualTo(2).anyMatch(BlockedPools::idle);
        }
        if (server.equals("jetty")) {
            assertThat(a.dumps().stream().flatMap(d -> d.threads().stream()))
                    .as("a reserved thread parked in Semaphore.tryAcquire").anyMatch(ServerPoolsDumpsTest::reservedWaiting);
        }
        assertThat(a.findings()).isEmpty();
    }
}
