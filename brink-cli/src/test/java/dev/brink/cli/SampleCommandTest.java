package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/** `brink sample` as a user runs it: a real brink process starting the real sample jar, stopped by SIGTERM. */
class SampleCommandTest {
    @Test
    void startsTheSampleWithDefectsServesBooksAndStopsItWithBrink() throws Exception {
        SampleJarProcess.requireBuilt();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process brink = new ProcessBuilder(ChildBrink.command(List.of("-Dbrink.home=" + System.getProperty("brink.home")),
                "sample", "--port", Integer.toString(port), "--defects", "leak", "--heap", "128m"))
                .redirectErrorStream(true).start();
        try {
            ReadyLine output = ReadyLine.follow(brink, "brink-output");
            Matcher m = output.await(90);
            assertThat(m).as("brink sample printed no ready line in 90 s; it printed:\n" + output.printed()).isNotNull();
            assertThat(m.group(1)).isEqualTo("http://127.0.0.1:" + port);
            long samplePid = Long.parseLong(m.group(2));

            HttpResponse<String> r = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(m.group(1) + "/books")).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).startsWith("[{\"id\":1,");
            String cmdline = ProcessHandle.of(samplePid).flatMap(h -> h.info().arguments()).map(List::of).orElse(List.of()).toString();
            assertThat(cmdline).contains("--memory.leak.enabled=true", "-Xmx128m");

            brink.destroy(); // SIGTERM, as Ctrl-C would stop it
            assertThat(brink.waitFor(30, TimeUnit.SECONDS)).as("brink exited").isTrue();
            assertThat(ProcessHandle.of(samplePid).map(ProcessHandle::isAlive).orElse(false)).as("sample stopped").isFalse();
        } finally {
            brink.descendants().forEach(ProcessHandle::destroyForcibly); // a failed test must not leave the sample running
            brink.destroyForcibly();
        }
    }

    @Test
    void aTakenPortIsOneClearLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            int code = BrinkMain.run(new String[] {"sample", "--port", Integer.toString(taken.getLocalPort())},
                    new java.io.PrintStream(new java.io.ByteArrayOutputStream()), new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            assertThat(code).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("brink: port " + taken.getLocalPort()
                    + " on 127.0.0.1 is already in use: pick another with --port\n");
        }
    }

    @Test
    void theGrpcSamplesOptionsAreCheckedInOneLine() {
        assertThat(BrinkRun.brink("sample", "--service", "grpc", "--port", "0", "--defects", "leak").err)
                .isEqualTo("brink: unknown defect 'leak': expected a comma-separated list of tiny-old-gen, slow-handlers\n");
        assertThat(BrinkRun.brink("sample", "--service", "grpc", "--port", "0", "--defects", "tiny-old-gen", "--heap", "64m").err)
                .isEqualTo("brink: --heap and the tiny-old-gen defect both size the heap: pick one\n");
        assertThat(BrinkRun.brink("sample", "--service", "grpc", "--port", "0", "--queue", "5").err)
                .isEqualTo("brink: --queue is for the http sample: the grpc sample queues calls without a bound\n");
        BrinkRun bad = BrinkRun.brink("sample", "--service", "ftp");
        assertThat(bad.code).isEqualTo(2);
        assertThat(bad.err).isEqualTo("brink: unknown --service 'ftp': expected http, grpc or telemetry\n");
    }
}
