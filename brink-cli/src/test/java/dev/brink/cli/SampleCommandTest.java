package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** `brink sample` as a user runs it: a real brink process starting the real sample jar, stopped by SIGTERM. */
class SampleCommandTest {
    private static final Pattern READY = Pattern.compile("Book service ready on (http://127\\.0\\.0\\.1:\\d+) \\(pid (\\d+)\\)");

    @Test
    void startsTheSampleWithDefectsServesBooksAndStopsItWithBrink() throws Exception {
        Path jar = Path.of(System.getProperty("brink.home", ".."), "brink-sample/target/brink-sample.jar");
        assumeTrue(Files.isRegularFile(jar), "the sample jar is built by the reactor before brink-cli's tests; run ./mvnw verify from the root");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process brink = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dbrink.home=" + System.getProperty("brink.home"),
                BrinkMain.class.getName(), "sample", "--port", Integer.toString(port), "--defects", "leak", "--heap", "128m"))
                .redirectErrorStream(true).start();
        try {
            List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
            CompletableFuture<Matcher> ready = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                // reads to the end so the child never blocks on a full pipe
                try (BufferedReader in = new BufferedReader(new InputStreamReader(brink.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        seen.add(line);
                        Matcher rm = READY.matcher(line);
                        if (rm.find()) {
                            ready.complete(rm);
                        }
                    }
                } catch (java.io.IOException e) {
                    ready.completeExceptionally(e);
                }
                ready.complete(null);
            }, "brink-output");
            reader.setDaemon(true);
            reader.start();
            Matcher m;
            try {
                m = ready.get(90, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("brink sample printed no ready line in 90 s; it printed:\n" + String.join("\n", seen));
            }
            assertThat(m).as("ready line in:\n" + String.join("\n", seen)).isNotNull();
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
}
