package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpCommandTest {
    @TempDir
    Path dir;
    HttpServer server;
    ExecutorService pool;
    final AtomicLong hits = new AtomicLong();
    final ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
    String url;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        pool = Executors.newFixedThreadPool(4);
        server.setExecutor(pool);
        server.createContext("/", ex -> {
            hits.incrementAndGet();
            byte[] body = ex.getRequestBody().readAllBytes();
            seen.add(ex.getRequestMethod() + " " + ex.getRequestURI() + " " + ex.getRequestHeaders().getFirst("X-Test")
                    + " " + new String(body, StandardCharsets.UTF_8));
            int code = ex.getRequestURI().getPath().startsWith("/fail") ? 500 : 200;
            ex.sendResponseHeaders(code, 2);
            ex.getResponseBody().write("ok".getBytes(StandardCharsets.US_ASCII));
            ex.close();
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        pool.shutdownNow();
    }

    record Run(int code, String out, String err) {
    }

    static Run brink(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void openModelJsonSummaryReportsTheAchievedRateAndBothLatencies() throws Exception {
        Run r = brink("http", url + "/books?x=1", "--rate", "200", "--duration", "3s", "--json", "--out", dir.resolve("run").toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode result = Json.MAPPER.readTree(r.out()).get("result");
        assertThat(result.get("achieved_rps").asDouble()).isCloseTo(200, within(4.0));
        assertThat(result.get("target_rps").asDouble()).isEqualTo(200.0);
        assertThat(result.get("ok").asLong()).isEqualTo(600);
        assertThat(result.get("errors").size()).isZero();
        assertThat(result.get("corrected").get("p99_ms").asDouble()).isPositive();
        assertThat(result.get("uncorrected").get("p99_ms").asDouble()).isPositive();
        assertThat(result.get("generator").has("loop_cpu")).isTrue();
        assertThat(hits.get()).isEqualTo(600);
        assertThat(seen.peek()).startsWith("GET /books?x=1 ");
        assertThat(r.err()).contains("req/s"); // live lines go to stderr with --json
        // the warm-up is reported, and (hits above) not one of its requests reached the target
        assertThat(r.err()).containsPattern("warm-up: [0-9.]+ s, \\d+ requests \\(\\d+ ok\\) to an HTTP/1.1 responder inside Brink");
        assertThat(dir.resolve("run/load.jsonl")).isNotEmptyFile();
        assertThat(dir.resolve("run/latency.hlog")).isNotEmptyFile();
    }

    @Test
    void closedModelTablePostsTheBodyAndCountsHttpErrors() throws Exception {
        Path body = dir.resolve("body.json");
        Files.writeString(body, "{\"n\":${seq}}");
        Run r = brink("http", url + "/fail", "--users", "2", "--duration", "1s", "-H", "X-Test: yes", "--body", "@" + body);
        // every request answered 500: without --fail-on that fails the run (OneLinerGateTest)
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.out()).containsPattern("gate failed: every request failed \\((\\d+) of \\1\\): http-500 \\1");
        assertThat(r.out()).contains("closed model, 2 users").contains("corrected").contains("uncorrected")
                .contains("http-500").contains("  generator ");
        assertThat(seen).isNotEmpty().allSatisfy(s -> assertThat(s).matches("POST /fail yes \\{\"n\":\\d+}"));

        Run json = brink("http", url + "/", "--users", "3", "--duration", "1s", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode result = Json.MAPPER.readTree(json.out()).get("result");
        assertThat(result.get("workload").get("model").asText()).isEqualTo("closed");
        assertThat(result.get("workload").get("users").asInt()).isEqualTo(3);
        assertThat(result.get("max_in_flight").asInt()).isBetween(1, 3);
        assertThat(result.get("ok").asLong()).isPositive();
    }

    @Test
    void secretsFromHeadersNeverReachTheOutput() {
        Run r = brink("http", url + "/", "--rate", "20", "--duration", "1s", "-H", "Authorization: Bearer hunter2", "--json");
        assertThat(r.code()).isZero();
        assertThat(r.out() + r.err()).doesNotContain("hunter2");
    }

    @Test
    void helpListsTheTemplatePlaceholders() {
        Run help = brink("http", "--help");
        assertThat(help.code()).as(help.err()).isZero();
        assertThat(help.out()).contains("${random.int(a,b)}").contains("${env.NAME}").contains("$${ for a literal ${")
                .contains("--rate").contains("--users").contains("--connections");
        Run top = brink("--help");
        assertThat(top.code()).as(top.err()).isZero();
        assertThat(top.out()).contains("http");
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        String[][] cases = {
            {"http", url, "--duration", "1s"},
            {"http", url, "--rate", "10", "--users", "2", "--duration", "1s"},
            {"http", url, "--rate", "10"},
            {"http", "ftp://x/", "--rate", "10", "--duration", "1s"},
            {"http", url, "--rate", "-5", "--duration", "1s"},
            {"http", url, "--rate", "10", "--duration", "soon"},
            {"http", url, "--rate", "10", "--duration", "1s", "-H", "NoColon"},
            {"http", url, "--rate", "10", "--duration", "1s", "--body", "@" + dir.resolve("missing")},
            {"http", url, "--rate", "10", "--duration", "1s", "--method", "BREW"},
            {"http", url + "/${nope}", "--rate", "10", "--duration", "1s"},
            {"http", "http://127.0.0.1:" + closed + "/", "--rate", "10", "--duration", "1s"},
        };
        for (String[] args : cases) {
            Run r = brink(args);
            assertThat(r.code()).as(String.join(" ", args) + "\n" + r.err()).isEqualTo(2);
            assertThat(r.err()).startsWith("brink: ").doesNotContain("\tat ");
        }
        assertThat(brink("http", "http://127.0.0.1:" + closed + "/", "--rate", "10", "--duration", "1s").err())
                .contains("cannot connect to 127.0.0.1:" + closed);
    }
}
