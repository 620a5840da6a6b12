package dev.brink.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.brink.compare.testing.RunFixture;
import dev.brink.compare.testing.RunFixture.Op;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.evidence.LatencyLog;
import dev.brink.core.stats.Verdict;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** brink compare's statistics on run directories whose numbers the test controls (RunFixture). */
class RunComparerTest {
    @TempDir
    Path tmp;

    /** Two operations of a service: many fast reads, fewer slow writes. */
    private static Op read(double medianMs) {
        return new Op("read", 0.7, medianMs, 0.0);
    }

    private static Op write(double medianMs) {
        return new Op("write", 0.3, medianMs, 0.0);
    }

    private Path run(String name, long seed, double writeMs) {
        return new RunFixture(tmp.resolve(name), seed).jvm(0.4, 0.02)
                .step("capacity-x2", 20, 100, read(4), write(writeMs))
                .step("capacity-x4", 20, 200, read(4), write(writeMs))
                .write();
    }

    /**
     * The noise floor's promise: runs of one load that differ only by chance (another seed: other requests, other
     * seconds of the machine) show no significant change on any metric, over several pairs.
     */
    @Test
    void runsOfTheSameLoadCompareCleanOnEveryMetric() throws Exception {
        for (int pair = 0; pair < 3; pair++) {
            RunComparison c = RunComparer.compare(run("a" + pair, 10 + pair, 20), run("b" + pair, 20 + pair, 20),
                    CompareSettings.defaults());
            // 2 steps × (all, read, write) × throughput, errors, p50, p90, max; p99 where 1000 requests back it (all but
            // the write at 2 ×); CPU and GC per request
            assertThat(c.metrics()).hasSize(2 * 3 * 5 + 5 + 2 * 2);
            assertThat(c.notCompared()).anyMatch(l -> l.matches("step capacity-x2 operation write: (59|60)\\d requests on a side, too few "
                    + "for p99 \\(needs 1000\\), p99.9 \\(needs 10000\\): 10 beyond the percentile"));
            assertThat(c.metrics()).allSatisfy(m -> assertThat(m.verdict()).as("%s %s %s: %s", m.step(), m.operationLabel(),
                    m.metric(), m.note()).isEqualTo(Verdict.NO_CHANGE));
            assertThat(c.gateFailures()).isEmpty();
        }
    }

    /**
     * GC time arrives in whole collections: a step with a couple of them on a side (here 0.002 ms a request, 2 ms a
     * collection: 2 in the 2 × step, 4 in the 4 ×) would read one more collection as +50 % or more, so GC per request is
     * not compared there, and the line says how many there were; CPU per request still is.
     */
    @Test
    void gcPerRequestNeedsTenCollectionsOnEachSide() throws Exception {
        RunComparison c = RunComparer.compare(
                new RunFixture(tmp.resolve("few-a"), 3).jvm(0.4, 0.002).step("capacity-x2", 20, 100, read(4)).write(),
                new RunFixture(tmp.resolve("few-b"), 4).jvm(0.4, 0.004).step("capacity-x2", 20, 100, read(4)).write(),
                CompareSettings.defaults());
        assertThat(c.metrics()).noneMatch(m -> m.metric() == RunMetric.GC_PER_REQUEST)
                .anyMatch(m -> m.metric() == RunMetric.CPU_PER_REQUEST);
        assertThat(c.notCompared()).anyMatch(l -> l.matches("step capacity-x2 operation all: [0-9] collections? in BASE, [0-9] collections? in NEW, "
                + "too few for gc_per_request \\(needs 10 on each side\\)"));
    }

    /**
     * The target is stopped after the last step, and its sampler ticks out of phase with the load's seconds: its last
     * sample comes a little before the step's last second ends. The collections the samples cover still count (20 s of
     * 100 requests a second at 0.02 ms of GC each, 2 ms a collection: about 20 a side), so GC per request is compared,
     * and no side reads as a count of -1.
     */
    @Test
    void theCollectionsBeforeTheTargetsLastSampleStillCount() throws Exception {
        RunComparison c = RunComparer.compare(
                new RunFixture(tmp.resolve("early-a"), 7).jvm(0.4, 0.02).lastSampleEarly(400).step("capacity-x2", 20, 100, read(4)).write(),
                new RunFixture(tmp.resolve("early-b"), 8).jvm(0.4, 0.02).lastSampleEarly(300).step("capacity-x2", 20, 100, read(4)).write(),
                CompareSettings.defaults());
        assertThat(c.metrics()).anyMatch(m -> m.metric() == RunMetric.GC_PER_REQUEST);
        assertThat(c.notCompared()).noneMatch(l -> l.contains("gc_per_request"));
    }

