package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.EventType;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.verdict.TrippedRule;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `brink run` on a closed model (`users:` instead of rates) end to end: a closed step has no target rate, so the
 * judge must find the limit in latency, never in "achieved below the target" (which crashed the judge once).
 *
 * <p>The target is the JDK's HTTP server with {@value #THREADS} handler threads, each holding a request
 * {@value #SERVICE_MS} ms: at most {@value #THREADS} / {@value #SERVICE_MS} ms = 100 req/s, whatever the users.
 * One user (×1) sees ~60 ms, ~16 req/s: the 20 ms, plus the 40 ms the JDK server's two writes per answer (headers,
 * then body) wait under Nagle for the client's delayed ACK (curl sees the same 64 ms). That stall costs no handler
 * thread, so 50 users (×50) queue 25 deep per thread, throughput stays at the pool's ~100 req/s and every request
 * waits ~50 × 20 ms / 2 = 500 ms: twice the 250 ms SLO, where one user's p99 (68–96 ms on a loaded 2-core box) is
 * well within it. Two steps and no refinement keep it short: the 5 s warm-up, 2 × 2 s, and the 6 s of evidence load
 * after the bad step (~17 s in all).
 */
@MeasuresHost
class ClosedModelRunTest {
    static final int THREADS = 2;
    static final int SERVICE_MS = 20;

    @TempDir
    Path dir;

    @Test
    void aSaturatedPoolUnderUsersIsLimitedByLatencyNotThroughput() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        byte[] body = "{\"id\":7}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/", x -> {
            x.getRequestBody().readAllBytes();
            try {
                Thread.sleep(SERVICE_MS); // the service time: what a pool of THREADS workers can carry is fixed by it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        server.setExecutor(pool);
        server.start();
        try {
            Path plan = dir.resolve("closed.yaml");
            Files.writeString(plan, """
                    name: closed-pool
                    target: {base_url: "http://127.0.0.1:%d"}
                    users: 1
                    profile:
                      - {name: get-item, weight: 1, request: {method: GET, path: /items/7}, check: {status: 200}}
                    slo: {error_rate: 0.01, p99_ms: 250}
                    phases:
                      capacity: {start: 1, step: 49, max: 50, step_duration: 2s, refine: false}
                    """.formatted(server.getAddress().getPort()));
            Path out = dir.resolve("run");
            BrinkRun r = brink("run", plan.toString(), "--out", out.toString());
            System.out.println(r.out); // the console, kept in the surefire report for whoever reads a failure
            assertThat(r.code).as(r.out + r.err).isZero();

            CapacityResult capacity = Json.MAPPER.treeToValue(
                    Json.MAPPER.readTree(out.resolve("summary.json").toFile()).get("capacity"), CapacityResult.class);
            // the steps that ran were closed-model steps of the plan's users × the multiplier, whatever the host's load
            // did to their verdicts
            List<JsonNode> starts = JsonlReader.readAll(out.resolve("events.jsonl")).stream()
                    .filter(e -> e.get("type").asText().equals(EventType.STEP_START)).toList();
            assertThat(capacity.steps()).as(r.out).isNotEmpty();
            for (CapacityStep st : capacity.steps()) {
                int n = st.multiplier();
                assertThat(st.users()).as("summary.json: a closed step's users are its load").isEqualTo(n);
                assertThat(starts).filteredOn(e -> e.get("step").asText().equals("capacity-x" + n)).isNotEmpty().allSatisfy(e -> {
                    assertThat(e.get("target_rps").asDouble()).isZero();
                    assertThat(e.get("workload").get("model").asText()).isEqualTo("closed");
                    assertThat(e.get("workload").get("users").asInt()).isEqualTo(n);
                });
            }
            // no target.jvm: nothing to dump, so no phase runs its load again for evidence
            assertThat(starts).noneMatch(e -> e.get("step").asText().endsWith("-evidence"));
            // other processes saturating the machine end the search on the machine, not on the service: nothing to judge
            assumeFalse(capacity.limitedBy() == LimitedBy.HOST_SATURATED, "the host was saturated by other processes:\n" + r.out);
            assertThat(capacity.limitedBy()).as(r.out).isEqualTo(LimitedBy.LATENCY);
            assertThat(capacity.maxMultiplier()).as(r.out).isEqualTo(1);
            assertThat(capacity.firstBadMultiplier()).as(r.out).isEqualTo(50);
            // a closed model's capacity is what its users achieved: one user at >= 20 ms a request is <= 50 req/s
            assertThat(capacity.maxRps()).as(r.out).isBetween(5.0, 55.0);

            CapacityStep good = step(capacity, 1);
            CapacityStep bad = step(capacity, 50);
            assertThat(good.verdict()).as(r.out).isEqualTo(StepVerdictKind.OK);
            assertThat(bad.verdict()).as(r.out).isEqualTo(StepVerdictKind.DEGRADED);
            // closed steps: no target rate; the pool caps the rate, so 50 × the users did not give 50 × the requests.
            // The cap: the pool's 100 req/s, plus the up to 50 requests still in flight at the step's end, answered
            // after it and counted in its 2 s (+25 req/s)
            assertThat(good.targetRps()).isZero();
            assertThat(bad.targetRps()).isZero();
            assertThat(bad.achievedRps()).as(r.out).isBetween(30.0, 140.0).isLessThan(good.achievedRps() * 50 / 4);
            assertThat(bad.rules()).extracting(TrippedRule::rule).as(r.out)
                    .contains(RuleKind.P99).doesNotContain(RuleKind.THROUGHPUT, RuleKind.ERROR_RATE);
            assertThat(bad.p99Ms()).as(r.out).isGreaterThan(250);

            assertThat(r.out).contains("N=1   users         1", "N=50  users        50").doesNotContain("target      0.0", ", 0 req/s,");
            // the report and summary.md say the users too, not a target of 0.0 req/s
            assertThat(Files.readString(out.resolve("summary.md"))).contains("| 1 | 1 user |", "| 50 | 50 users |");
            assertThat(Files.readString(out.resolve("report.html"))).contains("<td>50 users</td>");
        } finally {
            server.stop(0);
            pool.shutdownNow();
        }
    }

    private static CapacityStep step(CapacityResult capacity, int multiplier) {
        return capacity.steps().stream().filter(s -> s.multiplier() == multiplier).reduce((a, b) -> b).orElseThrow();
    }
}
