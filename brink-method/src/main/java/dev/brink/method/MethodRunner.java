package dev.brink.method;

import dev.brink.core.AppPackages;
import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.FindingSet;
import dev.brink.core.OutputFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.Shard;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GeneratorBoundDetail;
import dev.brink.core.detail.HostSaturatedDetail;
import dev.brink.core.detail.LockContentionDetail;
import dev.brink.core.detail.TargetDiedDetail;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseSkipped;
import dev.brink.core.event.RulesEvent;
import dev.brink.core.event.RunEnd;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.ConfirmVerdict;
import dev.brink.core.verdict.LimitedBy;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.host.PortExhaustion;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.PlanWriter;
import dev.brink.threads.ThreadDumpAnalyzer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The method on one plan: capacity search, confirmation and soak (those the plan has, or those asked for), with
 * the target JVM watched all along when the plan names it, evidence taken at the moments that matter, and the
 * verdicts and findings written to summary.json. Ctrl-C or SIGTERM ({@link #interrupt()}) and a target that
 * dies outside the soak cut the run short: the load stops, a launched target is stopped, and what exists is
 * written with {@code interrupted: true}. Every phase result and finding is also an event, so a SIGKILLed run
 * can be summarised later from events.jsonl.
 */
public final class MethodRunner {
    private static final Duration INTERRUPT_WAIT = Duration.ofSeconds(30);

    private final Plan plan;
    private final RunDirectory run;
    private final LoadOptions options;
    private final PrintWriter console;
    private final FindingSet findings = new FindingSet();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Thread runner;
    private volatile boolean interrupted;
    private volatile boolean targetDied;
    /** The plan's load shape's result, when {@code phases.stages} ran. */
    private dev.brink.core.summary.StagesResult stages;
    /** The phases' results so far: what summary.json holds if the run ends early (an error, an interrupt). */
    private CapacityResult capacity;
    private ConfirmResult confirm;
    private SoakResult soak;
    /** How a target that stopped answering failed, when the judge found it gone (its death was not seen by an observer). */
    private volatile String goneReason;
    /** The load step that was running when the run was cut short (Ctrl-C, SIGTERM, the target died), for summary.json. */
    private String interruptedIn;
    private EventLog events;
    private boolean jfr;
    /** The evidence steps' recordings (without --jfr), analysed once the phase's load has stopped. */
    private final List<StepWindow> windows = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** When the first load began: the target's start-up collections come before it. */
    private long loadStartEpochMs = -1;
    private int repeat = 1;
    private LiveMetrics metrics;
    private LoadOpener opener = LoadEngine::open;
    /** The load runs in this process (not on a coordinator's workers, which may reach the target where this host cannot). */
    private boolean localLoad = true;

    /** What drives the run's load steps: this process's engine, or a coordinator's workers. */
    @FunctionalInterface
    public interface LoadOpener {
        StepDriver open(Plan plan, LoadOptions options, RunDirectory run) throws BrinkUserException;
    }

    /** A second's schedule lag may reach this share of the SLO's p99 before the generator counts as bound. */
    static final double LAG_SHARE_OF_SLO = 0.05;

    public MethodRunner(Plan plan, RunDirectory run, LoadOptions options, PrintWriter console) {
        this.plan = plan;
        this.run = run;
        // a few ms of lag on shared cores do not falsify latencies measured from the intended send time against a
        // 200 ms SLO; they would falsify them against a 10 ms one
        this.options = plan.slo() == null ? options
                : options.withLagLimitMs(Math.max(options.lagLimitMs(), LAG_SHARE_OF_SLO * plan.slo().p99Ms()));
        this.console = console;
    }

    /**
     * Runs the capacity search k times on the same target and reports their spread; the run's capacity is the
     * median search's. Evidence is taken in the first search only.
     */
    public MethodRunner withRepeat(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("repeat must be >= 1, was " + k);
        }
        repeat = k;
        return this;
    }

    /** Feeds {@code live} (brink run --metrics): every interval, the phase running, the target JVM's samples. */
    public MethodRunner withMetrics(LiveMetrics live) {
        metrics = live;
        return this;
    }

    /**
     * Runs the load through {@code load} instead of an engine in this process ({@code brink run --shards N}: the
     * workers run each step, this process decides the steps, judges the merged results and watches the target).
     */
    public MethodRunner withLoad(LoadOpener load) {
        opener = load;
        localLoad = false;
        return this;
    }

    /** How long {@link #checkReachable} waits for the target's port to accept a connection. */
    static final Duration REACHABLE_TIMEOUT = Duration.ofSeconds(3);

    /**
     * A target that is not there ends the run before any load, in one line (exit 2), as a one-liner does: running every
     * step against a refused port would end in a "capacity" of 0 that measured nothing. A target Brink launches is
     * waited for instead (it takes seconds to listen).
     */
    public static void checkReachable(Plan plan) throws BrinkUserException {
        if (plan.target().jvm() != null && plan.target().jvm().launch() != null) return;
        LoadEngine.checkReachable(plan.target().baseUrl(), REACHABLE_TIMEOUT);
    }

    /** Records JFR on the target for the whole run (evidence/recording-*.jfr). */
    public MethodRunner withJfr() {
        jfr = true;
        return this;
    }

    /** Every phase the plan has. */
    public RunSummary run() throws BrinkUserException {
        EnumSet<MethodPhase> all = EnumSet.noneOf(MethodPhase.class);
        if (plan.phases() != null) {
            if (plan.phases().capacity() != null) all.add(MethodPhase.CAPACITY);
            if (plan.phases().confirm() != null) all.add(MethodPhase.CONFIRM);
            if (plan.phases().soak() != null) all.add(MethodPhase.SOAK);
            if (plan.phases().stages() != null) all.add(MethodPhase.STAGES);
        }
        if (all.isEmpty()) {
            throw new BrinkUserException(plan.name() + ": the plan has no phases: expected phases.capacity, phases.confirm, phases.stages or phases.soak");
        }
        return run(all);
    }

    /**
     * Runs the given phases in order and writes summary.json.
     *
     * @throws BrinkUserException before any load when a phase is missing from the plan or cannot run (a confirm
     *                            without the capacity search and without its own multiplier), or the target cannot be reached
     */
    public RunSummary run(Set<MethodPhase> phases) throws BrinkUserException {
        check(phases);
        if (localLoad) {
            checkReachable(plan);
        }
        runner = Thread.currentThread();
        Instant started = Instant.now();
        capacity = null;
        confirm = null;
        soak = null;
        stages = null;
        openRunDirectory();
        try (TargetSession target = TargetSession.open(plan, run, events, console);
             StepDriver engine = opener.open(plan, options, run);
             HostWatch host = HostWatch.open(run.file(RunDirectory.HOST), targetPid(target))) {
            Wiring w = wire(target, engine, host);
            try {
                if (phases.contains(MethodPhase.CAPACITY)) capacityPhase(engine, w, target);
                if (phases.contains(MethodPhase.CONFIRM) && goOn()) confirmPhase(w, target);
                if (phases.contains(MethodPhase.STAGES) && goOn()) stagesPhase(w);
                if (phases.contains(MethodPhase.SOAK) && goOn()) {
                    soakPhase(engine, w, target);
                } else if (target.observed() && Files.isRegularFile(run.file(RunDirectory.GC))) {
                    gcFindings();
                }
                if (target.observed()) {
                    poolSizeFindings();
                }
            } catch (InterruptedException e) {
                interrupted = true;
                Thread.interrupted(); // clear it, so closing the engine and the target is not cut short too
                console.println("interrupted: stopping the load" + (target.observed() ? " and the target" : ""));
            }
            w.ports().findings().forEach(this::found);
            engine.findings().forEach(this::found);
            // the same "last step started" a run rebuilt from events.jsonl after a SIGKILL names
            interruptedIn = engine.lastStepStarted();
            if (targetDied && !interrupted) {
                interrupted = true;
                targetDiedFinding(target);
            }
        } catch (RuntimeException | Error e) {
            interrupted = true;
            writeSummary(started, capacity, confirm, soak);
            finished.countDown();
            throw e;
        }
        if (jfr && capacity != null) { // the target has stopped: its recording is on disk
            JfrStepFindings.of(run, capacity, appPackages(), console).forEach(this::found);
        }
        RunSummary summary = writeSummary(started, capacity, confirm, soak);
        finished.countDown();
        return summary;
    }

    /** plan.yaml as run and the event log: nothing else starts if the run directory cannot take them. */
    private void openRunDirectory() throws BrinkUserException {
        try {
            OutputFiles.write(run.file(RunDirectory.PLAN), PlanWriter.yaml(plan));
            events = new EventLog(run);
        } catch (BrinkUserException e) {
            finished.countDown();
            throw e;
        } catch (IOException e) {
            finished.countDown();
            throw new BrinkUserException("cannot write to the run directory " + run.root() + ": " + e.getMessage());
        }
    }

    /** What every phase shares: the warm-up's settling watch (a launched target), the port watch, the step judge. */
    private record Wiring(WarmupSettling settling, PortExhaustion ports, StepJudge judge, PhaseContext phase) {
    }

    /** Listeners on the engine and the target, the judge with its rules printed: the wiring every phase runs on. */
    private Wiring wire(TargetSession target, StepDriver engine, HostWatch host) {
        watchForDeath(target, engine);
        if (jfr) {
            target.recordJfr();
        }
        loadStartEpochMs = System.currentTimeMillis();
        engine.addListener(host);
        engine.addListener(new WarmupProgress(console));
        // one for the whole run, however many searches --repeat asks for: each search arms it for its own warm-up
        WarmupSettling settling = plan.target().jvm() != null && plan.target().jvm().launch() != null
                ? CapacityPhase.warmupSettling(engine) : null;
        if (settling != null) {
            engine.addListener(settling);
        }
        PortExhaustion ports = PortExhaustion.forTarget(plan.target());
        engine.addListener(ports);
        if (metrics != null) {
            engine.addListener(metrics);
            target.addListener(new TargetJvmMetrics(metrics));
        }
        // a soak-only plan has no slo: nothing is judged by the degradation rules then
        StepJudge judge = plan.slo() == null ? null : new StepJudge(engine, options.maxConnections(), plan.slo()).watchHost(host)
                .onTargetGone(why -> {
                    goneReason = why;
                    targetDied = true;
                });
        if (plan.slo() != null) {
            String rules = new DegradationRules(plan.slo()).describe(options.lagLimitMs());
            console.println(rules);
            events.append(EventType.RULES, new RulesEvent(rules).fields());
        }
        return new Wiring(settling, ports, judge, new PhaseContext(engine, plan, judge, events, console, () -> !goOn()));
    }

    /** The capacity search, {@code --repeat} times when asked: the median search is the run's, with the spread said. */
    private void capacityPhase(StepDriver engine, Wiring w, TargetSession target) throws InterruptedException, BrinkUserException {
        livePhase(MethodPhase.CAPACITY);
        List<CapacityResult> searches = new ArrayList<>();
        for (int i = 0; i < repeat && (i == 0 || goOn()); i++) {
            if (repeat > 1) {
                console.printf(java.util.Locale.ROOT, "capacity search %d of %d%n", i + 1, repeat);
            }
            capacity = capacity(engine, w.judge(), target, w.settling(), i == 0);
            searches.add(capacity);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
        if (searches.size() > 1) {
            CapacityRepeats spread = CapacityRepeats.of(searches, (int) Math.max(1, plan.phases().capacity().step()));
            capacity = spread.median();
            console.println(spread.sentence());
            events.append(EventType.CAPACITY_REPEATS, spread.event().fields());
        }
        String confidence = CapacityRepeats.confidence(capacity, plan.slo());
        if (confidence != null) {
            console.println(confidence);
        }
    }

    /** The confirmation at the plan's multiplier or the search's; skipped, and said, when the search found none. */
    private void confirmPhase(Wiring w, TargetSession target) throws InterruptedException {
        int m = confirmMultiplier(capacity);
        if (m <= 0) {
            console.println("confirmation skipped: the capacity search found no multiplier that held");
            events.append(EventType.PHASE_SKIPPED, new PhaseSkipped(MethodPhase.CONFIRM, "no multiplier held in the capacity search").fields());
            return;
        }
        livePhase(MethodPhase.CONFIRM);
        List<Path> dumps = new ArrayList<>();
        confirm = new ConfirmPhase(w.phase()).run(m, evidenceHook(target, dumps));
        analyseDumps(dumps);
        analyseWindows();
        if (confirm.verdict() == ConfirmVerdict.HOST_SATURATED) {
            hostSaturated("the confirmation at " + m + " × profile", confirm.reasons());
        }
    }

    private void stagesPhase(Wiring w) throws InterruptedException {
        livePhase(MethodPhase.STAGES);
        stages = new StagesPhase(w.phase()).run();
        if (stages.verdict() == ConfirmVerdict.HOST_SATURATED) {
            hostSaturated("the plan's stages", stages.reasons());
        }
    }

    /** The soak, its findings and the GC findings of the time before it; a death in the soak is its verdict. */
    private void soakPhase(StepDriver engine, Wiring w, TargetSession target) throws InterruptedException, BrinkUserException {
        long soakStart = System.currentTimeMillis();
        livePhase(MethodPhase.SOAK);
        List<Path> dumps = new ArrayList<>();
        SoakPhase.Outcome o = new SoakPhase(engine, plan, target, run, events, console,
                new LeakEvidence(console, this::relative, run.root())).judgedBy(w.judge(), evidenceHook(target, dumps)).run(capacity);
        soak = o.result();
        o.findings().forEach(this::found);
        if (target.observed() && Files.isRegularFile(run.file(RunDirectory.GC))) {
            gcFindingsBefore(soakStart, o.findings());
        }
        analyseDumps(dumps);
        targetDied = false; // a death in the soak is the soak's verdict, not a cut-short run
    }

    /** The target died outside the soak: the run is cut short there, and says in which step. */
    private void targetDiedFinding(TargetSession target) {
        String diedInStep = diedIn(capacity, confirm);
        String how = target.deathMessage() != null ? target.deathMessage() : goneReason;
        found(new Finding(FindingKind.TARGET_DIED, Severity.CRITICAL, "the target died during the run: " + how
                + (diedInStep == null ? "" : " (in " + diedInStep + "; that step is no verdict)"),
                "target JVM", List.of(RunDirectory.EVENTS), Detail.map(TargetDiedDetail.inStep(diedInStep))));
    }

    /**
     * Stops a running {@link #run}: the load stops, a launched target is stopped, summary.json is written with
     * interrupted: true. Waits (up to 30 s) for that to be written. For a shutdown hook; any thread.
     */
    public void interrupt() {
        interrupted = true;
        Thread t = runner;
        if (t != null && finished.getCount() > 0) {
            t.interrupt();
            try {
                finished.await(INTERRUPT_WAIT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private boolean goOn() {
        return !interrupted && !targetDied;
    }

    private CapacityResult capacity(StepDriver engine, StepJudge judge, TargetSession target, WarmupSettling settling,
                                    boolean takeEvidence) throws InterruptedException, BrinkUserException {
        List<Path> dumps = new ArrayList<>();
        CapacityResult capacity = new CapacityPhase(engine, plan, judge, events, console, this::goOn, () -> targetDied, settling)
                .run(takeEvidence ? evidenceHook(target, dumps) : null);
        analyseDumps(dumps);
        analyseWindows();
        capacity.steps().stream().filter(s -> s.verdict() == StepVerdictKind.HOST_SATURATED).findFirst()
                .ifPresent(s -> hostSaturated("the capacity step " + s.multiplier() + " × profile", s.reasons()));
        if (capacity.limitedBy() == LimitedBy.GENERATOR) {
            CapacityStepReasons last = CapacityStepReasons.lastGeneratorBound(capacity);
            found(new Finding(FindingKind.GENERATOR_BOUND, Severity.WARNING,
                    "the load generator, not the service, stopped the search at " + last.multiplier() + " × profile: " + last.reasons(),
                    "brink load generator", List.of(RunDirectory.GENERATOR), Detail.map(new GeneratorBoundDetail(last.multiplier(), null, null))));
        }
        return capacity;
    }

    /**
     * Thread dumps and a class histogram of the target, taken while the load that degraded runs again. Without
     * {@code --jfr}, a JFR recording spans the dumps too: a dump shows where threads are, the recording where the
     * CPU went in those seconds (its findings are added after the phase, by {@link #analyseWindows}). The histogram
     * comes after the recording stops: it forces a full collection that is Brink's cost, not the target's.
     */
    private CapacityPhase.DegradationHook evidenceHook(TargetSession target, List<Path> dumps) {
        // without a target JVM there is nothing to dump: no hook, so no phase runs its load again for evidence
        if (plan.target().jvm() == null) return null;
        return (n, verdict) -> {
            var capture = target.evidence();
            if (capture != null) {
                boolean recording = !jfr && startWindow(capture);
                try {
                    console.println("  evidence: 3 thread dumps 1 s apart" + (recording ? " within a JFR recording" : "")
                            + " and a class histogram at N=" + n);
                    capture.threadDumps(3, Duration.ofSeconds(1)).stream()
                            .filter(p -> p.toString().endsWith(".txt")).forEach(dumps::add);
                } catch (BrinkUserException e) {
                    console.println("  evidence: " + e.getMessage());
                }
                if (recording) {
                    try {
                        windows.add(new StepWindow(n, capture.jfrWindowStop()));
                    } catch (BrinkUserException e) {
                        console.println("  evidence: " + e.getMessage());
                    }
                }
                try {
                    capture.classHistogram();
                } catch (BrinkUserException e) {
                    console.println("  evidence: " + e.getMessage());
                }
            }
        };
    }

    private boolean startWindow(dev.brink.jvm.EvidenceCapture capture) {
        try {
            capture.jfrWindowStart();
            return true;
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
            return false;
        }
    }

    /** A recording the evidence step took at {@code multiplier} × profile. */
    private record StepWindow(int multiplier, Path recording) {
    }

    /** The hot methods and contended locks of the evidence steps' recordings, read after the load stopped. */
    private void analyseWindows() {
        for (StepWindow w : windows) {
            for (Finding f : JfrStepFindings.ofWindow(run, w.recording(), w.multiplier(), appPackages(), console)) {
                // a lock the thread dumps named already, with its holder and waiters: the recording adds no second finding
                String monitor = f.kind() == FindingKind.LOCK_CONTENTION ? Detail.of(f, LockContentionDetail.class).monitorClass() : null;
                boolean named = monitor != null && findings.all().stream().anyMatch(o -> o.kind() == FindingKind.LOCK_CONTENTION
                        && monitor.equals(Detail.of(o, LockContentionDetail.class).lockClass()));
                if (!named) {
                    found(f);
                }
            }
        }
        windows.clear();
    }

    private void analyseDumps(List<Path> dumps) {
        if (!dumps.isEmpty()) {
            try {
                ThreadDumpAnalyzer.analyze(dumps).findings().stream().map(this::relative).forEach(this::found);
            } catch (BrinkUserException e) {
                console.println("  thread dumps: " + e.getMessage());
            }
        }
    }

    /**
     * The target's PID for host health: the observed JVM's, or (no target.jvm) the process listening on the base
     * URL's port when that is on this machine, found once: a local service Brink does not observe is still the
     * target, and its CPU must not read as other processes saturating the host.
     */
    private java.util.function.LongSupplier targetPid(TargetSession target) {
        long fallback = target.observed() ? -1 : localListener(plan.target().baseUrl());
        return () -> {
            long pid = target.localPid();
            return pid > 0 ? pid : fallback;
        };
    }

    /** The process listening on {@code url}'s port when that is on this machine (a loopback host), else -1. */
    static long localListener(java.net.URI url) {
        if (url == null || url.getHost() == null || !isLoopback(url.getHost())) return -1;
        int port = url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        return dev.brink.load.host.HostSampler.listeningPid(port);
    }

    private static boolean isLoopback(String host) {
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** The closing block says the machine was busy, and who took the CPU (the reasons name them). */
    private void hostSaturated(String where, List<String> reasons) {
        found(new Finding(FindingKind.HOST_SATURATED, Severity.WARNING, "the machine was busy: other processes saturated the host during "
                + where + ", so it measured the machine, not the service: " + String.join("; ", reasons),
                "host", List.of(RunDirectory.HOST), Detail.map(HostSaturatedDetail.NONE)));
    }

    /** GC pressure, heap sizing and long pauses over the whole run (the soak judges leaks on its own window). */
    private void gcFindings() {
        try {
            GcLogAnalyzer.analyzeGcJsonl(run.file(RunDirectory.GC), loadStartEpochMs).findings().stream()
                    .filter(f -> f.kind() != FindingKind.MEMORY_LEAK).forEach(this::found);
        } catch (BrinkUserException e) {
            console.println("  gc: " + e.getMessage());
        }
    }

    /** The application's packages the plan names (target.jvm.app_packages), or unknown: then the recordings say. */
    private AppPackages appPackages() {
        List<String> named = plan.target().jvm() == null ? List.of() : plan.target().jvm().appPackages();
        try {
            return named.isEmpty() ? AppPackages.UNKNOWN : AppPackages.declared(named);
        } catch (BrinkUserException e) {
            return AppPackages.UNKNOWN; // the plan's reader checked the names already
        }
    }

    /** The generations' split from the target's pool sizes, whether or not it collected during the run. */
    private void poolSizeFindings() {
        try {
            PoolSizeEvidence.of(run, loadStartEpochMs).ifPresent(this::found);
        } catch (BrinkUserException e) {
            console.println("  memory pools: " + e.getMessage());
        }
    }

    /**
     * The soak holds 1-3 × profile, where a sizing problem may not show; the capacity search and the confirmation
     * pushed the service to its limit, where it does (field report 004: full GCs 2-3 a second only at 600 TPS). Their
     * GC findings are added for each kind the soak did not report itself, so one kind is never told twice.
     */
    private void gcFindingsBefore(long soakStartEpochMs, List<Finding> soakFindings) {
        Set<FindingKind> told = soakFindings.stream().map(Finding::kind).collect(java.util.stream.Collectors.toSet());
        try {
            GcLogAnalyzer.analyzeGcJsonl(run.file(RunDirectory.GC), loadStartEpochMs, soakStartEpochMs).findings().stream()
                    .filter(f -> f.kind() != FindingKind.MEMORY_LEAK && !told.contains(f.kind())).forEach(this::found);
        } catch (BrinkUserException e) {
            console.println("  gc: " + e.getMessage());
        }
    }

    private int confirmMultiplier(CapacityResult capacity) {
        Double given = plan.phases().confirm().multiplier();
        if (given != null) {
            return given.intValue(); // whole and >= 1: Plan.Confirm holds no other
        }
        return capacity == null ? 0 : capacity.maxMultiplier();
    }

    private void check(Set<MethodPhase> phases) throws BrinkUserException {
        Plan.Phases p = plan.phases();
        for (MethodPhase ph : phases) {
            boolean has = p != null && switch (ph) {
                case CAPACITY -> p.capacity() != null;
                case CONFIRM -> p.confirm() != null;
                case SOAK -> p.soak() != null;
                case STAGES -> p.stages() != null;
            };
            if (!has) {
                throw new BrinkUserException(plan.name() + ": --phases asks for " + ph.json() + " but the plan has no phases." + ph.json() + " section");
            }
        }
        if (plan.slo() == null && (phases.contains(MethodPhase.CAPACITY) || phases.contains(MethodPhase.CONFIRM))) {
            throw new BrinkUserException(plan.name() + ": the capacity search and the confirmation need an slo section: expected slo: {error_rate: 0.01, p99_ms: 500}");
        }
        if (plan.failOn().thresholds().readsLoad() && !phases.contains(MethodPhase.CONFIRM) && !phases.contains(MethodPhase.SOAK)
                && !phases.contains(MethodPhase.STAGES)) {
            throw new BrinkUserException(plan.name() + ": fail_on '" + plan.failOn().thresholds().text() + "' judges the confirmation hold,"
                    + " the stages and the soak: expected phases.confirm, phases.stages or phases.soak in the run (the capacity search"
                    + " breaks the service on purpose)");
        }
        if (phases.contains(MethodPhase.CONFIRM) && !phases.contains(MethodPhase.CAPACITY) && p.confirm().multiplier() == null) {
            throw new BrinkUserException(plan.name() + ": a confirmation without the capacity search needs phases.confirm.multiplier (what to confirm)");
        }
    }

    private void livePhase(MethodPhase phase) {
        if (metrics != null) metrics.phase(phase.json());
    }

    /** A dead target makes every later step measure a closed port: end the step at once and stop the run after it. */
    private void watchForDeath(TargetSession target, StepDriver engine) {
        target.onDeath(() -> {
            targetDied = true;
            engine.endStep();
        });
    }

    /** The step the target died in, for the finding: that step is no verdict. */
    private static String diedIn(CapacityResult capacity, ConfirmResult confirm) {
        if (confirm != null && confirm.verdict() == ConfirmVerdict.INTERRUPTED) {
            return "the confirmation hold at " + confirm.multiplier() + " × profile";
        }
        if (capacity != null) {
            for (CapacityStep st : capacity.steps()) {
                if (st.verdict() == StepVerdictKind.TARGET_DIED) {
                    return "capacity step N=" + st.multiplier();
                }
            }
        }
        return null;
    }

    /** One finding per kind and subject: a repeated search finds the same problem again, with more evidence. */
    private void found(Finding f) {
        events.append(EventType.FINDING, Map.of("finding", findings.add(f)));
    }

    private RunSummary writeSummary(Instant started, CapacityResult capacity, ConfirmResult confirm, SoakResult soak) throws BrinkUserException {
        List<Finding> ordered = findings.all();
        ordered.sort(Comparator.comparing(Finding::severity)); // stable: analysers' own order within a severity
        RunSummary summary = new RunSummary(BrinkVersion.get(), plan.name(), started.toString(),
                Duration.between(started, Instant.now()).toMillis() / 1000.0, interrupted, capacity, confirm, soak, ordered,
                interrupted ? interruptedIn : null).withStages(stages);
        Shard shard = options.shard();
        if (shard.sharded() || shard.startAt() != null) summary = summary.withShard(shard);
        try {
            events.append(EventType.RUN_END, new RunEnd(interrupted).fields());
            events.close();
            OutputFiles.writeJson(run.file(RunDirectory.SUMMARY), summary); // whole or absent: never a 0-byte summary
        } catch (IOException e) {
            throw new BrinkUserException("cannot write " + run.file(RunDirectory.SUMMARY) + ": " + e.getMessage());
        }
        return summary;
    }

    /** Evidence paths in findings are relative to the run directory, so the report links them. */
    private Finding relative(Finding f) {
        List<String> ev = f.evidence().stream().map(e -> {
            Path p = Path.of(e);
            Path root = run.root().toAbsolutePath();
            return p.isAbsolute() && p.startsWith(root) ? root.relativize(p).toString()
                    : !p.isAbsolute() && p.startsWith(run.root()) ? run.root().relativize(p).toString() : e;
        }).toList();
        return new Finding(f.kind(), f.severity(), f.title(), f.subject(), ev, f.detail());
    }
}
