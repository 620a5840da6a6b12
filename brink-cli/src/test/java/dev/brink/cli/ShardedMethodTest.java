package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method across shards: a coordinator ({@code brink run --shards 3 --coordinator}) and three {@code brink worker}
 * processes, each in a network namespace of its own (a veth "host" apiece), run a capacity search against a server
 * whose latency jumps above a known rate; the verdict must be a single process's on the same plan, the merged counts
 * the workers' sum. Then bad input (a wrong token, another N, no coordinator) and, with workers the coordinator
 * starts itself, a worker SIGKILLed mid-step.
 */
@MeasuresHost
class ShardedMethodTest {
    /** Requests per second the server answers at once; above it, the excess waits {@link #SLOW_MS}. */
    static final double FAST_RATE = 350;
    static final long SLOW_MS = 250;
    static final String TOKEN = "s3cr3t-" + Long.toHexString(System.nanoTime()) + "-shared-token";

    @TempDir
    Path tmp;
    final List<HttpServer> servers = new ArrayList<>();
    final List<ExecutorService> pools = new ArrayList<>();
    final List<Process> workers = new ArrayList<>();
    final NetNamespaces net = new NetNamespaces();

    @AfterEach
    void stop() throws Exception {
        workers.forEach(Process::destroyForcibly);
        servers.forEach(s -> s.stop(0));
        pools.forEach(ExecutorService::shutdownNow);
        net.close();
    }

