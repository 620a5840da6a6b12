package dev.brink.cli;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

/**
 * The packaged sample service (brink-sample.jar, built by the reactor before brink-cli's tests) as a child
 * JVM on a free port, as users start it. Its output is read to the end (see {@link ReadyLine}).
 */
final class SampleJarProcess implements AutoCloseable {
    final String baseUrl;
    final long pid;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private SampleJarProcess(Process process, String baseUrl, long pid) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.pid = pid;
    }

    static Path jar() {
        return Path.of(System.getProperty("brink.home", ".."), "brink-sample/target/brink-sample.jar");
    }

    /**
     * Fails the test unless the sample jar is there. brink-cli declares brink-sample as a test dependency, so the
     * reactor builds it first: a missing jar means the tests run outside the reactor, and a test that quietly skipped
     * would report the demos as passing when none ran.
     */
    static void requireBuilt() {
        org.assertj.core.api.Assertions.assertThat(jar()).as("the sample jar, built by the reactor before brink-cli's tests "
                + "(run ./mvnw verify from the root, or -pl brink-cli -am)").isRegularFile();
    }

    static SampleJarProcess start(String heap, String... springArgs) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-jar", jar().toString(), "--server.port=0"));
        cmd.addAll(List.of(springArgs));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ReadyLine output = ReadyLine.follow(p, "sample-output");
        Matcher m = output.await(90);
        if (m == null) {
            p.destroyForcibly();
            throw new IllegalStateException("the sample printed no ready line; it printed:\n" + output.printed());
        }
        return new SampleJarProcess(p, m.group(1), Long.parseLong(m.group(2)));
    }

    int send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** Runs jcmd against the sample, as a person would. */
    String jcmd(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid)));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + String.join(" ", args) + " failed:\n" + out);
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
