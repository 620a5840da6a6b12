package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brink run} and the target it is given: one that is not there ends the run at once, in one line. */
class RunTargetTest {
    @TempDir
    Path dir;

    /**
     * A target Brink launched never outlives Brink, even when Brink is SIGKILLed and can tidy nothing: the watchdog of
     * Brink's agent in the target sees Brink gone and exits it. {@code brink watch --launch} here, the launch
     * {@code brink run} uses too (MethodPhasesTest SIGKILLs a run mid-search where the machine lets it get there).
     */
    @Test
    void aLaunchedTargetGoesWithinFiveSecondsOfBrinksSigkill() throws Exception {
        int port = freePort();
        Path console = dir.resolve("watch.txt");
        List<String> args = new java.util.ArrayList<>(List.of("watch", "--duration", "120s", "--out", dir.resolve("w").toString(), "--launch"));
        args.addAll(PlainHttpTarget.command(port));
        Process brink = new ProcessBuilder(ChildBrink.command(List.of("-Dbrink.home=" + System.getProperty("brink.home")),
                args.toArray(String[]::new))).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        long target = -1;
        try {
            Awaitility.await().atMost(60, TimeUnit.SECONDS).pollInterval(200, TimeUnit.MILLISECONDS)
                    .until(() -> !brink.isAlive() || Files.readString(console).contains("watching launched pid "));
            target = Long.parseLong(Files.readString(console).replaceAll("(?s).*watching launched pid (\\d+).*", "$1"));
            ProcessHandle launched = ProcessHandle.of(target).orElseThrow();
            brink.destroyForcibly(); // SIGKILL
            assertThat(brink.waitFor(30, TimeUnit.SECONDS)).isTrue();
            long killed = System.nanoTime();
            Awaitility.await().atMost(5, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS).until(() -> !launched.isAlive());
            System.out.printf("launched target gone %.1f s after Brink's SIGKILL%n", (System.nanoTime() - killed) / 1e9);
        } finally {
            brink.destroyForcibly();
            if (target > 0) ProcessHandle.of(target).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aRefusedPortIsOneLineAndExitTwoWithinSeconds() throws Exception {
        int closed = freePort();
        Path plan = dir.resolve("plan.yaml");
        Files.writeString(plan, """
                name: nobody-home
                target: {base_url: "http://127.0.0.1:%d"}
                profile: [{name: get, rps: 10, request: {path: /}}]
                slo: {error_rate: 0.01, p99_ms: 200}
                phases: {capacity: {start: 1, step: 1, max: 3, step_duration: 2s}}
                """.formatted(closed));
        long t0 = System.nanoTime();
        BrinkRun r = brink("run", plan.toString(), "--out", dir.resolve("run").toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertThat(r.code).as(r.out + r.err).isEqualTo(2);
        assertThat(r.err.strip()).startsWith("brink: cannot connect to 127.0.0.1:" + closed).doesNotContain("\n");
        assertThat(seconds).as("exit within 5 s").isLessThan(5);
        assertThat(dir.resolve("run")).as("nothing left behind").doesNotExist();
    }

    /** A port nothing listens on (it was free a moment ago). */
    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
