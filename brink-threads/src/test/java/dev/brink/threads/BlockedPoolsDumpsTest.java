package dev.brink.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.BlockingCall;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolStarvationDetail;
import dev.brink.threads.child.RateCardSync;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jcmd Thread.print -l dumps, three a second apart, of child/RateCardSync on JDK 17 and 25
 * (resources/downstream/capture.sh): pools held by a silent partner's socket read, an HTTP call and a sleep are
 * reported with their call and the application frame that made it; the healthy twins — a pool always in a read of a
 * fast echo server, a pool with idle workers beside two stuck ones — and a single dump give none.
 */
class BlockedPoolsDumpsTest {
    private static final String APP = RateCardSync.class.getName();

    private static List<ThreadDump> dumps(String jdk) throws Exception {
        Path file = Path.of(BlockedPoolsDumpsTest.class.getResource("/downstream/ratecard-jdk" + jdk + ".txt").toURI());
        List<ThreadDump> dumps = ThreadDumpAnalyzer.parse(file);
        assertThat(dumps).hasSize(3);
        return dumps;
    }

    private static List<Finding> pools(List<ThreadDump> dumps) {
        return ThreadDumpAnalyzer.analyzeDumps(dumps, Map.of(), List.of("ratecard")).findings().stream()
                .filter(f -> f.kind() == FindingKind.POOL_STARVATION).toList();
    }

    private static PoolStarvationDetail detail(Finding f) {
        return Detail.read(f.detail(), PoolStarvationDetail.class);
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void poolsHeldByOneCallAreNamedWithTheCallAndTheCodeThatMadeIt(String jdk) throws Exception {
        List<Finding> found = pools(dumps(jdk));

        assertThat(found).extracting(Finding::subject)
                .containsExactlyInAnyOrder("ratecard-fetch-*", "tariff-http-*", "retry-backoff-*");
        Finding fetch = found.stream().filter(f -> f.subject().equals("ratecard-fetch-*")).findFirst().orElseThrow();
        assertThat(fetch.severity()).as("one worker still runs another task").isEqualTo(Severity.WARNING);
        assertThat(fetch.title()).startsWith("5 of 6 workers of ratecard-fetch-* are held in a socket read")
                .contains("from RateCardSync.download");
        PoolStarvationDetail d = detail(fetch);
        assertThat(d.blockingCall()).isEqualTo(BlockingCall.SOCKET_READ);
        assertThat(d.appFrame()).isEqualTo(APP + ".download");
        assertThat(d.waitFrame()).isEqualTo("java.net.Socket$SocketInputStream.read");
        assertThat(d.workers()).isEqualTo(6);
        assertThat(d.idleWorkers()).isZero();
        assertThat(d.waiters()).hasSize(5).doesNotContain("ratecard-fetch-1");
        assertThat(d.dumpsSeen()).isEqualTo(3);
        assertThat(d.heldSeconds()).isGreaterThanOrEqualTo(BlockedPools.MIN_HELD_SECONDS);
        assertThat(d.workerCpuMsPerS()).as("one call that does not answer: the clocks stood still").isZero();

        Finding http = found.stream().filter(f -> f.subject().equals("tariff-http-*")).findFirst().orElseThrow();
        assertThat(http.severity()).as("every worker waits on the partner").isEqualTo(Severity.CRITICAL);
        assertThat(http.title()).startsWith("3 of 3 workers of tariff-http-* are held in an HTTP call");
        assertThat(detail(http).blockingCall()).isEqualTo(BlockingCall.HTTP_CALL);
        assertThat(detail(http).appFrame()).isEqualTo(APP + ".tariffs");
        assertThat(detail(http).waitFrame()).isEqualTo("java.net.HttpURLConnection.getResponseCode");

        Finding sleep = found.stream().filter(f -> f.subject().equals("retry-backoff-*")).findFirst().orElseThrow();
        assertThat(sleep.severity()).as("a sleep is the application's own pause").isEqualTo(Severity.WARNING);
        assertThat(detail(sleep).blockingCall()).isEqualTo(BlockingCall.SLEEP);
        assertThat(detail(sleep).appFrame()).isEqualTo(APP + ".backoff");
        assertThat(detail(sleep).waiters()).hasSize(4);
    }

    @ParameterizedTest(name = "JDK {0}")
    @ValueSource(strings = {"17", "25"})
    void oneDumpIsAnInstantAndGivesNone(String jdk) throws Exception {
        List<ThreadDump> dumps = dumps(jdk);
        for (ThreadDump d : dumps) assertThat(pools(List.of(d))).isEmpty();
    }
}
