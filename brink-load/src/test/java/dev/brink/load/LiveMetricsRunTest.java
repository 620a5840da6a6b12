package dev.brink.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.metrics.MetricsServer;
import dev.brink.load.metrics.OpenMetricsParser.Exposition;
import dev.brink.load.metrics.OpenMetricsParser;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scrapes {@code /metrics} as Prometheus would, twice during a real open-model run against a real server on
 * 127.0.0.1 and once after, and reads each body with a strict OpenMetrics parser.
 */
class LiveMetricsRunTest {
    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void scrapesDuringARunAreValidOpenMetricsWithGrowingCountersAndTheRunsLatency() throws Exception {
        LiveMetrics metrics = new LiveMetrics(null, 200);
        try (TestServer server = new TestServer();
             MetricsServer endpoint = MetricsServer.start("127.0.0.1:0", metrics);
             LoadEngine engine = LoadEngine.open(Plans.single(server.url(), 200), LoadOptions.defaults().withMaxConnections(8),
                     RunDirectory.at(dir))) {
            assertThat(endpoint.address().getAddress().isLoopbackAddress()).isTrue();
            engine.addListener(metrics);
            CompletableFuture<StepResult> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return engine.run(LoadStep.open("x1", 1, Duration.ofSeconds(60)));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            // scrape as Prometheus would until the first second has been counted, then again once errors show
            HttpResponse<String> first = scrapeUntil(endpoint.url(), "*/*", "brink_requests_ok_total ");
            server.status = 503;
            server.mode = TestServer.Mode.STATUS;
            HttpResponse<String> second = scrapeUntil(endpoint.url(), "application/openmetrics-text; version=1.0.0,text/plain;q=0.5",
                    "brink_request_errors_total{kind=\"http-503\"}");
            assertThat(run).isNotDone(); // both scrapes happened while the run lasted
            engine.endStep(); // the step ends at its next second: no need to wait out its duration
            StepResult result = run.get();
            Exposition after = OpenMetricsParser.parse(get(endpoint.url(), null).body());

            assertThat(first.headers().firstValue("Content-Type")).hasValueSatisfying(
                    t -> assertThat(t).startsWith("application/openmetrics-text; version=1.0.0"));
            Exposition a = OpenMetricsParser.parse(first.body());
            Exposition b = OpenMetricsParser.parse(second.body());
            assertThat(first.body()).endsWith("# EOF\n").contains("brink_request_latency_seconds_bucket{le=\"0.0005\"} ");
            for (String counter : List.of("brink_requests_sent_total", "brink_requests_ok_total", "brink_load_seconds_total",
                    "brink_request_latency_seconds_count", "brink_request_latency_seconds_sum")) {
                assertThat(a.value(counter, Map.of())).as(counter).isPositive().isLessThanOrEqualTo(b.value(counter, Map.of()));
                assertThat(b.value(counter, Map.of())).as(counter).isLessThanOrEqualTo(after.value(counter, Map.of()));
            }
            assertThat(b.value("brink_request_errors_total", Map.of("kind", "http-503"))).isPositive();
            assertThat(a.samples("brink_request_errors_total")).isEmpty();
            assertThat(a.value("brink_target_rate", Map.of())).isEqualTo(200.0);
            assertThat(a.value("brink_multiplier", Map.of())).isEqualTo(1.0);
            assertThat(a.value("brink_step_info", Map.of("step", "x1"))).isEqualTo(1.0);
            assertThat(a.families()).doesNotContainKey("brink_phase"); // no method: no phase
            assertThat(b.value("brink_request_latency_seconds_bucket", Map.of("le", "+Inf")))
                    .isEqualTo(b.value("brink_request_latency_seconds_count", Map.of()));

            // the step's drain (its last interval, answers still coming) has no schedule: the multiplier stays the step's
            assertThat(after.value("brink_multiplier", Map.of())).isEqualTo(1.0);
            // the totals are the run's: the result and latency.hlog's corrected intervals, summed
            assertThat((long) after.value("brink_requests_sent_total", Map.of())).isEqualTo(result.sent());
            assertThat((long) after.value("brink_requests_ok_total", Map.of())).isEqualTo(result.ok());
            assertThat((long) after.value("brink_request_errors_total", Map.of("kind", "http-503"))).isEqualTo(result.errors().get("http-503"));
            Histogram union = correctedUnion(dir.resolve(RunDirectory.LATENCY));
            assertThat((long) after.value("brink_request_latency_seconds_count", Map.of())).isEqualTo(union.getTotalCount());
            assertThat(after.value("brink_request_latency_seconds_sum", Map.of()))
                    .isCloseTo(union.getMean() * union.getTotalCount() / 1e6, within(union.getMean() * union.getTotalCount() / 1e6 * 0.01));
            long under = (long) after.value("brink_request_latency_seconds_bucket", Map.of("le", "0.1"));
            assertThat(under).isBetween(union.getCountBetweenValues(0, 99_800), union.getCountBetweenValues(0, 100_000));

            HttpResponse<String> plain = get(endpoint.url(), "text/plain");
            assertThat(plain.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
            assertThat(plain.body()).contains("# TYPE brink_requests_sent_total counter\n").doesNotContain("# EOF");
            assertThat(get(endpoint.url().replace("/metrics", "/other"), null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void theShardIsALabelOnEverySampleAndABadAddressIsOneLine() throws Exception {
        LiveMetrics metrics = new LiveMetrics("2/4", 0);
        try (MetricsServer endpoint = MetricsServer.start("0", metrics)) {
            assertThat(endpoint.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
            Exposition e = OpenMetricsParser.parse(get(endpoint.url(), null).body());
            assertThat(e.families().values()).allSatisfy(f -> assertThat(f.samples())
                    .allSatisfy(s -> assertThat(s.labels()).containsEntry("shard", "2/4")));
            assertThat(e.value("brink_requests_sent_total", Map.of())).isZero();
        }
        for (String bad : List.of("", "x:y", "127.0.0.1:70000", "host name:80", ":80", "1:2:3:4:99999")) {
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> MetricsServer.start(bad, metrics)))
                    .isInstanceOf(dev.brink.core.BrinkUserException.class).hasMessageStartingWith("bad --metrics '")
                    .hasMessageNotContaining("\n");
        }
    }

    /** GETs until the body has {@code line} with a value above 0 (at most 30 s: a loaded machine starts slowly). */
    private HttpResponse<String> scrapeUntil(String url, String accept, String line) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            HttpResponse<String> r = get(url, accept);
            boolean counted = r.body().lines().anyMatch(l -> l.startsWith(line) && !l.endsWith(" 0"));
            if (counted || System.nanoTime() > deadline) return r;
            Thread.sleep(200);
        }
    }

    private HttpResponse<String> get(String url, String accept) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (accept != null) r.header("Accept", accept);
        return http.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Histogram correctedUnion(Path hlog) throws Exception {
        Histogram union = new Histogram(1, 600_000_000L, 3);
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if ("corrected".equals(h.getTag())) union.add((Histogram) h);
            }
        }
        return union;
    }
}
