package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail;
import dev.brink.core.FindingKind;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.plan.Plan;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The target's side of port exhaustion, for real: a service on 127.0.0.1 with a listen backlog of 1 that never
 * accepts (a service too busy to accept), driven at 30 req/s. The kernel drops the handshakes it cannot queue
 * (TcpExt ListenOverflows), Brink's connects time out, and {@link PortExhaustion} names the target's listen queue.
 * A service that accepts gives no finding. About 8 s.
 */
class PortExhaustionTargetTest {
    @Test
    void aListenQueueThatOverflowsIsTheTargetsSide_anAcceptingServiceIsNothing() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/net/netstat")), "Linux /proc/net/netstat");
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Finding> found = drive(full.getLocalPort());
            assertThat(found).singleElement().satisfies(f -> {
                assertThat(f.kind()).isEqualTo(FindingKind.PORT_EXHAUSTION);
                assertThat(f.detail().get(FindingDetail.PortExhaustion.SIDE)).isEqualTo(FindingDetail.PortExhaustion.SIDE_TARGET);
                assertThat((Long) f.detail().get(FindingDetail.PortExhaustion.LISTEN_OVERFLOWS)).isPositive();
                assertThat((Long) f.detail().get(FindingDetail.PortExhaustion.CONNECT_TIMEOUT)).isPositive();
                assertThat(f.title()).startsWith("the target's listen queue overflowed in overflow: ").contains("connection policy keep-alive");
                assertThat(f.detail().get(FindingDetail.PortExhaustion.ADVICE).toString()).contains("net.core.somaxconn");
            });
        }
        try (ServerSocket accepting = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(() -> {
                try {
                    while (true) accepting.accept(); // kept open, never answered: requests time out, connects do not
                } catch (java.io.IOException e) {
                    // closed at the end of the test
                }
            });
            t.setDaemon(true);
            t.start();
            assertThat(drive(accepting.getLocalPort())).isEmpty();
        }
    }

    private static List<Finding> drive(int port) throws Exception {
        Plan plan = new Plan("overflow", new Plan.Target(URI.create("http://127.0.0.1:" + port), null),
                List.of(new Plan.Operation("get", 30, new Plan.Request("GET", "/", List.of(), null), Plan.Check.DEFAULT)),
                null, null, null);
        LoadOptions options = LoadOptions.defaults().withTimeouts(Duration.ofMillis(800), Duration.ofSeconds(1));
        try (LoadEngine engine = LoadEngine.open(plan, options, null)) {
            PortExhaustion watch = new PortExhaustion(true, "keep-alive");
            engine.addListener(watch);
            engine.run(LoadStep.open("overflow", 1, Duration.ofSeconds(3)));
            return watch.findings();
        }
    }
}