    /**
     * Two processes of the same code whose JIT compilers worked very differently in the step (one compiling 150 ms a
     * second, the other 20): the CPU per request outside the compiler is the same, and so is the verdict, when both
     * runs recorded the compiler's CPU; without that figure on one side the whole process's CPU is compared, and the
     * comparison says so.
     */
    @Test
    void cpuPerRequestLeavesTheJitCompilerOutWhenBothRunsRecordedIt() throws Exception {
        RunComparison c = RunComparer.compare(
                new RunFixture(tmp.resolve("jit-a"), 5).jvm(0.4, 0.1).jit(150).step("capacity-x2", 20, 100, read(4)).write(),
                new RunFixture(tmp.resolve("jit-b"), 6).jvm(0.4, 0.1).jit(20).step("capacity-x2", 20, 100, read(4)).write(),
                CompareSettings.defaults());
        MetricComparison cpu = find(c, "capacity-x2", "", RunMetric.CPU_PER_REQUEST);
        assertThat(cpu.verdict()).as(cpu.note()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(cpu.base()).isCloseTo(0.4, within(0.02));
        assertThat(c.notCompared()).noneMatch(l -> l.contains("JIT"));

        RunComparison whole = RunComparer.compare(
                new RunFixture(tmp.resolve("jit-c"), 5).jvm(0.4, 0.1).jit(150).step("capacity-x2", 20, 100, read(4)).write(),
                new RunFixture(tmp.resolve("jit-d"), 6).jvm(0.4, 0.1).step("capacity-x2", 20, 100, read(4)).write(),
                CompareSettings.defaults());
        MetricComparison raw = find(whole, "capacity-x2", "", RunMetric.CPU_PER_REQUEST);
        assertThat(raw.base()).as("BASE's process CPU, compiler included").isGreaterThan(2 * 0.4);
        assertThat(whole.notCompared()).contains("cpu_per_request includes the JIT compiler's CPU: NEW did not record it "
                + "(a remote JVM, or a run of an earlier Brink)");
    }

    /** A slower write: found on the write and on the mix that contains it, and nowhere else. */
    @Test
    void aSlowerOperationIsAWorseOneAndFailsTheGate() throws Exception {
        RunComparison c = RunComparer.compare(run("base", 1, 20), run("new", 2, 30), CompareSettings.defaults());
        for (MetricComparison m : c.metrics()) {
            if (m.operation().equals("read") || !m.metric().latency()) {
                assertThat(m.verdict()).as("%s %s %s", m.step(), m.operationLabel(), m.metric()).isEqualTo(Verdict.NO_CHANGE);
            }
        }
        for (String step : List.of("capacity-x2", "capacity-x4")) {
            for (RunMetric metric : step.equals("capacity-x2") ? List.of(RunMetric.P50, RunMetric.P90)
                    : List.of(RunMetric.P50, RunMetric.P90, RunMetric.P99)) {
                MetricComparison w = find(c, step, "write", metric);
                assertThat(w.verdict()).as("%s write %s: %s", step, metric, w.note()).isEqualTo(Verdict.WORSE);
                assertThat(w.regression()).isTrue();
                assertThat(w.ratio()).isBetween(1.3, 1.7);
                assertThat(w.ratioLow()).isGreaterThan(1.0);
            }
        }
        assertThat(c.gateFailures()).anyMatch(l -> l.startsWith("regression: capacity-x2 write p50 slower by +"));
        assertThat(c.gateFailures()).noneMatch(l -> l.contains(" read "));
    }

    /** The step's percentile is HdrHistogram's own over the step's merged seconds. */
    @Test
    void aStepsPercentilesAreThoseOfItsMergedHistogram() throws Exception {
        Path a = run("a", 3, 20);
        Histogram merged = new Histogram(1, 600_000_000L, 3);
        List<LatencyLog.Interval> all = LatencyLog.readAll(a.resolve("latency.hlog"));
        all.stream().filter(i -> i.tag().equals(LatencyLog.CORRECTED)).limit(20).forEach(i -> merged.add(i.histogram()));
        RunComparison c = RunComparer.compare(a, a, CompareSettings.defaults());
        assertThat(find(c, "capacity-x2", "", RunMetric.P99).base()).isEqualTo(merged.getValueAtPercentile(99) / 1000.0);
        assertThat(find(c, "capacity-x2", "", RunMetric.P90).base()).isEqualTo(merged.getValueAtPercentile(90) / 1000.0);
        assertThat(find(c, "capacity-x2", "", RunMetric.P50).base()).isEqualTo(merged.getValueAtPercentile(50) / 1000.0);
        assertThat(find(c, "capacity-x2", "", RunMetric.MAX).base()).isEqualTo(merged.getMaxValue() / 1000.0);
        assertThat(c.metrics()).allSatisfy(m -> {
            assertThat(m.ratio()).isEqualTo(1.0);
            assertThat(m.verdict()).isEqualTo(Verdict.NO_CHANGE);
        });
    }

    /**
     * Three seconds a side can never be significant at 5 % (2 / C(6, 3) = 0.1), less so among the step's five
     * metrics (Holm): a three times slower step is inconclusive, and the gate fails it as a regression it cannot rule
     * out, unless inconclusive results are allowed. Five seconds a side would do: 5 × 2 / C(10, 5) = 0.04 < 0.05.
     */
    /**
     * A build measured beside other work: every second of NEW's step ran while other processes took 0.8 cores and the
     * target waited 300 ms a second for a CPU, BASE's on a quiet host, and NEW's latencies are twice BASE's. The host
     * can account for that, so no latency figure is called slower: each is inconclusive with both sides' shares, and
     * the gate passes it when inconclusive results are allowed; the CPU per request, which waiting for a CPU does not
     * change, is still compared. Twins that keep their regression: the same slowdown with both hosts quiet; NEW slower
     * on a quiet host than BASE on a shared one (the host explains a change only in its own direction); and 2 shared
     * seconds of 20, which cannot lift a median threefold.
     */
    @Test
    void aLatencyChangeTheSharedHostCanAccountForIsInconclusive() throws Exception {
        Path quiet = new RunFixture(tmp.resolve("quiet"), 31).jvm(0.4, 0.02).sharedSeconds(0)
                .step("capacity-x2", 20, 100, read(4)).write();
        Path busySlow = new RunFixture(tmp.resolve("busy-slow"), 32).jvm(0.4, 0.02).sharedSeconds(20)
                .step("capacity-x2", 20, 100, read(8)).write();
        RunComparison c = RunComparer.compare(quiet, busySlow, CompareSettings.defaults());
        for (RunMetric m : List.of(RunMetric.P50, RunMetric.P90, RunMetric.P99)) { // max: within its 150 % floor
            MetricComparison x = find(c, "capacity-x2", "", m);
            assertThat(x.ratio()).as("%s", m).isGreaterThan(1.5);
            assertThat(x.verdict()).as("%s: %s", m, x.note()).isEqualTo(Verdict.INCONCLUSIVE);
            assertThat(x.verdictText()).isEqualTo("inconclusive: the host was shared");
            assertThat(x.sharedHost()).isEqualTo(new HostShares(0, 1));
        }
        assertThat(find(c, "capacity-x2", "", RunMetric.CPU_PER_REQUEST).verdict()).isEqualTo(Verdict.NO_CHANGE);
        CompareSettings allow = new CompareSettings(0.05, 0.05, true, EnumSet.of(GateCondition.REGRESSION));
        assertThat(RunComparer.compare(quiet, busySlow, allow).gateFailures()).isEmpty();

        Path quietSlow = new RunFixture(tmp.resolve("quiet-slow"), 33).jvm(0.4, 0.02).sharedSeconds(0)
                .step("capacity-x2", 20, 100, read(8)).write();
        MetricComparison bothQuiet = find(RunComparer.compare(quiet, quietSlow, allow), "capacity-x2", "", RunMetric.P50);
        assertThat(bothQuiet.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(bothQuiet.sharedHost()).isNull();

        Path busyFast = new RunFixture(tmp.resolve("busy-fast"), 34).jvm(0.4, 0.02).sharedSeconds(20)
                .step("capacity-x2", 20, 100, read(4)).write();
        RunComparison otherWay = RunComparer.compare(busyFast, quietSlow, allow);
        assertThat(find(otherWay, "capacity-x2", "", RunMetric.P50).verdict()).isEqualTo(Verdict.WORSE);
        assertThat(otherWay.gateFailures()).anyMatch(l -> l.startsWith("regression: capacity-x2 all p50 slower by +"));

        Path fewShared = new RunFixture(tmp.resolve("few-shared"), 35).jvm(0.4, 0.02).sharedSeconds(2)
                .step("capacity-x2", 20, 100, read(12)).write();
        MetricComparison median = find(RunComparer.compare(quiet, fewShared, allow), "capacity-x2", "", RunMetric.P50);
        assertThat(median.verdict()).as(median.note()).isEqualTo(Verdict.WORSE);
        assertThat(median.regression()).isTrue();
    }

    @Test
    void tooFewSecondsOfALargeRegressionFailTheGateUnlessAllowed() throws Exception {
        Path base = new RunFixture(tmp.resolve("short-base"), 5).step("http", 3, 100, new Op("get", 1, 10, 0)).write();
        Path slow = new RunFixture(tmp.resolve("short-new"), 6).step("http", 3, 100, new Op("get", 1, 30, 0)).write();
        RunComparison c = RunComparer.compare(base, slow, CompareSettings.defaults());
        MetricComparison p50 = find(c, "http", "", RunMetric.P50);
        assertThat(p50.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(p50.verdictText()).isEqualTo("inconclusive: hold the step 2 s longer");
        assertThat(p50.regression()).isTrue();
        assertThat(CompareText.mark(p50)).contains("cannot rule out +");
        assertThat(p50.ratio()).isBetween(2.5, 3.5);
        CompareSettings allow = new CompareSettings(0.05, 0.05, true, EnumSet.of(GateCondition.REGRESSION));
        assertThat(RunComparer.compare(base, slow, allow).gateFailures()).isEmpty();
    }

    @Test
    void stepsOnOneSideOrAtAnotherLoadAreListedNotCompared() throws Exception {
        Path base = new RunFixture(tmp.resolve("b"), 1).step("capacity-x2", 5, 100, new Op("get", 1, 5, 0))
                .step("capacity-x4", 5, 200, new Op("get", 1, 5, 0)).write();
        Path news = new RunFixture(tmp.resolve("n"), 2).step("capacity-x2", 5, 150, new Op("get", 1, 5, 0))
                .step("capacity-x6", 5, 300, new Op("get", 1, 5, 0)).write();
        RunComparison c = RunComparer.compare(base, news, CompareSettings.defaults());
        assertThat(c.metrics()).isEmpty();
        assertThat(c.notCompared()).contains("step capacity-x2: BASE at 100.0 req/s, NEW at 150.0 req/s: not the same load",
                "step capacity-x4: in BASE only", "step capacity-x6: in NEW only");
    }

    /** The capacity lower where NEW broke a step BASE held; a new warning finding; each gate on its own word. */
    @Test
    void aLowerCapacityAndANewFindingFailTheirGates() throws Exception {
        Finding lock = new Finding(FindingKind.LOCK_CONTENTION, Severity.WARNING, "lock contended", "Signer", List.of(), Map.of());
        Finding info = new Finding(FindingKind.HOT_METHOD, Severity.INFO, "regex is hot", "Masker.mask", List.of(), Map.of());
        Path base = new RunFixture(tmp.resolve("b"), 1).step("capacity-x2", 5, 100, new Op("get", 1, 5, 0))
                .summary(summary(capacity(8, 9), List.of(info))).write();
        Path news = new RunFixture(tmp.resolve("n"), 2).step("capacity-x2", 5, 100, new Op("get", 1, 5, 0))
                .summary(summary(capacity(6, 7), List.of(info, lock))).write();
        CompareSettings all = CompareSettings.defaults().withFailOn(EnumSet.allOf(GateCondition.class));
        RunComparison c = RunComparer.compare(base, news, all);
        PhaseChange cap = c.phases().get(0);
        assertThat(cap.verdict()).isEqualTo(Verdict.WORSE);
        assertThat(cap.note()).startsWith("NEW degraded at 7 × profile, which BASE held");
        assertThat(c.findings().added()).containsExactly(lock);
        assertThat(c.findings().unchanged()).containsExactly(info);
        assertThat(c.gateFailures()).containsExactly(
                "capacity: 8 × profile = 320.0 req/s, limited by latency → 6 × profile = 240.0 req/s, limited by latency ("
                        + cap.note() + ")",
                "findings: new warning lock-contention: lock contended");
        assertThat(RunComparer.compare(base, news, CompareSettings.defaults()).gateFailures()).isEmpty();
        // the same capacity the other way round is higher, and no gate fails on an improvement
        assertThat(RunComparer.compare(news, base, all).phases().get(0).verdict()).isEqualTo(Verdict.BETTER);
    }

    /** A step other processes saturated the machine in measured the machine: it is no evidence either way. */
    @Test
    void aStepTheMethodDidNotJudgeIsLeftOut() throws Exception {
        List<CapacityStep> saturated = List.of(new CapacityStep(2, 100, 100, 0, 5, 50, StepVerdictKind.HOST_SATURATED,
                List.of(), List.of()));
        Path base = new RunFixture(tmp.resolve("b"), 1).step("capacity-x2", 10, 100, new Op("get", 1, 5, 0)).write();
        Path news = new RunFixture(tmp.resolve("n"), 2).step("capacity-x2", 10, 100, new Op("get", 1, 50, 0))
                .summary(summary(new CapacityResult(0, 0, LimitedBy.HOST_SATURATED, -1, saturated), List.of())).write();
        RunComparison c = RunComparer.compare(base, news, CompareSettings.defaults());
        assertThat(c.metrics()).isEmpty();
        assertThat(c.notCompared()).contains("step capacity-x2: NEW's was host-saturated, no measurement of the service");
        assertThat(c.gateFailures()).isEmpty();
    }

    @Test
    void aDirectoryThatIsNoRunIsOneLine() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> RunComparer.compare(empty, empty, CompareSettings.defaults()))
                .isInstanceOf(BrinkUserException.class).hasMessageStartingWith(empty + ": not a run directory");
        Path cut = run("cut", 1, 20);
        Files.writeString(cut.resolve("load.jsonl"), "{\"step\": \"x\"}\nnot json\n{\"step\": \"x\"}\n",
                java.nio.file.StandardOpenOption.APPEND);
        assertThatThrownBy(() -> RunComparer.compare(cut, cut, CompareSettings.defaults()))
                .isInstanceOf(BrinkUserException.class).hasMessageContaining("load.jsonl:42: expected one JSON document per line");
    }

    /** Found by a long fuzz campaign: a step-start line with a word for target_rps escaped as Jackson's IllegalArgumentException. */
    @Test
    void aStepStartThatIsNotOneIsOneLineNamingItsLine() throws Exception {
        Path bad = run("bad", 1, 20);
        Path events = bad.resolve("events.jsonl");
        List<String> lines = Files.readAllLines(events);
        int at = 0;
        while (!lines.get(at).contains("step-start")) at++;
        lines.set(at, lines.get(at).replaceFirst("\"target_rps\":[^,}]*", "\"target_rps\":\"soak\""));
        Files.write(events, lines);
        int line = at + 1;
        assertThatThrownBy(() -> RunComparer.compare(bad, bad, CompareSettings.defaults()))
                .isInstanceOf(BrinkUserException.class)
                .hasMessageStartingWith(events + ":" + line + ": expected a step-start event (target_rps: ")
                .hasMessageNotContaining("\n");
    }

    private static CapacityResult capacity(int max, int firstBad) {
        List<CapacityStep> steps = List.of(
                new CapacityStep(max, max * 40, max * 40, 0, 5, 50, StepVerdictKind.OK, List.of(), List.of()),
                new CapacityStep(firstBad, firstBad * 40, firstBad * 40, 0, 5, 900, StepVerdictKind.DEGRADED, List.of(), List.of()));
        return new CapacityResult(max, max * 40, LimitedBy.LATENCY, firstBad, steps);
    }

    private static RunSummary summary(CapacityResult c, List<Finding> findings) {
        return new RunSummary("test", "plan", "2026-11-27T00:00:00Z", 60, false, c, null, null, findings);
    }

    static MetricComparison find(RunComparison c, String step, String op, RunMetric metric) {
        return c.metrics().stream().filter(m -> m.step().equals(step) && m.operation().equals(op) && m.metric() == metric)
                .findFirst().orElseThrow(() -> new AssertionError("no " + step + " " + op + " " + metric));
    }
}
