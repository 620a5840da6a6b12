package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;

import dev.brink.core.EventLog;
import dev.brink.core.RunDirectory;
import dev.brink.core.testing.ChildJvm;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.method.children.PlainServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * brink run --metrics shows the target JVM as the method's session observes it: a child JVM on a 64 MB heap,
 * attached by pid as a plan's target.jvm is, with the metrics' listener added to the session.
 */
class TargetJvmMetricsTest {
    @TempDir
    Path dir;

    @Test
    void theLiveMetricsCarryTheTargetsHeapCollectorsAndThreads() throws Exception {
        try (ChildJvm server = ChildJvm.start(ChildJvm.JDK17, ChildJvm.command(ChildJvm.JDK17, PlainServer.class,
                List.of("-Xmx64m", "-XX:+UseSerialGC")), line -> line.startsWith("PORT "))) {
            int port = Integer.parseInt(server.readyLine().substring(5).trim());
            Path file = dir.resolve("watched.yaml");
            Files.writeString(file, """
                    name: watched
                    target:
                      base_url: http://127.0.0.1:%d
                      jvm: {pid: %d}
                    profile:
                      - name: get
                        rps: 40
                        request: {method: GET, path: "/"}
                    phases:
                      soak: {multiplier: 1, hold: 10s}
                    """.formatted(port, server.pid()));
            RunDirectory run = RunDirectory.at(dir.resolve("run"));
            LiveMetrics metrics = new LiveMetrics(null, 40);
            try (EventLog events = new EventLog(run);
                 TargetSession session = TargetSession.open(PlanReader.load(file), run, events, new PrintWriter(new StringWriter(), true))) {
                session.addListener(new TargetJvmMetrics(metrics));
                Awaitility.await().atMost(Duration.ofSeconds(30))
                        .until(() -> value(metrics.render(true), "brink_jvm_threads{state=\"RUNNABLE\"}") >= 1);
            }
            String text = metrics.render(true);
            double max = value(text, "brink_jvm_heap_max_bytes");
            assertThat(max).isBetween(50.0 * (1 << 20), 64.0 * (1 << 20)); // -Xmx64m, less a survivor space
            assertThat(value(text, "brink_jvm_heap_used_bytes")).isPositive().isLessThanOrEqualTo(max);
            // Serial's collectors by their JMX names, counters from the JVM's start
            assertThat(value(text, "brink_jvm_gc_collections_total{collector=\"Copy\"}")).isGreaterThanOrEqualTo(0);
            assertThat(value(text, "brink_jvm_gc_seconds_total{collector=\"MarkSweepCompact\"}")).isGreaterThanOrEqualTo(0);
            assertThat(text).contains("# TYPE brink_jvm_gc_collections counter").endsWith("# EOF\n");
        }
    }

    /** The value of the sample line that is {@code series}, a space and a number; -1 when there is none. */
    private static double value(String text, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }
}
