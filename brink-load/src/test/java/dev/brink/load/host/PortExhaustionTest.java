package dev.brink.load.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Field report 004 reproduced: a connection per gRPC call from a generator whose ephemeral port range holds
 * 100 ports, against a service that answers in 1 s: 200 calls/s keep ~200 connections open, each holding
 * a local port (and, when the client closes first, for TIME_WAIT's 60 s after), so the range runs dry and
 * connect() fails with EADDRNOTAVAIL; Brink must count those as connect-no-local-port (not as the service's errors) and mark the
 * generator bound with the port counts, and {@link PortExhaustion} must name the generator's side with the sysctls and
 * the connection policy in its advice. Runs in a network namespace it creates (needs root
 * and iproute2: skipped otherwise), so the host's own range is untouched.
 */
class PortExhaustionTest {
    @Test
    void perCallConnectionsInANarrowPortRangeExhaustTheGeneratorsPorts() throws Exception {
        assumeTrue(run(List.of("ip", "netns", "list")) == 0, "needs root and iproute2 (ip netns)");
        String ns = "brinkports" + ProcessHandle.current().pid();
        assumeTrue(run(List.of("ip", "netns", "add", ns)) == 0, "cannot create a network namespace here");
        try {
            assertThat(run(List.of("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up"))).isZero();
            assertThat(run(List.of("ip", "netns", "exec", ns, "sysctl", "-q", "-w", "net.ipv4.ip_local_port_range=40000 40099"))).isZero();
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            // 200 calls/s for 3 s, a connection each, open for 1 s, through 100 ports
            Process child = new ProcessBuilder("ip", "netns", "exec", ns, java.toString(), "-Xmx256m",
                    "-Dio.netty.machineId=02:00:00:00:00:01", "-cp", System.getProperty("java.class.path"),
                    PortExhaustionMain.class.getName(), "200", "3", "1000").redirectErrorStream(true).start();
            String out;
            try (var in = child.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(out).isZero();
            // calls that got a port were answered; the others found none
            assertThat(out).containsPattern("ok [1-9]\\d*");
            assertThat(out).containsPattern("error connect-no-local-port \\d+");
            assertThat(out).doesNotContain("error grpc-");
            assertThat(out).containsPattern("reason ephemeral ports \\d+ of 100 in use, \\d+ in TIME_WAIT");
            assertThat(out).containsPattern("finding port-exhaustion critical the load generator ran out of ephemeral ports in ports:"
                    + " [1-9]\\d* connects failed with EADDRNOTAVAIL; \\d+ of 100 local ports \\(40000-40099\\) in use, \\d+ in TIME_WAIT;"
                    + " connection policy per-call");
            assertThat(out).contains("detail side generator").contains("detail port_range 40000-40099")
                    .containsPattern("detail connect_no_local_port [1-9]\\d*")
                    .containsPattern("detail advice reuse connections: connection_policy shared .*ip_local_port_range.*tcp_tw_reuse=1");
        } finally {
            run(List.of("ip", "netns", "del", ns));
        }
    }

    private static int run(List<String> cmd) throws Exception {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (java.io.IOException e) {
            return -1;
        }
    }
}
