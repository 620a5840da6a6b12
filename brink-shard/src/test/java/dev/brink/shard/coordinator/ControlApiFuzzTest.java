package dev.brink.shard.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.HistogramCodec;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.ShardInterval;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.shard.StepDispatch;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The control API's parser under bounded-time fuzzing (fixed seeds, then fresh ones; a failure names its seed): a
 * mutated report, order or welcome is read or refused with {@link IllegalArgumentException}, nothing else, and a
 * histogram header that asks for a huge array is refused before any is allocated. Then the server itself: a wrong
 * token is 401, a bad body 400 with one line, and what a worker posts arrives whole.
 */
class ControlApiFuzzTest {
    private static final long FIXED_MS = Long.getLong("brink.fuzz.fixedMs", 700);
    private static final long RANDOM_MS = Long.getLong("brink.fuzz.randomMs", 300);
    static final String PLAN = """
            name: fuzz
            target: {base_url: "http://127.0.0.1:9/"}
            profile:
              - {name: a, rps: 10, request: {path: /a}}
              - {name: b, rps: 5, request: {path: /b}}
            slo: {error_rate: 0.01, p99_ms: 100}
            phases:
              capacity: {start: 1, step: 1, max: 3, step_duration: 2s, warmup: 0s}
            """;

    static ShardInterval interval(long start) {
        Histogram h = new Histogram(1, 600_000_000L, 3);
        for (int i = 1; i <= 50; i++) h.recordValue(i * 137L);
        String enc = HistogramCodec.encode(h);
        GeneratorHealth g = new GeneratorHealth(start + 1000, 0.2, 0.1, 3, 0.4, 4, 10, 28000, 0, 0, List.of("cpu 90 %"),
                1 << 20, 3000, 0, List.of(GeneratorIssue.values()[0]));
        return new ShardInterval(start, start + 1000, 1.0, 15, 2, 0, 4, g, List.of(
                new ShardInterval.Op(10, 50, 48, 0, Map.of("http-503", 1L, "request-timeout", 1L), enc, enc),
                new ShardInterval.Op(5, 50, 50, 0, Map.of(), enc, enc)));
    }

    @Test
    void mutatedMessagesAreReadOrRefusedInWords() throws Exception {
        Plan plan = PlanReader.parse(PLAN, "fuzz.yaml", Path.of("."), n -> null);
        byte[] report = ControlMessages.report(new StepDispatch.Report(1, 3, List.of(interval(1000), interval(2000)), 2.0));
        byte[] order = ControlMessages.order(new ControlMessages.Order(4, ControlMessages.Kind.STEP, LoadStep.ramp("confirm-ramp", 1, 3,
                Duration.ofSeconds(5)), 1234));
        byte[] welcome = ControlMessages.welcome(new ControlMessages.Welcome(3, PLAN, "plan.yaml", 99));
        // the seeds round-trip
        StepDispatch.Report back = ControlMessages.readReport(report, 3, 2);
        assertThat(back.intervals()).hasSize(2);
        assertThat(back.intervals().get(0).ops().get(0).errors()).containsEntry("http-503", 1L);
        assertThat(HistogramCodec.decode(back.intervals().get(0).ops().get(0).corrected()).getTotalCount()).isEqualTo(50);
        assertThat(ControlMessages.readOrder(order, plan).step().workload()).isEqualTo(new LoadStep.Workload.Open(1, 3));
        assertThat(ControlMessages.readWelcome(welcome).plan()).isEqualTo(PLAN);

        List<byte[]> seeds = List.of(report, order, welcome);
        fuzz(seeds, plan, 23, FIXED_MS);
        fuzz(seeds, plan, System.nanoTime(), RANDOM_MS);
    }

