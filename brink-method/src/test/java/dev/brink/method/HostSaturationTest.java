package dev.brink.method;

import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.brink.core.FindingKind;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.brink.load.plan.bind.PlanReader;

/**
 * A capacity search on a real service on 127.0.0.1 while child processes saturate every CPU of the host (bounded
 * busy loops) during the first capacity step: that step is host-saturated, names who was short of CPU and who took
 * it, is measured once more, and is not the capacity. The same plan run without the noise finds its capacity; that
 * part is only checked when the machine was quiet (other processes saturating it make every step host-saturated,
 * which is the point). About 40 s.
 */
class HostSaturationTest {
    @TempDir
    Path tmp;
    private HttpServer server;
    private final List<Process> noise = java.util.Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void serve() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "host health reads /proc (Linux)");
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        byte[] body = "{\"id\":1}".getBytes(StandardCharsets.UTF_8);
        server.createContext("/item", x -> {
            x.sendResponseHeaders(200, body.length);
            x.getResponseBody().write(body);
            x.close();
        });
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        for (Process p : noise) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.stop(0);
        }
    }

    private Plan plan() throws Exception {
        String yaml = """
                name: host-noise
                target: {base_url: "http://127.0.0.1:%d"}
                profile:
                  - {name: item, rps: 20, request: {method: GET, path: /item}}
                slo: {error_rate: 0.01, p99_ms: 1000}
                phases:
                  capacity: {start: 1, step: 1, max: 2, step_duration: 6s, warmup: 0s, refine: false}
                """.formatted(server.getAddress().getPort());
        return PlanReader.parse(yaml, "host-noise.yaml", tmp, name -> null);
    }

    private RunSummary run(String name) throws Exception {
        RunDirectory dir = RunDirectory.at(tmp.resolve(name));
        StringWriter console = new StringWriter();
        RunSummary s = new MethodRunner(plan(), dir, LoadOptions.defaults(), new PrintWriter(console, true)).run();
        System.out.println(console);
        return s;
    }

    @Test
    void aStepOtherProcessesSaturateIsHostSaturatedRemeasuredAndNotTheCapacity() throws Exception {
        RunSummary quiet = run("quiet");
        boolean quietMachine = quiet.capacity().steps().stream().noneMatch(s -> s.verdict() == StepVerdictKind.HOST_SATURATED);

        Path noisyDir = tmp.resolve("noisy");
        Thread starter = new Thread(() -> startNoiseInFirstStep(noisyDir.resolve(RunDirectory.LOAD)), "noise-starter");
        starter.setDaemon(true);
        starter.start();
        RunSummary noisy = run("noisy");
        starter.join(5_000);

        List<CapacityStep> steps = noisy.capacity().steps();
        assertThat(steps.get(0).multiplier()).isEqualTo(1);
        assertThat(steps.get(0).verdict()).as(steps.toString()).isEqualTo(StepVerdictKind.HOST_SATURATED);
        assertThat(steps.get(0).reasons().get(0)).contains("the host was saturated by other processes")
                .contains("short of CPU: ")
                .containsPattern("took the CPU: (the hypervisor \\(steal: [0-9.]+ cores ran other virtual machines\\), )?pid ");
        // measured once more: the step-retry event and a second measurement of the same multiplier
        List<JsonNode> events = JsonlReader.readAll(noisyDir.resolve(RunDirectory.EVENTS));
        assertThat(events).anySatisfy(e -> {
            assertThat(e.path("type").asText(e.path("event").asText())).isEqualTo("step-retry");
            assertThat(e.toString()).contains("capacity-x1").contains("host-saturated");
        });
        assertThat(steps).filteredOn(s -> s.multiplier() == 1).hasSize(2);
        // never the target's limit, nor the generator's
        assertThat(noisy.capacity().limitedBy()).isNotEqualTo(LimitedBy.GENERATOR);
        assertThat(noisy.capacity().firstBadMultiplier()).isNotEqualTo(1);
        assertThat(noisy.findings()).anySatisfy(f -> assertThat(f.kind()).isEqualTo(FindingKind.HOST_SATURATED));
        assertThat(Files.readAllLines(noisyDir.resolve(RunDirectory.HOST))).isNotEmpty()
                .anySatisfy(l -> assertThat(l).contains("\"saturated\":true"));

        assumeTrue(quietMachine, "the machine was saturated by other processes during the quiet run: "
                + "the noise-free capacity cannot be compared here");
        // the noise lasts 4 s of the first measurement; a second one saturated too means other processes were at work
        assumeTrue(steps.get(1).verdict() != StepVerdictKind.HOST_SATURATED, "the machine stayed saturated by other "
                + "processes after the test's noise ended: the noise-free capacity cannot be compared here");
        assertThat(quiet.capacity().maxMultiplier()).isEqualTo(2);
        assertThat(noisy.capacity().maxMultiplier()).isEqualTo(quiet.capacity().maxMultiplier());
        assertThat(noisy.capacity().limitedBy()).isEqualTo(quiet.capacity().limitedBy());
    }

    /** When the first capacity step's first second is in load.jsonl: 2 busy loops per CPU for 4 s of its 6 s. */
    private void startNoiseInFirstStep(Path loadJsonl) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (System.nanoTime() < deadline) {
                if (Files.isRegularFile(loadJsonl) && Files.readString(loadJsonl).contains("\"step\":\"capacity-x1\"")) {
                    int n = 2 * Runtime.getRuntime().availableProcessors();
                    for (int i = 0; i < n; i++) {
                        // bounded by the shell itself, with no wrapper: `timeout 4 sh -c …` left its sh spinning
                        // forever when the wrapper was killed first, and the orphans saturated every later test
                        noise.add(new ProcessBuilder("bash", "-c", "while (( SECONDS < 4 )); do :; done")
                                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
                    }
                    return;
                }
                Thread.sleep(50);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
