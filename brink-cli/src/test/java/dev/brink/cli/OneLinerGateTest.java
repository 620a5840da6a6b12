package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.Json;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A one-liner gates CI: {@code --fail-on} thresholds exit 3 naming what failed, and without one a run in which every
 * request failed exits 3 with its top error kinds (a gRPC server without the method, an HTTP server answering 500:
 * both once exited 0). One HTTP server (a fast path, a 200 ms path, a 500 path) and one gRPC server with no service
 * at all serve every case.
 */
@MeasuresHost
class OneLinerGateTest {
    static HttpServer http;
    static ExecutorService pool;
    static Server grpc;
    static String url;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        pool = Executors.newFixedThreadPool(16);
        http.setExecutor(pool);
        http.createContext("/", ex -> {
            ex.getRequestBody().readAllBytes();
            String path = ex.getRequestURI().getPath();
            if (path.startsWith("/slow")) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            ex.sendResponseHeaders(path.startsWith("/fail") ? 500 : 200, 2);
            ex.getResponseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            ex.close();
        });
        http.start();
        url = "http://127.0.0.1:" + http.getAddress().getPort();
        grpc = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).build().start();
    }

    @AfterAll
    static void stop() {
        http.stop(0);
        pool.shutdownNow();
        grpc.shutdownNow();
    }

    @Test
    void aLatencyGateFailsOnASlowServerAndPassesOnAFastOne() throws Exception {
        BrinkRun slow = brink("http", url + "/slow", "--rate", "20", "--duration", "1s", "--fail-on", "p99>50ms");
        assertThat(slow.code).as(slow.out + slow.err).isEqualTo(3);
        // every answer took 200 ms at least (more on a busy machine)
        java.util.regex.Matcher p99 = java.util.regex.Pattern.compile("gate failed: p99>50ms: p99 ([0-9.]+) ms > 50 ms").matcher(slow.out);
        assertThat(p99.find()).as(slow.out).isTrue();
        assertThat(Double.parseDouble(p99.group(1))).isGreaterThanOrEqualTo(200);

        BrinkRun fast = brink("http", url + "/fast", "--rate", "100", "--duration", "2s", "--fail-on", "p99>50ms, errors>1%", "--json");
        JsonNode doc = Json.MAPPER.readTree(fast.out);
        if (fast.code == 3) {
            // a fast server measured slow: only a machine too busy to measure it may do that, and the verdict says so
            assertThat(doc.get("verdict").get("host").get("saturated").asBoolean() || doc.get("verdict").get("generator").get("bound").asBoolean())
                    .as(fast.err + fast.out).isTrue();
            assertThat(doc.get("gate").get("failed").get(0).asText()).startsWith("p99>50ms: p99 ");
            return;
        }
        assertThat(fast.code).as(fast.out + fast.err).isZero();
        JsonNode gate = doc.get("gate");
        assertThat(gate.get("passed").asBoolean()).isTrue();
        assertThat(gate.get("failed")).isEmpty();
    }

    @Test
    void everyRequestFailingExitsThreeWithoutAGate() throws Exception {
        // an HTTP server answering 500: HttpCommandTest's closed-model run, which exits 3 the same way

        Path proto = dir.resolve("ledger.proto");
        Files.writeString(proto, """
                syntax = "proto3";
                package pay.v2;
                service Ledger { rpc Post (Entry) returns (Receipt); }
                message Entry { string account = 1; }
                message Receipt { string id = 1; }
                """);
        BrinkRun unimplemented = brink("grpc", "127.0.0.1:" + grpc.getPort(), "--call", "pay.v2.Ledger/Post", "--proto", proto.toString(),
                "--rate", "20", "--duration", "1s", "--no-warm-up");
        assertThat(unimplemented.code).as(unimplemented.out + unimplemented.err).isEqualTo(3);
        assertThat(unimplemented.out).containsPattern("gate failed: every request failed \\(\\d+ of \\d+\\): grpc-UNIMPLEMENTED \\d+");
    }

    @Test
    void aBadGateIsOneLineBeforeAnyLoad() {
        for (String[] args : new String[][] {
            {"http", url + "/fast", "--rate", "10", "--duration", "1s", "--fail-on", "p98>1s"},
            {"http", url + "/fast", "--users", "2", "--duration", "1s", "--fail-on", "rate<95%"},
            {"http", url + "/fast", "--rate", "10", "--duration", "1s", "--fail-on", "findings>=fatal"},
        }) {
            BrinkRun r = brink(args);
            assertThat(r.code).as(String.join(" ", args) + "\n" + r.err).isEqualTo(2);
            assertThat(r.err.strip()).startsWith("brink: bad --fail-on '").doesNotContain("\n");
            assertThat(r.out).doesNotContain("req/s");
        }
    }
}
