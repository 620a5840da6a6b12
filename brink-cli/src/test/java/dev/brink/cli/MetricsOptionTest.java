package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code brink http --metrics}: the URL printed at the start answers while the load runs; a bad address is one line. */
class MetricsOptionTest {
    private HttpServer target;

    @BeforeEach
    void start() throws Exception {
        target = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        target.createContext("/", ex -> {
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        target.start();
    }

    @AfterEach
    void stop() {
        target.stop(0);
    }

    @Test
    void theMetricsUrlAnswersDuringTheRunWithoutTheHeadersSecret() throws Exception {
        HttpClient http = HttpClient.newHttpClient(); // before the run: its first use is slow on a loaded machine
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String url = "http://127.0.0.1:" + target.getAddress().getPort() + "/";
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> BrinkMain.run(new String[] {"http", url, "--rate", "50",
                "--duration", "6s", "--metrics", "127.0.0.1:0", "-H", "Authorization: Bearer hunter2", "--json"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        Pattern line = Pattern.compile("metrics: (http://127\\.0\\.0\\.1:\\d+/metrics)");
        Matcher m = line.matcher("");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!(m = line.matcher(err.toString(StandardCharsets.UTF_8))).find() && System.nanoTime() < deadline && !run.isDone()) {
            Thread.sleep(20);
        }
        assertThat(m.find(0)).as(err.toString(StandardCharsets.UTF_8)).isTrue();
        HttpResponse<String> scrape = http.send(HttpRequest.newBuilder(URI.create(m.group(1)))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(run).isNotDone();
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.headers().firstValue("Content-Type")).hasValue("application/openmetrics-text; version=1.0.0; charset=utf-8");
        assertThat(scrape.body()).contains("# TYPE brink_requests_sent counter\n").contains("brink_requests_sent_total ")
                .doesNotContain("shard=").doesNotContain("hunter2").doesNotContain(url).endsWith("# EOF\n");
        assertThat(run.get()).isZero();
    }

    @Test
    void aBadAddressIsOneLineAndExitTwo() {
        BrinkRun r = BrinkRun.brink("http", "http://127.0.0.1:" + target.getAddress().getPort() + "/", "--rate", "5", "--duration", "1s", "--metrics", "here:port");
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("brink: bad --metrics 'here:port': expected PORT or HOST:PORT").doesNotContain("\n");
    }
}
