package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.Json;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A one-liner names each side by brink run's rules: a target that cannot keep up is the target's failure whatever the
 * machine's load (once "GENERATOR-BOUND, these numbers describe Brink" was the only verdict on a busy machine), and a
 * host saturated by other processes is named with who took the CPU.
 */
@MeasuresHost
class OneLinerVerdictTest {
    /**
     * One request at a time, 100 ms each (10 req/s), driven at 30 req/s: requests wait in its accept queue until they
     * time out. With an accept queue of 1 the kernel drops the handshakes instead: connects time out. Both are the
     * target's failures, named as such, whatever the generator and the host did meanwhile.
     */
    @Test
    void aTargetThatCannotKeepUpIsBlamedForItsFailures() throws Exception {
        try (OneAtATimeServer queue = new OneAtATimeServer(50, 100); OneAtATimeServer full = new OneAtATimeServer(1, 100)) {
            JsonNode slow = run(queue.port());
            assertThat(slow.get("target").get("failed").asLong()).isPositive();
            assertThat(slow.get("target").get("statement").asText()).startsWith("target: ").contains("requests failed")
                    .containsPattern("got no answer within 1s|connects were not accepted|never sent");

            JsonNode overflow = run(full.port());
            assertThat(overflow.get("target").get("failed").asLong()).isPositive();
            assertThat(overflow.get("target").get("statement").asText()).contains("connect-timeout")
                    .contains("connects were not accepted (refused or timed out): it stopped taking connections");
            for (JsonNode v : List.of(slow, overflow)) {
                // the generator's line never claims the target's failures
                assertThat(v.get("generator").get("statement").asText()).startsWith("generator: ")
                        .doesNotContain("timeout").doesNotContain("these numbers describe Brink");
            }
        }
    }

    private static JsonNode run(int port) throws Exception {
        BrinkRun r = brink("http", "http://127.0.0.1:" + port + "/", "--rate", "30", "--duration", "2s", "--timeout", "1s",
                "--no-warm-up", "--json");
        System.out.println(r.err + r.out);
        assertThat(r.code).as(r.err).isIn(0, 3);
        return Json.MAPPER.readTree(r.out).get("verdict");
    }

    /** 2 busy loops per CPU during the run (bounded by the shell itself): the host is named, and who took it. */
    @Test
    void aHostSaturatedByACpuBurnerIsNamed() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "host health reads /proc (Linux)");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", x -> {
            x.sendResponseHeaders(200, 2);
            x.getResponseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            x.close();
        });
        server.start();
        List<Process> burners = new ArrayList<>();
        try {
            for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
                burners.add(new ProcessBuilder("bash", "-c", "while (( SECONDS < 6 )); do :; done")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            BrinkRun r = brink("http", "http://127.0.0.1:" + server.getAddress().getPort() + "/", "--rate", "50", "--duration", "3s",
                    "--no-warm-up");
            System.out.println(r.out);
            assertThat(r.code).as(r.err).isZero();
            // who took the CPU: the burners on a machine otherwise quiet; the three busiest of the others on a busy one;
            // on a virtual machine whose hypervisor took a tenth of a core or more, the hypervisor first
            assertThat(r.out).containsPattern("(?m)^ +host: saturated by other processes in \\d+ of \\d+ s: .*took the CPU: "
                    + "(the hypervisor \\(steal: [0-9.]+ cores ran other virtual machines\\), )?pid \\d+ \\S+ [0-9.]+ cores")
                    .contains("finding      warning host-saturated: the machine was busy");
            // never two stories: a generator slowed by the host says so
            assertThat(r.out).doesNotContain("these numbers describe Brink");
        } finally {
            for (Process p : burners) p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            server.stop(0);
        }
    }
}