    @Test
    void threeWorkersInTheirOwnNamespacesFindTheSingleProcessCapacity() throws Exception {
        String host = net.create(3) ? net.hostAddress() : "127.0.0.1";
        Path single = tmp.resolve("single");
        Path coord = tmp.resolve("coord");
        Path planSingle = plan("single", server(host));
        Path planSharded = plan("sharded", server(host));
        Path tokenFile = Files.writeString(tmp.resolve("token"), TOKEN + "\n");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            port = s.getLocalPort();
        }
        String address = host + ":" + port;
        CompletableFuture<BrinkRun> one = CompletableFuture.supplyAsync(() -> BrinkRun.brink("run", planSingle.toString(), "--out", single.toString()));
        CompletableFuture<BrinkRun> sharded = CompletableFuture.supplyAsync(() -> BrinkRun.brink("run", planSharded.toString(),
                "--shards", "3", "--coordinator", address, "--token-file", tokenFile.toString(), "--out", coord.toString()));
        for (int i = 0; i < 3; i++) {
            List<String> cmd = new ArrayList<>(net.exec(i));
            cmd.addAll(ChildBrink.command(List.of("-Xmx192m", "-XX:+UseSerialGC"), "worker", "--coordinator", address,
                    "--shard", i + "/3", "--out", coord.resolve("shards/" + i).toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("w" + i + ".txt").toFile());
            pb.environment().put("BRINK_TOKEN", TOKEN);
            workers.add(pb.start());
        }

        // bad input while the coordinator listens: each one line, exit 2, the token never printed
        Path wrong = Files.writeString(tmp.resolve("wrong"), "not-the-shared-token-at-all");
        BrinkRun refused = expectBad("refused this worker's token (401)", "worker", "--coordinator", address, "--shard", "0/3",
                "--token-file", wrong.toString(), "--out", tmp.resolve("wrong-run").toString());
        assertThat(refused.out + refused.err).doesNotContain("not-the-shared-token-at-all").doesNotContain(TOKEN);
        expectBad("runs 3 workers, not 2", "worker", "--coordinator", address, "--shard", "0/2", "--token-file", tokenFile.toString(),
                "--out", tmp.resolve("wrong-n").toString());
        expectBad("cannot reach the coordinator at 127.0.0.1:1", "worker", "--coordinator", "127.0.0.1:1", "--shard", "0/3",
                "--token-file", tokenFile.toString(), "--wait", "1s", "--out", tmp.resolve("unreachable").toString());
        expectBad("bad --shards 0", "run", planSharded.toString(), "--shards", "0");
        expectBad("no token", "run", planSharded.toString(), "--shards", "2", "--coordinator", "127.0.0.1:0", "--out", tmp.resolve("nt").toString());

        BrinkRun s = sharded.get(150, TimeUnit.SECONDS);
        BrinkRun o = one.get(150, TimeUnit.SECONDS);
        System.out.println(s.out + s.err); // the coordinator's console, kept in the surefire report for whoever reads a failure
        for (int i = 0; i < 3; i++) System.out.println(Files.readString(tmp.resolve("w" + i + ".txt")));
        assertThat(o.code).as(o.out + o.err).isZero();
        assertThat(s.code).as(s.out + s.err).isZero();
        for (int i = 0; i < 3; i++) {
            assertThat(workers.get(i).waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(workers.get(i).exitValue()).as(Files.readString(tmp.resolve("w" + i + ".txt"))).isZero();
        }
        // the coordinator's run directory is a single run's, plus each worker's own files
        for (String f : List.of("summary.json", "load.jsonl", "latency.hlog", "events.jsonl", "generator.jsonl", "report.html")) {
            assertThat(coord.resolve(f)).exists();
        }
        long workersSent = 0;
        for (int i = 0; i < 3; i++) workersSent += sum(coord.resolve("shards/" + i), "sent");
        assertThat(sum(coord, "sent")).isPositive().isEqualTo(workersSent);
        // every latency the workers recorded is in the merged histograms, none twice (added, not averaged)
        long workersLatencies = 0;
        for (int i = 0; i < 3; i++) workersLatencies += latencies(coord.resolve("shards/" + i));
        assertThat(latencies(coord)).isEqualTo(workersLatencies);
        assertThat(s.out).contains("3 workers joined");
        assertThat(dev.brink.core.ContractCheck.violations(coord, Files.readString(Path.of("..", "DESIGN.md")))).isEmpty();
        try (Stream<Path> files = Files.walk(tmp)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.equals(tokenFile)).toList()) {
                assertThat(Files.readString(f, StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(TOKEN);
            }
        }
        assertThat(s.out + s.err + o.out).doesNotContain(TOKEN);
        JsonNode a = Json.MAPPER.readTree(single.resolve("summary.json").toFile()).path("capacity");
        JsonNode b = Json.MAPPER.readTree(coord.resolve("summary.json").toFile()).path("capacity");
        // a machine other processes saturate measures itself, not the server: no verdict to compare (HostSaturationTest)
        assumeFalse(notJudged(a) || notJudged(b), "the machine was saturated or the generator fell behind:\n" + o.out + "\n" + s.out);
        // the server answers 350 req/s at once: 3 × 100 req/s holds, 4 × breaks the 100 ms p99
        assertThat(a.path("max_multiplier").asInt()).as(o.out).isEqualTo(3);
        assertThat(b.path("max_multiplier").asInt()).as(s.out).isEqualTo(a.path("max_multiplier").asInt());
        assertThat(b.path("limited_by").asText()).as(s.out).isEqualTo(a.path("limited_by").asText()).isEqualTo("latency");
        assertThat(b.path("first_bad_multiplier").asInt()).isEqualTo(a.path("first_bad_multiplier").asInt());
    }

    @Test
    void aWorkerKilledMidStepIsNamedAndTheRunStops() throws Exception {
        Path out = tmp.resolve("killed");
        Path plan = plan("killed", server("127.0.0.1"));
        CompletableFuture<BrinkRun> run = CompletableFuture.supplyAsync(() -> BrinkRun.brink("run", plan.toString(), "--shards", "2", "--out", out.toString()));
        Path load = out.resolve("shards/1/load.jsonl");
        Awaitility.await().atMost(90, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS)
                .until(() -> run.isDone() || Files.exists(load) && Files.readAllLines(load).size() >= 1);
        assertThat(run.isDone()).as(() -> run.join().out + run.join().err).isFalse();
        ProcessHandle worker = ProcessHandle.current().descendants()
                .filter(p -> cmdline(p).contains(" worker ") && cmdline(p).contains(" 1/2 "))
                .findFirst().orElseThrow();
        assertThat(new ProcessBuilder("kill", "-KILL", Long.toString(worker.pid())).start().waitFor()).isZero();
        BrinkRun r = run.get(90, TimeUnit.SECONDS);
        System.out.println(r.out + r.err);
        assertThat(r.code).as(r.out + r.err).isZero();
        assertThat(r.out).contains("worker 1/2 vanished in generator-warmup");
        JsonNode summary = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(summary.path("interrupted").asBoolean()).isTrue();
        JsonNode incomplete = null;
        for (JsonNode f : summary.path("findings")) if (f.path("kind").asText().equals("shard-incomplete")) incomplete = f;
        assertThat(incomplete).as(summary.toString()).isNotNull();
        assertThat(incomplete.path("detail").path("shard").asText()).isEqualTo("1/2");
        assertThat(incomplete.path("detail").path("step").asText()).isEqualTo("generator-warmup");
    }

    /** A server that answers {@link #FAST_RATE} requests per second at once (a token bucket) and the rest after {@link #SLOW_MS}. */
    private String server(String host) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
        pools.add(pool);
        pools.add(later);
        HttpServer server = HttpServer.create(new InetSocketAddress(host, 0), 1024);
        TokenBucket bucket = new TokenBucket(FAST_RATE, 60);
        server.createContext("/", ex -> {
            Runnable answer = () -> {
                try (ex) {
                    byte[] b = "ok".getBytes(StandardCharsets.UTF_8);
                    ex.sendResponseHeaders(200, b.length);
                    ex.getResponseBody().write(b);
                } catch (IOException e) {
                    // the client went away
                }
            };
            if (bucket.take()) answer.run();
            else later.schedule(answer, SLOW_MS, TimeUnit.MILLISECONDS);
        });
        server.setExecutor(pool);
        server.start();
        servers.add(server);
        return "http://" + host + ":" + server.getAddress().getPort();
    }

