package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `brink tcp` against `brink sample --service telemetry`, both as users run them: the telematics plan (login,
 * data packets with XOR and escaped 7E/7D, logout) at 2000 packets/s; the platform's own counters prove every
 * packet was well formed and every session's time, sequence and mileage followed their rules.
 */
class TcpCommandTest {
    private static final Pattern READY = Pattern.compile("Telemetry service ready on 127\\.0\\.0\\.1:(\\d+), stats on (http://\\S+/stats) \\(pid (\\d+)\\)");

    @TempDir
    Path dir;

    @Test
    void drivesTheTelemetrySampleAtTwoThousandPacketsPerSecondWithNoViolation() throws Exception {
        SampleJarProcess.requireBuilt();
        Process sample = new ProcessBuilder(ChildBrink.command(List.of("-Dbrink.home=" + System.getProperty("brink.home")),
                "sample", "--service", "telemetry", "--port", "0", "--stats-port", "0", "--heap", "128m"))
                .redirectErrorStream(true).start();
        try {
            Matcher ready = ready(sample);
            String port = ready.group(1);
            Path plan = dir.resolve("telematics.yaml");
            try (InputStream in = getClass().getResourceAsStream("/tcp/telematics.yaml")) {
                Files.writeString(plan, new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("PORT", port));
            }

            BrinkRun run = BrinkRun.brink("tcp", "127.0.0.1:" + port, "--plan", plan.toString(), "--rate", "2000",
                    "--duration", "8s", "--connections", "40", "--json", "--out", dir.resolve("run").toString());

            assertThat(run.code).as(run.err).isZero();
            JsonNode r = new ObjectMapper().readTree(run.out).get("result");
            assertThat(r.get("errors").size()).as(run.out).isZero();
            assertThat(r.get("dropped").asLong()).isZero();
            assertThat(r.get("achieved_rps").asDouble()).isBetween(1900.0, 2100.0);
            long ok = r.get("ok").asLong();
            assertThat(ok).isEqualTo(r.get("sent").asLong()).isGreaterThanOrEqualTo(15_000);

            JsonNode stats = new ObjectMapper().readTree(HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(ready.group(2))).build(), HttpResponse.BodyHandlers.ofString()).body());
            assertThat(stats.get("packets").asLong()).isEqualTo(ok);
            assertThat(stats.get("bad_packets").asLong()).isZero();
            assertThat(stats.get("violations").asLong()).as(stats.toString()).isZero();
            assertThat(stats.get("logins").asLong()).isGreaterThan(200); // 52 packets a session
            assertThat(stats.get("logouts").asLong()).isGreaterThan(stats.get("logins").asLong() - 41);
            assertThat(Files.readAllLines(dir.resolve("run/load.jsonl"))).hasSizeGreaterThanOrEqualTo(8);
        } finally {
            sample.destroy();
            if (!sample.waitFor(20, TimeUnit.SECONDS)) sample.destroyForcibly();
        }
    }

    @Test
    void planMistakesAreOneLineAndExitTwo() throws Exception {
        Path plan = dir.resolve("bad.yaml");
        Files.writeString(plan, """
                name: bad
                target: {tcp: "127.0.0.1:9"}
                profile: [{name: p, rps: 1}]
                packets:
                  p:
                    - {name: body, fill: "00", size: 300}
                    - {length: [body, body], size: 1}
                """);
        BrinkRun run = BrinkRun.brink("tcp", "127.0.0.1:9", "--plan", plan.toString(), "--rate", "1", "--duration", "1s");
        assertThat(run.code).isEqualTo(2);
        assertThat(run.err.strip()).isEqualTo("brink: " + plan + ":7:7: packets.p.fields[1].length: expected a length field"
                + " large enough: the range is 300 bytes, 1 byte holds at most 255");
        run = BrinkRun.brink("tcp", "127.0.0.1:9", "--packet", "7E 0", "--rate", "1", "--duration", "1s");
        assertThat(run.code).isEqualTo(2);
        assertThat(run.err.strip()).isEqualTo("brink: bad --packet: expected bytes in hex, like '7E 01 00 7E'");
    }

    private static Matcher ready(Process p) throws Exception {
        CompletableFuture<Matcher> ready = new CompletableFuture<>();
        StringBuilder printed = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    synchronized (printed) {
                        printed.append(line).append('\n');
                    }
                    Matcher m = READY.matcher(line);
                    if (m.find()) ready.complete(m);
                }
            } catch (java.io.IOException e) {
                // the child is gone
            }
        }, "telemetry-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return ready.get(90, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            synchronized (printed) {
                throw new AssertionError("no ready line from brink sample --service telemetry; it printed:\n" + printed);
            }
        }
    }
}
