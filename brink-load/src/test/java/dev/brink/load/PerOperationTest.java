package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.Json;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.OperationResult;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mix whose totals hide its worst operation: one fast, one slow, one failing, against a real server on a real socket.
 * Each operation's own rate, errors and latency must be the server's behaviour for that path, in the step's result and
 * in every load.jsonl line.
 */
class PerOperationTest {
    /**
     * Well above 40 ms: the JDK's HttpServer writes a response's headers and body separately, so with Nagle's algorithm
     * and the client's delayed ACK even the fast path takes ~45 ms on a quiet Linux loopback.
     */
    static final long SLOW_MS = 150;

    @Test
    void eachOperationKeepsItsOwnRateErrorsAndLatency(@TempDir Path dir) throws Exception {
        Map<String, AtomicInteger> served = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(pool);
        server.createContext("/", x -> answer(x, served));
        server.start();
        try {
            String plan = """
                    name: mix
                    target: {base_url: "http://127.0.0.1:%d"}
                    profile:
                      - {name: fast, rps: 40, request: {path: /fast}}
                      - {name: slow, rps: 10, request: {path: /slow}}
                      - {name: failing, rps: 10, request: {path: /fail}}
                    """.formatted(server.getAddress().getPort());
            Plan p = PlanReader.parse(plan, "plan.yaml", dir, n -> null);
            RunDirectory run = RunDirectory.at(dir.resolve("run"));
            StepResult r;
            try (LoadEngine engine = LoadEngine.open(p, LoadOptions.defaults(), run)) {
                r = engine.run(LoadStep.of(p, "mix", 1, Duration.ofSeconds(2)));
            }
            Map<String, OperationResult> ops = r.operations().stream()
                    .collect(Collectors.toMap(OperationResult::name, Function.identity()));
            assertThat(r.operations()).extracting(OperationResult::name).containsExactly("fast", "slow", "failing");
            // every answer is counted under its own operation, and the operations add up to the step
            for (String path : List.of("fast", "slow", "fail")) {
                OperationResult op = ops.get(path.equals("fail") ? "failing" : path);
                assertThat(op.ok() + op.errorCount()).as(path).isEqualTo(served.get("/" + path).get());
            }
            assertThat(r.operations().stream().mapToLong(o -> o.ok() + o.errorCount()).sum()).isEqualTo(r.ok() + r.errorCount());
            assertThat(ops.get("failing").errors()).containsOnlyKeys("http-503");
            assertThat(ops.get("failing").errorRate()).isEqualTo(1.0);
            assertThat(ops.get("fast").errors()).isEmpty();
            assertThat(ops.get("slow").errors()).isEmpty();
            assertThat(ops.get("slow").p50Ms()).isGreaterThanOrEqualTo(SLOW_MS);
            assertThat(ops.get("fast").p50Ms()).isLessThan(ops.get("slow").p50Ms());
            // the rates follow the schedule: 4:1, whatever the machine's load does to the absolute numbers
            assertThat(ops.get("fast").targetRps()).isEqualTo(40.0);
            assertThat(ops.get("fast").achievedRps()).isGreaterThan(2 * ops.get("slow").achievedRps());
            // load.jsonl: the same split every second
            List<JsonNode> lines = Files.readAllLines(dir.resolve("run").resolve(RunDirectory.LOAD)).stream()
                    .map(PerOperationTest::tree).toList();
            long failedInLines = lines.stream().mapToLong(l -> l.path("ops").path("failing").path("errors").path("http-503").asLong()).sum();
            assertThat(failedInLines).isEqualTo(ops.get("failing").errorCount());
            assertThat(lines).anySatisfy(l -> assertThat(l.path("ops").path("slow").path("corrected").path("p50_ms").asDouble())
                    .isGreaterThanOrEqualTo(SLOW_MS));
        } finally {
            server.stop(0);
            pool.shutdownNow();
        }
    }

    private static JsonNode tree(String line) {
        try {
            return Json.MAPPER.readTree(line);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void answer(HttpExchange x, Map<String, AtomicInteger> served) throws IOException {
        String path = x.getRequestURI().getPath();
        try {
            if (path.equals("/slow")) Thread.sleep(SLOW_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int status = path.equals("/fail") ? 503 : 200;
        byte[] body = "ok".getBytes();
        served.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet(); // before the answer can reach the client
        x.sendResponseHeaders(status, body.length);
        x.getResponseBody().write(body);
        x.close();
    }
}
