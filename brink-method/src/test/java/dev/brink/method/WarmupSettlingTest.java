package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm-up of a launched target against real services on 127.0.0.1 whose latency changes over time as a JVM's
 * does while it compiles: one slow for its first seconds and then steady (the warm-up ends once three seconds agree),
 * one whose latency keeps falling (it gets the whole warm-up). About 15 s.
 */
class WarmupSettlingTest {
    @TempDir
    Path tmp;
    private HttpServer server;
    private ExecutorService workers;

    @AfterEach
    void stop() {
        if (server != null) server.stop(0);
        if (workers != null) workers.shutdownNow();
    }

    @Test
    void aServiceThatIsSlowOnlyWhileItStartsEndsTheWarmUpEarly() throws Exception {
        // 40 ms per request for the first 3 s after the first request, then 10 ms: a steady latency the host's own
        // scheduling noise cannot move by half (against an answer at once, a busy 2-core host's milliseconds of noise
        // kept three seconds' medians apart and the warm-up ran to its end: 15 s in one CI run beside two busy loops)
        StepResult warmup = warmUp(ms -> ms < 3000 ? 40 : 10, 20, 13);
        assertThat(warmup.durationS()).as("seconds of warm-up: the three after the slow start settle it")
                .isGreaterThanOrEqualTo(5).isLessThan(14);
    }

    @Test
    void aServiceWhoseLatencyKeepsFallingGetsTheWholeWarmUp() throws Exception {
        // 160 ms, then half of it each second: no three seconds in a row within 1.5× of each other
        StepResult warmup = warmUp(ms -> Math.round(160 * Math.pow(0.5, ms / 1000)), 8, 8);
        assertThat(warmup.durationS()).isGreaterThanOrEqualTo(7.5);
    }

    /** A warm-up of at most {@code maxSeconds}; skipped unless the host gave three clean seconds in a row by {@code judgedBy}. */
    private StepResult warmUp(LongUnaryOperator delayMsAfterStart, int maxSeconds, int judgedBy) throws Exception {
        long[] first = {0};
        workers = Executors.newFixedThreadPool(32);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(workers);
        server.createContext("/", x -> {
            long now = System.currentTimeMillis();
            synchronized (first) {
                if (first[0] == 0) first[0] = now;
            }
            try {
                Thread.sleep(delayMsAfterStart.applyAsLong(now - first[0]));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            x.sendResponseHeaders(200, -1);
            x.close();
        });
        server.start();
        Plan plan = PlanReader.parse("""
                name: warm
                target: {base_url: "http://127.0.0.1:%d"}
                profile:
                  - {name: get, rps: 50, request: {method: GET, path: /}}
                slo: {error_rate: 0.01, p99_ms: 1000}
                """.formatted(server.getAddress().getPort()), "warm.yaml", tmp, name -> null);
        try (LoadEngine engine = LoadEngine.open(plan, LoadOptions.defaults(), RunDirectory.at(tmp.resolve("run")))) {
            WarmupSettling settling = new WarmupSettling(engine, CapacityPhase.WARMUP_STEP, 5, maxSeconds);
            engine.addListener(settling);
            settling.arm();
            StepResult r = engine.run(LoadStep.of(plan, CapacityPhase.WARMUP_STEP, 1, Duration.ofSeconds(maxSeconds)));
            settling.disarm();
            // a second in which the generator missed its schedule measured the machine, not the service: the rule
            // waits for three clean seconds in a row, and a machine too busy to give them after the slow start (from
            // the 4th second on) and by the second the test judges shows nothing about settling
            List<IntervalStats> seconds = JsonlReader.readAll(tmp.resolve("run").resolve(RunDirectory.LOAD), IntervalStats.class);
            int streak = 0;
            int longest = 0;
            for (int i = 3; i < Math.min(seconds.size(), judgedBy); i++) {
                IntervalStats s = seconds.get(i);
                streak = s.ok() > 0 && s.errorCount() == 0 && s.dropped() == 0 && !s.generatorBound() ? streak + 1 : 0;
                longest = Math.max(longest, streak);
            }
            assumeTrue(longest >= WarmupSettling.WINDOW, "no " + WarmupSettling.WINDOW + " clean seconds in a row from the"
                    + " 4th to the " + judgedBy + "th: the machine is too busy to judge the warm-up");
            return r;
        }
    }
}
