package dev.brink.cli;

import static dev.brink.cli.BrinkRun.brink;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.verdict.SoakVerdictKind;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `brink run` phases against a target Brink launches itself: a soak without the leak (the sample service), --phases,
 * Ctrl-C, SIGKILL, fail_on. Where what is checked is Brink's handling of its launched target, not the service's
 * behaviour (Ctrl-C, SIGKILL, the gate and --jfr), the target is {@link PlainHttpTarget}, which listens within a second.
 */
@MeasuresHost
class MethodPhasesTest {
    @TempDir
    Path dir;

    /**
     * A plan whose target Brink launches on a free port: {@code launch} gives the java command line for that port.
     * The profile speaks the sample's API; {@link PlainHttpTarget} answers it too.
     */
    private Path plan(String name, IntFunction<List<String>> launch, String phases, String failOn) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String cmd = launch.apply(port).stream().map(a -> "'" + a.replace("'", "''") + "'").collect(Collectors.joining(", "));
        Path plan = dir.resolve(name + ".yaml");
        Files.writeString(plan, """
                name: %s
                target:
                  base_url: http://127.0.0.1:%d
                  jvm: {launch: [%s]}
                profile:
                  - {name: get-book, rps: 60, request: {method: GET, path: "/books/${random.int(1,1000)}"}, check: {status: 200}}
                  - {name: reprice, rps: 40, request: {method: PUT, path: "/books/${random.int(1,1000)}/price", body: "${random.decimal(1,100)}"}}
                slo: {error_rate: 0.01, p99_ms: 500}
                phases:
                %s
                %s
                """.formatted(name, port, cmd, phases.strip().indent(2).stripTrailing(), failOn));
        return plan;
    }

    /** The sample service (its defects off) on a 64 MB heap, the soak's small heap, launched as such: no relaunch. */
    private static List<String> sample(int port) {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-jar",
                SampleJarProcess.jar().toString(), "--server.port=" + port);
    }

    @Test
    void withoutTheLeakTheSoakIsStableAndTheGateOnLeaksPasses() throws Exception {
        SampleJarProcess.requireBuilt();
        // launched on the small heap itself: the relaunch on phases.soak.small_heap is DemoCommandTest's
        Path p = plan("no-leak", MethodPhasesTest::sample, """
                  capacity: {start: 1, step: 1, max: 2, step_duration: 3s}
                  soak: {multiplier: 1, hold: 15s}""", "fail_on: {soak: leak}");
        Path out = dir.resolve("soak");
        BrinkRun r = brink("run", p.toString(), "--phases", "soak", "--out", out.toString());
        System.out.println(r.out);
        JsonNode s = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(s.has("capacity")).as("--phases soak runs the soak only").isFalse();
        // the leak analysis finds no leak either way; on a host other processes saturate (a verify beside two CPU
        // burners) Brink does not judge the soak (HostSaturationTest), and a gate it cannot judge fails closed
        assertThat(s.get("soak").get("reason").asText()).as(r.out).startsWith("no leak");
        if (s.get("soak").get("verdict").asText().equals(SoakVerdictKind.HOST_SATURATED.json())) {
            assertThat(r.code).as(r.out + r.err).isEqualTo(3);
            assertThat(r.out).contains("gate not judged: fail_on.soak: not judged");
        } else {
            assertThat(r.code).as(r.out + r.err).isZero();
            assertThat(s.get("soak").get("verdict").asText()).as(r.out).isEqualTo("stable");
            // a healthy service gets no memory-leak finding, not even an informational one from the histograms
            assertThat(s.get("findings")).as(r.out).noneMatch(f -> f.get("kind").asText().equals(FindingKind.MEMORY_LEAK.jsonName()));
        }
        // six probes, plus the histograms at start and end
        try (var files = Files.list(out.resolve("evidence"))) {
            assertThat(files.filter(f -> f.getFileName().toString().startsWith("histo-")).count()).isGreaterThanOrEqualTo(7);
        }
        assertThat(s.get("findings").toString()).doesNotContain("Full-GC storm"); // Brink's own probes are not the service's GC
    }

    @Test
    void theGateFailsWithExitCode3AndJfrRecordsTheTarget() throws Exception {
        Path p = plan("gate", PlainHttpTarget::command, "  capacity: {start: 1, step: 1, max: 1, step_duration: 3s, refine: false}", "fail_on: {capacity_below: 5}");
        BrinkRun r = brink("run", p.toString(), "--jfr", "--out", dir.resolve("gate").toString());
        assertThat(r.code).as(r.out + r.err).isEqualTo(3);
        // the search stops at 1 × profile: it never shows the service below 5, so the gate is not judged — and fails closed
        assertThat(r.out).contains("gate not judged: fail_on.capacity_below: not judged: the search ended on ")
                .contains("not known to be below 5");
        assertThat(dir.resolve("gate/summary.json")).isRegularFile();
        // --jfr: the target's recording, stopped and written before the launched target was stopped
        try (var files = Files.list(dir.resolve("gate/evidence"))) {
            Path jfr = files.filter(f -> f.getFileName().toString().endsWith(".jfr")).findFirst().orElseThrow();
            assertThat(Files.size(jfr)).isGreaterThan(10_000);
        }
    }

    @Test
    void aConfirmWithoutCapacityNeedsItsMultiplierAndSaysSoBeforeAnyLoad() throws Exception {
        Path p = plan("confirm-only", PlainHttpTarget::command, "  confirm: {ramp: 1s, hold: 2s}", "");
        BrinkRun r = brink("run", p.toString(), "--phases", "confirm", "--out", dir.resolve("c").toString());
        assertThat(r.code).isEqualTo(2);
        assertThat(r.err).isEqualTo("brink: confirm-only: a confirmation without the capacity search needs phases.confirm.multiplier (what to confirm)\n");
        BrinkRun bad = brink("run", p.toString(), "--phases", "capacity,warmup");
        assertThat(bad.code).isEqualTo(2);
        assertThat(bad.err).contains("'warmup' is not a phase; expected capacity, confirm, stages, soak");
    }

    /**
     * Ctrl-C stops a live run: the load and the target stop, what exists is written, and the summary names the
     * step that was running. SIGINT where it reaches brink; SIGTERM (the same shutdown in the JVM) where this process
     * tree ignores SIGINT, as a shell's background job does.
     */
    @Test
    void ctrlCStopsLoadAndTargetAndWritesWhatExistsNamingTheRunningStep() throws Exception {
        Path p = plan("interrupted", PlainHttpTarget::command, "  capacity: {start: 1, step: 1, max: 50, step_duration: 3s}", "");
        Path out = dir.resolve("int");
        Path console = dir.resolve("console.txt");
        Process brink = startRun(p, out, console);
        try {
            long target = awaitTwoStepsAndTargetPid(brink, out, console);
            if (target < 0) return; // the run ended on its own, host-saturated, and said so
            if (ignoresSigint(brink.pid())) {
                System.out.println("SIGINT is ignored in this process tree (a background job): SIGTERM instead");
                brink.destroy(); // SIGTERM
            } else {
                assertThat(new ProcessBuilder("kill", "-INT", Long.toString(brink.pid())).start().waitFor()).isZero();
            }
            assertThat(brink.waitFor(60, TimeUnit.SECONDS)).as("brink exited").isTrue();
            JsonNode s = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
            assertThat(s.get("interrupted").asBoolean()).isTrue();
            assertThat(s.get("capacity").get("steps").size()).isGreaterThanOrEqualTo(2);
            assertThat(s.get("capacity").get("limited_by").asText()).isEqualTo("interrupted");
            // the step that was running, as a run rebuilt after a SIGKILL names it
            assertThat(s.get("interrupted_in").asText()).startsWith("capacity-x");
            assertThat(Files.readString(out.resolve("summary.md"))).contains("(last step started: capacity-x");
            assertThat(Files.readString(console)).contains("(the run was cut short: interrupted) (last step started: capacity-x");
            assertThat(Files.readString(out.resolve("events.jsonl"))).contains("\"type\":\"run-end\",\"interrupted\":true");
            assertThat(ProcessHandle.of(target).map(ProcessHandle::isAlive).orElse(false)).as("launched target stopped").isFalse();
            assertThat(out.resolve("report.html")).isRegularFile();
        } finally {
            brink.descendants().forEach(ProcessHandle::destroyForcibly);
            brink.destroyForcibly();
        }
    }

    /**
     * SIGKILL of brink run: the target it launched goes too, within 5 s (its watchdog), and the run is summarised
     * later from its directory.
     */
    @Test
    void aSigkilledRunIsSummarisedLaterFromItsDirectory() throws Exception {
        Path p = plan("killed", PlainHttpTarget::command, "  capacity: {start: 1, step: 1, max: 50, step_duration: 3s}", "");
        Path out = dir.resolve("killed");
        Process brink = startRun(p, out, dir.resolve("killed.txt"));
        long target = -1;
        try {
            target = awaitTwoStepsAndTargetPid(brink, out, dir.resolve("killed.txt"));
            if (target < 0) return; // the run ended on its own, host-saturated, and said so
            brink.destroyForcibly(); // SIGKILL: no hook runs, nothing is tidied
            assertThat(brink.waitFor(30, TimeUnit.SECONDS)).isTrue();
            // the launched target's watchdog (Brink's agent) sees Brink gone and ends it: no orphan outlives the run
            ProcessHandle orphan = ProcessHandle.of(target).orElse(null);
            long killed = System.nanoTime();
            if (orphan != null) {
                Awaitility.await().atMost(5, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS).until(() -> !orphan.isAlive());
            }
            System.out.printf("launched target gone %.1f s after brink run's SIGKILL%n", (System.nanoTime() - killed) / 1e9);
        } finally {
            brink.destroyForcibly();
            if (target > 0) {
                ProcessHandle.of(target).ifPresent(ProcessHandle::destroyForcibly); // a failed assertion above leaves none behind
            }
        }
        assertThat(out.resolve("summary.json")).doesNotExist();
        BrinkRun r = brink("report", out.toString());
        assertThat(r.code).as(r.err).isZero();
        assertThat(r.out).contains("summary.json rebuilt from events.jsonl (the run did not finish)", "interrupted");
        JsonNode s = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(s.get("interrupted").asBoolean()).isTrue();
        assertThat(s.get("capacity").get("steps").size()).isGreaterThanOrEqualTo(2);
        assertThat(s.get("capacity").get("steps").get(0).get("multiplier").asInt()).isEqualTo(1);
        // the search never reached its max: it was cut short, and the summary says in which step
        boolean degraded = false;
        for (JsonNode st : s.get("capacity").get("steps")) {
            degraded |= st.get("verdict").asText().equals("degraded");
        }
        if (!degraded) {
            assertThat(s.get("capacity").get("limited_by").asText()).isEqualTo("interrupted");
        }
        assertThat(s.get("interrupted_in").asText()).startsWith("capacity-x");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("(last step started: capacity-x").doesNotContain("stopped at its max");
    }

    /** `brink run PLAN --out OUT` as a child process of its own, its console into a file. */
    private static Process startRun(Path plan, Path out, Path console) throws IOException {
        return new ProcessBuilder(ChildBrink.command(List.of("-Dbrink.home=" + System.getProperty("brink.home")),
                "run", plan.toString(), "--out", out.toString()))
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
    }

    /** Whether the process ignores SIGINT (bit 2 of SigIgn in /proc/PID/status). */
    private static boolean ignoresSigint(long pid) throws IOException {
        String status = Files.readString(Path.of("/proc", Long.toString(pid), "status"));
        String mask = status.replaceAll("(?s).*\\nSigIgn:\\s*([0-9a-fA-F]+).*", "$1");
        return (Long.parseUnsignedLong(mask, 16) & (1L << (2 - 1))) != 0;
    }

    /**
     * Waits until two capacity steps were judged; returns the pid of the target the run launched. A run that ended
     * before (its target did not start, say) fails the test at once with its console.
     */
    private static long awaitTwoStepsAndTargetPid(Process brink, Path out, Path console) throws Exception {
        Awaitility.await().atMost(120, TimeUnit.SECONDS).pollInterval(500, TimeUnit.MILLISECONDS).until(() ->
                !brink.isAlive() || Files.exists(out.resolve("events.jsonl"))
                        && Files.readString(out.resolve("events.jsonl")).split("\"step-verdict\"", -1).length > 2);
        if (!brink.isAlive() && brink.waitFor() == 0) {
            // a machine other processes saturate stops the search at its first step: that is the right answer there
            // (HostSaturationTest), and it must say so and who took the CPU; there was no later step to cut short
            JsonNode s = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
            assertThat(s.get("capacity").get("limited_by").asText()).as(Files.readString(console)).isIn("host-saturated", "generator");
            assertThat(s.get("findings").toString()).containsPattern("host-saturated|generator-bound");
            if (s.get("capacity").get("limited_by").asText().equals("host-saturated")) {
                assertThat(s.get("findings").toString()).contains("took the CPU: ");
            }
            return -1;
        }
        assertThat(brink.isAlive()).as("brink still running after two steps: " + Files.readString(console)).isTrue();
        return Long.parseLong(Files.readString(console).replaceAll("(?s).*target launched \\(pid (\\d+)\\).*", "$1"));
    }
}
