package dev.brink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `brink watch` against real child JVMs. */
class WatchCommandTest {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    int brink(String... args) {
        return BrinkMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> l = new ArrayList<>();
        for (String s : Files.readAllLines(file)) l.add(Json.MAPPER.readTree(s));
        return l;
    }

    @Test
    void watchPidWritesJvmAndGcFilesAndPrintsALinePerInterval(@TempDir Path dir) throws Exception {
        Process child = WatchChild.start(120);
        try {
            int code = brink("watch", Long.toString(child.pid()), "--duration", "4s", "--interval", "500ms", "--out", dir.toString());
            assertThat(code).as(err()).isZero();
            assertThat(out()).startsWith("brink: watching pid " + child.pid() + " (OpenJDK");
            assertThat(out().lines().filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d  heap .* / 64\\.0 MiB  after GC .*  GCs \\d+ \\(\\d+ ms\\)  BLOCKED \\d+  threads \\d+  CPU .*")))
                    .hasSizeGreaterThanOrEqualTo(3);
            assertThat(out()).contains("brink: watched pid " + child.pid() + " for 4s");
            List<JsonNode> samples = lines(dir.resolve("jvm.jsonl"));
            assertThat(samples).hasSizeGreaterThanOrEqualTo(3);
            assertThat(samples.get(0).get("heap").get("max").asLong()).isEqualTo(64L << 20);
            assertThat(samples.get(0).get("pid").asLong()).isEqualTo(child.pid());
            assertThat(child.isAlive()).as("watching a PID leaves it running").isTrue();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void targetThatExitsMidWatchEndsCleanlyWithTargetDied(@TempDir Path dir) throws Exception {
        Process child = WatchChild.start(120);
        java.util.concurrent.CompletableFuture<Integer> watch = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                brink("watch", Long.toString(child.pid()), "--duration", "120s", "--interval", "500ms", "--out", dir.toString()));
        try {
            // kill it once the watch has recorded something: attach time on a loaded machine is unknown
            Path jvm = dir.resolve("jvm.jsonl");
            long deadline = System.currentTimeMillis() + 60_000;
            while ((!Files.exists(jvm) || Files.size(jvm) == 0) && System.currentTimeMillis() < deadline && !watch.isDone()) {
                Thread.sleep(100);
            }
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(watch.get(60, TimeUnit.SECONDS)).as(err()).isZero();
        assertThat(out()).contains("brink: target pid " + child.pid() + " exited; recorded as target-died in");
        JsonNode died = lines(dir.resolve("events.jsonl")).stream()
                .filter(e -> e.get("type").asText().equals("target-died")).findFirst().orElseThrow();
        assertThat(died.get("last_sample").get("epoch_ms").asLong()).isPositive();
        assertThat(lines(dir.resolve("jvm.jsonl"))).isNotEmpty();
    }

    @Test
    void watchLaunchedCommandStopsItAtTheEnd(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("watch", "--duration", "2s", "--out", dir.toString(), "--launch"));
        args.addAll(WatchChild.command(120));
        int code = brink(args.toArray(String[]::new));
        assertThat(code).as(err()).isZero();
        String first = out().lines().findFirst().orElseThrow();
        assertThat(first).startsWith("brink: watching launched pid ");
        long pid = Long.parseLong(first.replaceAll("^brink: watching launched pid (\\d+) .*$", "$1"));
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("launched target stopped").isFalse();
        assertThat(lines(dir.resolve("jvm.jsonl"))).isNotEmpty();
    }

    @Test
    void wrongTargetsAreOneLineAndExit2() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThat(brink("watch", "127.0.0.1:" + port, "--duration", "1s")).isEqualTo(2);
        assertThat(err()).isEqualTo("brink: cannot connect to JMX at 127.0.0.1:" + port + ": Connection refused\n");
        err.reset();
        assertThat(brink("watch")).isEqualTo(2);
        assertThat(err()).isEqualTo("brink: a TARGET is required: a PID, host:port, or --launch CMD…\n");
        err.reset();
        assertThat(brink("watch", "12x")).isEqualTo(2);
        assertThat(err().lines()).hasSize(1);
        err.reset();
        assertThat(brink("watch", "1234", "--interval", "soon")).isEqualTo(2);
        assertThat(err()).startsWith("brink: bad duration 'soon'");
    }

    @Test
    void helpListsTheOptions() {
        assertThat(brink("watch", "--help")).isZero();
        assertThat(out()).contains("--duration", "--interval", "--out", "--launch");
    }
}
