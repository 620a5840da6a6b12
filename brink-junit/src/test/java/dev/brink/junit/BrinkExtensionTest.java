package dev.brink.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.brink.compare.testing.RunFixture;
import dev.brink.compare.testing.RunFixture.Op;
import dev.brink.core.FindingKind;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.Json;
import dev.brink.core.verdict.LimitedBy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * Runs annotated test classes (the nested {@code *Scenario} classes, which surefire does not pick up itself)
 * through the Jupiter engine and checks what a user would see: which tests passed, which failed and with what
 * message. Each scenario starts its service as a child JVM, as a user's test would.
 */
class BrinkExtensionTest {
    private static final Path OUT = Path.of("target", "brink");

    /** A service that carries the plan: the gate passes, one run is shared by the class, names are checked. */
    @Test
    void aServiceThatHoldsThePlanPassesAndSharesOneRun() throws IOException {
        Events tests = execute(SharedRunScenario.class);
        assumeTheServiceWasMeasured(SharedRunScenario.class);

        tests.assertStatistics(s -> s.started(3).succeeded(2).failed(1));
        tests.assertThatEvents().haveExactly(1, finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                message(m -> m.contains("'capacity.max_rsp' is not a metric") && m.contains("capacity.max_rps"))));
        assertThat(reports(SharedRunScenario.class)).as("one run for the class, with its report").hasSize(1);
    }

    /**
     * The second step degrades: the gate's capacity_below fails the test with the numbers and the rule that broke, and
     * the watched JVM's contended monitor, a finding, fails it too, named in the message. One run serves both checks.
     */
    @Test
    void aServiceBelowTheGatesCapacityFailsWithTheVerdict() throws IOException {
        Events tests = overloadRun();

        tests.assertStatistics(s -> s.started(1).failed(1));
        tests.assertThatEvents().haveExactly(1, finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("fail_on.capacity_below: capacity 1 × profile < 3")
                        && m.contains("limited by ") && m.contains(" at 2 × profile") && m.contains("report: "))));
        assertThat(OverloadScenario.bodyRan).as("the gate fails before the test body").isFalse();
    }

    @Test
    void aContendedLockFailsTheTestWithTheLockInTheMessage() throws IOException {
        Events tests = overloadRun();

        tests.assertThatEvents().haveExactly(1, finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("fail_on finding lock-contention") && m.contains("LedgerServer$Ledger"))));
    }

    /**
     * The same run against a stored baseline that held all three steps: NEW broke at 2 × profile, a load the baseline
     * held, so the comparison's capacity gate fails the test too, and compare.html is beside the run's report.
     */
    @Test
    void aBaselineThatHeldMoreFailsTheTestWithTheComparisonBesideTheReport() throws IOException {
        Events tests = overloadRun();

        tests.assertThatEvents().haveExactly(1, finishedWithFailure(instanceOf(AssertionFailedError.class),
                message(m -> m.contains("baseline " + OverloadScenario.BASELINE + ": capacity: 3 × profile = 90.0 req/s")
                        && m.contains("NEW degraded at 2 × profile, which BASE held") && m.contains("comparison with the baseline: "))));
        assertThat(runFiles(OverloadScenario.class, "compare.html")).singleElement()
                .satisfies(p -> assertThat(p.resolveSibling("report.html")).exists());
    }

    private static Events overload;

    private static synchronized Events overloadRun() throws IOException {
        if (overload == null) {
            writeBaseline(Path.of(OverloadScenario.BASELINE));
            overload = execute(OverloadScenario.class);
        }
        assumeTheServiceWasMeasured(OverloadScenario.class);
        return overload;
    }

    /**
     * A gate the run cannot judge: the plan's search stops at 1 × profile and the gate asks for 2, so the run shows the
     * service carries at least 1, never that it carries less than 2 (on a saturated machine it shows even less). JUnit's
     * word for that is aborted — skipped with the reason — not failed, and not passed; the test body does not run.
     */
    @Test
    void aGateAboveWhatTheSearchCouldMeasureAbortsTheTest() {
        Events tests = execute(UnjudgedGateScenario.class);

        tests.assertStatistics(s -> s.started(1).aborted(1).failed(0).succeeded(0));
        tests.assertThatEvents().haveExactly(1, org.junit.platform.testkit.engine.EventConditions.abortedWithReason(
                instanceOf(org.opentest4j.TestAbortedException.class),
                message(m -> m.contains("the gate of plan 'gate-above-search' could not be judged")
                        && m.contains("fail_on.capacity_below: not judged: the search ended on ") && m.contains("report: "))));
        assertThat(UnjudgedGateScenario.bodyRan).as("the body does not run on an unjudged gate").isFalse();
    }

    /** Misspelt names in the annotation or the plan's gate: configuration failures before any load is sent. */
    @Test
    void misspeltNamesAreConfigurationErrorsNotSilentPasses() throws IOException {
        Events tests = execute(MisspeltNamesScenario.class);

        tests.assertStatistics(s -> s.started(3).failed(3));
        tests.assertThatEvents()
                .haveExactly(1, finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("'memory-leek' is not a finding kind") && m.contains("memory-leak"))))
                .haveExactly(1, finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("'capcity' is not a phase"))))
                .haveExactly(1, finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message(m -> m.contains("misspelt-gate.yaml") && m.contains("capacity_belw"))));
        assertThat(reports(MisspeltNamesScenario.class)).as("no run started").isEmpty();
    }

    private static Events execute(Class<?> scenario) {
        try {
            deleteRuns(scenario);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(scenario)).execute().testEvents();
    }

    private static List<Path> reports(Class<?> scenario) throws IOException {
        return runFiles(scenario, "report.html");
    }

    private static List<Path> runFiles(Class<?> scenario, String name) throws IOException {
        Path dir = OUT.resolve(scenario.getSimpleName());
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().equals(name)).toList();
        }
    }

    /**
     * A step that measured a saturated machine (other processes took the CPUs) or a generator that fell behind is no
     * verdict on the service: Brink says so instead of judging, and what these tests check cannot be seen then. As
     * in HostSaturationTest, the check is skipped on such a machine, with the reason; a quiet CI machine runs it.
     */
    private static void assumeTheServiceWasMeasured(Class<?> scenario) throws IOException {
        for (Path f : runFiles(scenario, "summary.json")) {
            RunSummary s = Json.MAPPER.readValue(f.toFile(), RunSummary.class);
            if (s.capacity() != null && !s.capacity().limitedBy().serviceLimit() && s.capacity().limitedBy() != LimitedBy.NONE) {
                Assumptions.abort("the capacity search could not judge the service (limited by " + s.capacity().limitedBy().json()
                        + "): " + String.join("; ", RunDiagnosis.lines(s)));
            }
        }
    }

    @BrinkLoad(plan = "perf/quick.yaml", phases = "capacity")
    static class SharedRunScenario {
        static ChildService service;
        static BrinkTarget target;

        @BeforeAll
        static void startService() throws Exception {
            service = ChildService.start(1);
            target = service.target; // outside only: attaching to the JVM would cost seconds this check does not need
        }

        @AfterAll
        static void stopService() {
            service.close();
        }

        @Test
        void holdsTheProfileTwice(RunSummary run) {
            BrinkAssertions.assertThat(run).notInterrupted().capacityAtLeast(2).hasNoFinding(FindingKind.DEADLOCK)
                    .hasNoFinding("memory-leak");
        }

        @Test
        void servesFortyRequestsPerSecond(RunSummary run) {
            BrinkAssertions.assertThat(run).metric("capacity.max_rps").isAtLeast(40);
        }

        @Test
        void aMisspeltMetricIsAConfigurationError(RunSummary run) {
            BrinkAssertions.assertThat(run).metric("capacity.max_rsp").isAtLeast(40);
        }
    }

    static class OverloadScenario {
        /** Written by the test before the scenario runs (writeBaseline), relative to the module's folder. */
        static final String BASELINE = "target/brink-baselines/overload";
        static ChildService service;
        static BrinkTarget target;
        static boolean bodyRan;

        @BeforeAll
        static void startService() throws Exception {
            bodyRan = false;
            service = ChildService.start(25);
            target = service.target.watching(service.process.pid());
        }

        @AfterAll
        static void stopService() {
            service.close();
        }

        @Test
        @BrinkLoad(plan = "perf/overload.yaml", failOnFindings = "lock-contention", baseline = OverloadScenario.BASELINE)
        void carriesThreeTimesTheProfileWithoutContention(RunSummary run) {
            bodyRan = true;
        }
    }

    static class UnjudgedGateScenario {
        static ChildService service;
        static BrinkTarget target;
        static boolean bodyRan;

        @BeforeAll
        static void startService() throws Exception {
            bodyRan = false;
            service = ChildService.start(1);
            target = service.target;
        }

        @AfterAll
        static void stopService() {
            service.close();
        }

        @Test
        @BrinkLoad(plan = "perf/gate-above-search.yaml", phases = "capacity")
        void carriesTwiceTheProfile(RunSummary run) {
            bodyRan = true;
        }
    }

    static class MisspeltNamesScenario {
        @Test
        @BrinkLoad(plan = "perf/quick.yaml", failOnFindings = "memory-leek")
        void findingKind() {
        }

        @Test
        @BrinkLoad(plan = "perf/quick.yaml", phases = "capcity")
        void phase() {
        }

        @Test
        @BrinkLoad(plan = "perf/misspelt-gate.yaml")
        void gateKey() {
        }
    }

    /** A finished run of perf/overload.yaml's three steps (30, 60, 90 req/s) by a service that held them all. */
    private static void writeBaseline(Path dir) {
        List<CapacityStep> steps = new java.util.ArrayList<>();
        RunFixture f = new RunFixture(dir, 7);
        for (int n = 1; n <= 3; n++) {
            f.step("capacity-x" + n, 2, 30 * n, new Op("post", 1, 2, 0));
            steps.add(new CapacityStep(n, 30 * n, 30 * n, 0, 2, 5, StepVerdictKind.OK, List.of(), List.of()));
        }
        f.summary(new RunSummary("baseline", "overload", "2026-11-27T00:00:00Z", 10, false,
                new CapacityResult(3, 90, LimitedBy.NONE, -1, steps), null, null, List.of())).write();
    }

    static void deleteRuns(Class<?> scenario) throws IOException {
        Path dir = OUT.resolve(scenario.getSimpleName());
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