    private Path plan(String name, String url) throws IOException {
        return Files.writeString(tmp.resolve(name + ".yaml"), """
                name: bucket-%s
                target: {base_url: %s}
                profile:
                  - name: get
                    rps: 100
                    request: {method: GET, path: /}
                    check: {status: 200}
                slo: {error_rate: 0.01, p99_ms: 100}
                phases:
                  capacity: {start: 2, step: 1, max: 5, step_duration: 2s, warmup: 0s, refine: false}
                """.formatted(name, url));
    }

    /** A process's command line, its arguments joined by spaces (from /proc: the JDK may cut a long one). */
    private static String cmdline(ProcessHandle p) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    private static boolean notJudged(JsonNode capacity) {
        String by = capacity.path("limited_by").asText();
        return by.equals("host-saturated") || by.equals("generator");
    }

    private static BrinkRun expectBad(String text, String... args) {
        BrinkRun r = BrinkRun.brink(args);
        assertThat(r.code).as(r.out + r.err).isEqualTo(2);
        assertThat(r.err.strip().lines().count()).as(r.err).isEqualTo(1);
        assertThat(r.err).contains(text);
        return r;
    }

    private static long sum(Path run, String field) throws IOException {
        long s = 0;
        for (String line : Files.readAllLines(run.resolve("load.jsonl"))) s += Json.MAPPER.readTree(line).path(field).asLong();
        return s;
    }

    private static long latencies(Path run) throws IOException {
        long s = 0;
        for (String line : Files.readAllLines(run.resolve("load.jsonl"))) s += Json.MAPPER.readTree(line).path("corrected").path("count").asLong();
        return s;
    }

    /** Refills {@code rate} tokens a second up to {@code burst}. */
    static final class TokenBucket {
        private final double rate;
        private final double burst;
        private double tokens;
        private long last = System.nanoTime();

        TokenBucket(double rate, double burst) {
            this.rate = rate;
            this.burst = burst;
            this.tokens = burst;
        }

        synchronized boolean take() {
            long now = System.nanoTime();
            tokens = Math.min(burst, tokens + (now - last) / 1e9 * rate);
            last = now;
            if (tokens < 1) return false;
            tokens -= 1;
            return true;
        }
    }
}
