package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code brink run} and the target it is given: one that is not there ends the run at once, in one line. */
class RunTargetTest {
    @TempDir
    Path dir;

    @Test
    void aRefusedPortIsOneLineAndExitTwoWithinSeconds() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
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
}