    @Test
    void aHistogramHeaderAskingForAHugeArrayIsRefused() {
        Histogram wide = new Histogram(1, 1L << 40, 2);
        wide.recordValue(1);
        assertThatThrownBy(() -> HistogramCodec.decode(HistogramCodec.encode(wide))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a histogram of 1..600000000");
    }

    @Test
    void theServerRefusesAWrongTokenAndABadBody() throws Exception {
        ControlToken token = ControlToken.random();
        try (ControlServer server = ControlServer.start(new InetSocketAddress("127.0.0.1", 0), token, 2, 2, PLAN, "plan.yaml")) {
            URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
            HttpClient http = HttpClient.newBuilder().connectTimeout(java.time.Duration.ofSeconds(5)).build();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/v1/join")).timeout(Duration.ofSeconds(10)).header("Authorization", "Bearer wrong-token-1234567")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(ControlMessages.join(0, 2))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(401);
            assertThat(r.body()).doesNotContain(token.secret());
            r = http.send(HttpRequest.newBuilder(base.resolve("/v1/join")).timeout(Duration.ofSeconds(10)).header("Authorization", token.header())
                    .POST(HttpRequest.BodyPublishers.ofString("{\"shard\": 0, \"count\": ")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).contains("not JSON").doesNotContain("\n");
            r = http.send(HttpRequest.newBuilder(base.resolve("/v1/join")).timeout(Duration.ofSeconds(10)).header("Authorization", token.header())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(ControlMessages.join(1, 2))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(ControlMessages.readWelcome(r.body().getBytes(StandardCharsets.UTF_8)).count()).isEqualTo(2);
            r = http.send(HttpRequest.newBuilder(base.resolve("/v1/join")).timeout(Duration.ofSeconds(10)).header("Authorization", token.header())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(ControlMessages.join(1, 2))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(409);
            assertThat(r.body()).contains("has joined already");
            // 20 MB with the right token: 413 and its own reason (it was a 400, and before that "wrong token")
            r = http.send(HttpRequest.newBuilder(base.resolve("/v1/intervals")).timeout(Duration.ofSeconds(20)).header("Authorization", token.header())
                    .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[20 << 20])).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(413);
            assertThat(r.body()).isEqualTo("{\"error\":\"a body of more than 8.0 MiB: expected a control message (a join, a report of"
                    + " seconds) of at most that\"}");
        }
        assertThat(token.toString()).doesNotContain(token.secret());
    }

    private static void fuzz(List<byte[]> seeds, Plan plan, long seed, long ms) {
        Random random = new Random(seed);
        long until = System.nanoTime() + ms * 1_000_000;
        byte[] alphabet = "{}[],:\"0-1e9.ntrufals \\".getBytes(StandardCharsets.US_ASCII);
        for (long n = 0; System.nanoTime() < until; n++) {
            byte[] b = seeds.get(random.nextInt(seeds.size())).clone();
            int edits = 1 + random.nextInt(6);
            for (int e = 0; e < edits && b.length > 0; e++) {
                int at = random.nextInt(b.length);
                switch (random.nextInt(4)) {
                    case 0 -> b[at] = (byte) random.nextInt(256);
                    case 1 -> b = java.util.Arrays.copyOf(b, at);
                    case 2 -> b[at] = alphabet[random.nextInt(alphabet.length)];
                    default -> {
                        byte[] c = new byte[b.length + 1];
                        System.arraycopy(b, 0, c, 0, at);
                        c[at] = alphabet[random.nextInt(alphabet.length)];
                        System.arraycopy(b, at, c, at + 1, b.length - at);
                        b = c;
                    }
                }
            }
            for (int kind = 0; kind < 3; kind++) {
                try {
                    switch (kind) {
                        case 0 -> ControlMessages.readReport(b, 3, 2);
                        case 1 -> ControlMessages.readOrder(b, plan);
                        default -> ControlMessages.readWelcome(b);
                    }
                } catch (IllegalArgumentException e) {
                    assertThat(e.getMessage()).as("seed " + seed + " case " + n).isNotBlank();
                } catch (RuntimeException | Error e) {
                    throw new AssertionError("seed " + seed + " case " + n + ": " + e, e);
                }
            }
        }
    }
}
