package dev.brink.method;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.ContractCheck;
import dev.brink.core.EventType;
import dev.brink.core.FindingDetail;
import dev.brink.core.FindingKind;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.testing.ChildJvm;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.method.children.PlainServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The method on real targets: a child JVM serving HTTP on 127.0.0.1. */
class MethodRunnerTest {
    @TempDir
    Path dir;

    private Process child;

    @AfterEach
    void stopChild() {
        if (child != null) {
            child.destroyForcibly();
        }
    }

    /** check() accepts a soak-only plan without an slo: such a plan runs (it used to end in an internal error). */
    @Test
    void aSoakOnlyPlanWithoutSloRuns() throws Exception {
        int port = startChild();
        Plan plan = plan("soak-only", port, false, """
                phases:
                  soak: {multiplier: 1, hold: 2s}
                """);
        LiveMetrics metrics = new LiveMetrics(null, plan.totalRps());
        RunSummary s = new MethodRunner(plan, RunDirectory.at(dir.resolve("run")), LoadOptions.defaults(), console())
                .withMetrics(metrics).run(EnumSet.of(MethodPhase.SOAK));
        assertThat(s.interrupted()).isFalse();
        assertThat(s.capacity()).isNull();
        assertThat(s.soak().verdict()).as("no target.jvm: nothing to judge a trend on").isEqualTo(SoakVerdictKind.UNKNOWN);
        assertThat(s.soak().holdS()).isGreaterThan(1.5);
        // brink run --metrics: the method's phase and its load, and no JVM figures without target.jvm
        assertThat(metrics.render(true)).contains("brink_phase_info{phase=\"soak\"} 1\n")
                .containsPattern("(?m)^brink_requests_ok_total [1-9]").doesNotContain("brink_jvm_");
    }

    /**
     * A soak whose load breaks the SLO (every answer fails its check: 200 where 201 is expected) gets thread dumps
     * and a class histogram taken while its load runs again, as a degraded capacity step does; and it says why it
     * ran at its multiplier. The loose p99 keeps a loaded machine's lag from reading as a generator limit.
     */
    @Test
    void aSoakThatDegradesTakesEvidenceUnderItsLoadAndSaysWhyItsMultiplier() throws Exception {
        int port = startChild();
        Path file = dir.resolve("soak-degrades.yaml");
        Files.writeString(file, """
                name: soak-degrades
                target:
                  base_url: http://127.0.0.1:%d
                  jvm: {pid: %d}
                profile:
                  - {name: create, rps: 20, request: {method: GET, path: "/"}, check: {status: 201}}
                slo: {error_rate: 0.01, p99_ms: 5000}
                phases:
                  soak: {multiplier: 2, hold: 3s}
                """.formatted(port, child.pid()));
        Plan plan = PlanReader.load(file);
        RunDirectory run = RunDirectory.at(dir.resolve("run"));
        StringWriter text = new StringWriter();
        RunSummary s = new MethodRunner(plan, run, LoadOptions.defaults(), new PrintWriter(text, true)).run(EnumSet.of(MethodPhase.SOAK));
        System.out.println(text);
        assertThat(s.soak().multiplierReason()).isEqualTo("the plan's phases.soak.multiplier (no capacity found in this run to compare it with)");
        // a machine busy with other work is no verdict on the load (HostSaturationTest): nothing to take evidence of
        assumeFalse(text.toString().contains("soak load host-saturated"), "the host was saturated by other processes");
        assertThat(text.toString()).contains("soak load degraded: error rate 100.00 %");
        List<JsonNode> events = events(run);
        assertThat(events).anySatisfy(e -> {
            assertThat(e.path("type").asText()).isEqualTo(EventType.STEP_START);
            assertThat(e.path("step").asText()).isEqualTo("soak-evidence");
        });
        assertThat(events).filteredOn(e -> e.path("type").asText().equals(EventType.EVIDENCE))
                .extracting(e -> e.path("kind").asText()).contains("threads", "histogram");
        assertThat(ContractCheck.violations(run.root(), Files.readString(Path.of("..", "DESIGN.md")))).isEmpty();
    }

