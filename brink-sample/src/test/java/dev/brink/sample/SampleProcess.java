package dev.brink.sample;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The book service as a real child JVM on a free port (server.port=0), started from the test classpath.
 * Waits for its "ready" line, which carries the port and the PID. Close stops it.
 */
final class SampleProcess implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("Book service ready on (http://127\\.0\\.0\\.1:(\\d+)) \\(pid (\\d+)\\)");

    final String baseUrl;
    final long pid;
    private final Process process;
    private final List<String> output = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private SampleProcess(Process process, String baseUrl, long pid) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.pid = pid;
    }

    static SampleProcess start(String... springArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx256m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(BookApplication.class.getName());
        cmd.add("--server.port=0");
        cmd.addAll(List.of(springArgs));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BlockingQueue<String> ready = new ArrayBlockingQueue<>(1);
        List<String> seen = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (seen) {
                        seen.add(line);
                    }
                    if (READY.matcher(line).find()) {
                        ready.offer(line);
                    }
                }
            } catch (IOException ignored) {
                // the child was stopped
            }
        }, "sample-output");
        reader.setDaemon(true);
        reader.start();
        String line = ready.poll(90, TimeUnit.SECONDS);
        if (line == null) {
            p.destroyForcibly();
            synchronized (seen) {
                throw new IllegalStateException("the sample did not become ready in 90 s; its output:\n" + String.join("\n", seen));
            }
        }
        Matcher m = READY.matcher(line);
        m.find();
        SampleProcess s = new SampleProcess(p, m.group(1), Long.parseLong(m.group(3)));
        return s;
    }

    HttpResponse<String> send(String method, String path, String body, String contentType) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws Exception {
        return send("GET", path, null, null);
    }

    /** Runs a JDK tool (jcmd) against the child and returns its output. */
    String jcmd(String... command) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
        cmd.add(Long.toString(pid));
        cmd.addAll(List.of(command));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + String.join(" ", command) + " failed:\n" + out);
        }
        return out;
    }

    /** Instances of a class in the child's live heap, from jcmd GC.class_histogram (0 if absent). */
    long liveInstances(String className) throws Exception {
        Pattern row = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+" + Pattern.quote(className) + "(\\s|$)", Pattern.MULTILINE);
        Matcher m = row.matcher(jcmd("GC.class_histogram"));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