    /**
     * The target SIGKILLed during the second capacity step: that step measured a closed port, so it is no capacity
     * verdict (not "limited by errors"), no evidence step runs against the dead target, and the run says where it died.
     */
    @Test
    void aStepDuringWhichTheTargetDiedIsNoCapacityVerdict() throws Exception {
        int port = startChild();
        // a loose SLO: on a loaded machine step 1 must still hold (the generator's lag limit is 5 % of it)
        Plan plan = plan("dies", port, true, """
                slo: {error_rate: 0.05, p99_ms: 5000}
                phases:
                  capacity: {start: 1, step: 1, max: 5, step_duration: 3s, warmup: 0s, refine: false}
                """);
        RunDirectory run = RunDirectory.at(dir.resolve("run"));
        RunSummary s = capacityKillingTheTargetInStep2(plan, run);

        // a machine busy with other work is no verdict on the load (HostSaturationTest): the search then stops at step
        // 1 as not judged, before the step the target dies in
        assumeFalse(s.capacity().steps().stream().anyMatch(st -> st.verdict() == StepVerdictKind.HOST_SATURATED
                || st.verdict() == StepVerdictKind.GENERATOR_BOUND), "the host was saturated by other processes");
        assertThat(s.interrupted()).isTrue();
        assertThat(s.capacity().steps()).extracting(CapacityStep::verdict)
                .containsExactly(StepVerdictKind.OK, StepVerdictKind.TARGET_DIED);
        assertThat(s.capacity().limitedBy()).isEqualTo(LimitedBy.INTERRUPTED);
        assertThat(s.capacity().maxMultiplier()).isEqualTo(1);
        assertThat(s.capacity().firstBadMultiplier()).isEqualTo(-1);
        assertThat(events(run)).noneMatch(e -> e.path("step").asText().endsWith("-evidence"));
        assertThat(s.findings()).anySatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.TARGET_DIED);
            assertThat(f.detail()).containsEntry(FindingDetail.TargetDied.STEP, "capacity step N=2");
        });
        assertThat(ContractCheck.violations(run.root(), Files.readString(Path.of("..", "DESIGN.md")))).isEmpty();
    }

    /**
     * A target Brink does not observe that stops answering mid-run (SIGKILL as capacity step 2 starts) ends that step as
     * target-died, whatever the machine's load: its port refused every request of the step's last seconds. A host too
     * busy to judge step 1 stops the search before step 2, and then says so.
     */
    @Test
    void anUnobservedTargetThatStopsAnsweringIsTargetDiedNeverHostSaturated() throws Exception {
        int port = startChild();
        Plan plan = plan("vanishes", port, false, """
                slo: {error_rate: 0.05, p99_ms: 5000}
                phases:
                  capacity: {start: 1, step: 1, max: 5, step_duration: 3s, warmup: 0s, refine: false}
                """);
        RunDirectory run = RunDirectory.at(dir.resolve("run"));
        RunSummary s = capacityKillingTheTargetInStep2(plan, run);
        List<CapacityStep> steps = s.capacity().steps();
        if (steps.stream().noneMatch(st -> st.multiplier() == 2)) {
            // step 1 was not judged (the host saturated, the generator behind): the search stopped there, and says why
            assertThat(s.capacity().limitedBy()).isIn(LimitedBy.HOST_SATURATED, LimitedBy.GENERATOR);
            assertThat(s.findings()).extracting(f -> f.kind()).containsAnyOf(FindingKind.HOST_SATURATED, FindingKind.GENERATOR_BOUND);
            return;
        }
        CapacityStep last = steps.get(steps.size() - 1);
        assertThat(last.multiplier()).isEqualTo(2);
        assertThat(last.verdict()).as(String.join("; ", last.reasons())).isEqualTo(StepVerdictKind.TARGET_DIED);
        assertThat(last.reasons().get(0)).containsPattern("the target (stopped answering during the step|answered none)")
                .contains("connect-refused");
        assertThat(s.interrupted()).isTrue();
        assertThat(s.capacity().limitedBy()).isIn(LimitedBy.INTERRUPTED, LimitedBy.HOST_SATURATED, LimitedBy.GENERATOR);
        assertThat(s.findings()).anySatisfy(f -> {
            assertThat(f.kind()).isEqualTo(FindingKind.TARGET_DIED);
            assertThat(f.title()).contains("connect-refused");
            assertThat(f.detail()).containsEntry(FindingDetail.TargetDied.STEP, "capacity step N=2");
        });
    }

    /**
     * The plan's load shape as a phase: a ramp and a spike on one open schedule, judged as a hold is, with the shape in
     * summary.json and each second's target in load.jsonl (what report.html's load chart draws).
     */
    @Test
    void thePlansStagesRunAsOneShapedStepAndAreJudged() throws Exception {
        int port = startChild();
        Plan plan = plan("shaped", port, false, """
                slo: {error_rate: 0.05, p99_ms: 5000}
                phases:
                  stages: "ramp 10->40 over 3s, spike 80 for 1s"
                fail_on: "errors>1%"
                """);
        RunDirectory run = RunDirectory.at(dir.resolve("run"));
        RunSummary s = new MethodRunner(plan, run, LoadOptions.defaults(), console()).run();
        assertThat(s.stages()).isNotNull();
        assertThat(s.stages().shape()).isEqualTo("ramp 10->40 req/s over 3s, spike 80 req/s for 1s");
        assertThat(s.stages().verdict()).as(String.join("; ", s.stages().reasons()))
                .isIn(dev.brink.core.verdict.ConfirmVerdict.HOLDS, dev.brink.core.verdict.ConfirmVerdict.HOST_SATURATED,
                        dev.brink.core.verdict.ConfirmVerdict.GENERATOR_BOUND);
        // 3 × 25 + 80 requests: the ramp's integral and the spike's
        assertThat(s.stages().measured().requests()).isEqualTo(155);
        List<JsonNode> seconds = JsonlReader.readAll(run.file(RunDirectory.LOAD)).stream()
                .filter(l -> l.path("step").asText().equals("stages") && l.path("target_rps").asDouble() > 0).toList();
        assertThat(seconds).extracting(l -> l.path("target_rps").asDouble()).startsWith(15.0, 25.0, 35.0, 80.0);
        assertThat(FailOnGate.failures(plan.failOn(), s)).isEmpty();
    }

    /** The capacity search of {@code plan}, the child target SIGKILLed as capacity step 2 starts. */
    private RunSummary capacityKillingTheTargetInStep2(Plan plan, RunDirectory run) throws Exception {
        Thread killer = new Thread(() -> {
            // the file is being written: its last line may be cut, so it is read leniently here
            Awaitility.await().atMost(90, TimeUnit.SECONDS).pollInterval(100, TimeUnit.MILLISECONDS).ignoreExceptions()
                    .until(() -> Files.readAllLines(run.file(RunDirectory.EVENTS)).stream()
                            .anyMatch(l -> l.contains("\"type\":\"" + EventType.STEP_START + "\"") && l.contains("\"step\":\"capacity-x2\"")));
            child.destroyForcibly(); // SIGKILL
        });
        killer.setDaemon(true);
        killer.start();
        RunSummary s = new MethodRunner(plan, run, LoadOptions.defaults(), console()).run(EnumSet.of(MethodPhase.CAPACITY));
        killer.join(1000);
        return s;
    }

    private int startChild() throws Exception {
        ChildJvm server = ChildJvm.start(ChildJvm.JDK17, ChildJvm.command(ChildJvm.JDK17, PlainServer.class, List.of("-Xmx64m")),
                line -> line.startsWith("PORT "));
        child = server.process();
        return Integer.parseInt(server.readyLine().substring(5).trim());
    }

    private Plan plan(String name, int port, boolean observe, String rest) throws Exception {
        String text = """
                name: %s
                target:
                  base_url: http://127.0.0.1:%d
                %s
                profile:
                  - name: get
                    rps: 20
                    request: {method: GET, path: "/"}
                    check: {status: 200}
                %s""".formatted(name, port, observe ? "  jvm: {pid: " + child.pid() + "}" : "", rest);
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, text);
        return PlanReader.load(file);
    }

    private static List<JsonNode> events(RunDirectory run) throws Exception {
        Path f = run.file(RunDirectory.EVENTS);
        return Files.exists(f) ? JsonlReader.readAll(f) : List.of();
    }

    private static PrintWriter console() {
        return new PrintWriter(System.out, true); // kept in the surefire report for whoever reads a failure
    }
}
