package dev.brink.shard;

import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Numbers;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.ShardIncompleteDetail;
import dev.brink.core.event.GeneratorBound;
import dev.brink.core.event.LoadClose;
import dev.brink.core.event.LoadOpen;
import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.load.LoadEngine;
import dev.brink.load.engine.Counters;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.LoadStep;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.RunOutput;
import dev.brink.load.engine.ShardInterval;
import dev.brink.load.engine.StepAccumulator;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The coordinator's load engine: each step goes to the N workers ({@link StepDispatch}), which run their shard of
 * it from the same instant; their intervals come back as they close, and interval j of every worker (all began the
 * step together, and an engine's intervals are whole seconds from its step's start) is added into the run's
 * interval j: counts and errors summed, latency histograms added (so every percentile is the union's, never an
 * average of the workers'), target rates summed (each worker's is its share), generator health the worst worker's
 * with each reason naming its shard. The sums go through the same files, listeners and step sums as one
 * process's {@link LoadEngine}, so the method judges a merged step exactly as a single one.
 *
 * <p>A worker that vanishes mid-step (no word for the control API's silence limit, or its process ended) makes the
 * step no measurement: the run stops ({@link #run} throws {@link InterruptedException}, as Ctrl-C does) and a
 * {@code shard-incomplete} finding names the worker and the step. Judging the step on the survivors would read the
 * missing share as the service's lost throughput.
 */
public final class ShardedEngine implements StepDriver {
    /** The workers begin each step this long after it is handed out: time for their long polls to return. */
    static final long START_LEAD_MS = 500;
    private static final long POLL_MS = 200;

    private final Plan plan;
    private final StepDispatch workers;
    private final RunOutput out;
    private final PrintWriter console;
    private final long baseMs = System.currentTimeMillis();
    private final String[] names;
    private final List<IntervalListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Finding> findings = new CopyOnWriteArrayList<>();
    private volatile String lastStepStarted;
    private volatile long running = -1;
    private long seq;

    private ShardedEngine(Plan plan, StepDispatch workers, RunDirectory run, PrintWriter console) throws IOException {
        this.plan = plan;
        this.workers = workers;
        this.console = console;
        this.out = new RunOutput(run, baseMs);
        this.names = plan.profile().stream().map(Plan.Operation::name).toArray(String[]::new);
        out.event(EventType.LOAD_OPEN, new LoadOpen(String.valueOf(plan.target().baseUrl()), null, null, null, workers.workers(),
                List.of(names)).fields());
    }

    /** The engine of a coordinator whose {@code workers} have all joined; writes into {@code run}. */
    public static ShardedEngine open(Plan plan, StepDispatch workers, RunDirectory run, PrintWriter console)
            throws dev.brink.core.BrinkUserException {
        try {
            return new ShardedEngine(plan, workers, run, console);
        } catch (IOException e) {
            throw new dev.brink.core.BrinkUserException("cannot write the run directory: " + e.getMessage());
        }
    }

    @Override
    public StepResult run(LoadStep step) throws InterruptedException {
        long me = ++seq;
        int n = workers.workers();
        double target = step.workload() instanceof LoadStep.Workload.Open o ? plan.totalRps() * (o.from() + o.to()) / 2 : 0;
        double mean = step.workload() instanceof LoadStep.Workload.Open o ? (o.from() + o.to()) / 2 : 0;
        double[] opTargets = plan.profile().stream().mapToDouble(op -> op.rps() * mean).toArray();
        StepAccumulator acc = new StepAccumulator(step, target, names, opTargets);
        lastStepStarted = step.name();
        out.event(EventType.STEP_START, LoadEngine.stepStart(step, step.duration().toMillis() / 1e3, target).onWorkers(n).fields());
        running = me;
        workers.start(me, step, System.currentTimeMillis() + START_LEAD_MS);
        List<List<ShardInterval>> got = new ArrayList<>();
        for (int i = 0; i < n; i++) got.add(new ArrayList<>());
        Double[] done = new Double[n];
        int next = 0;
        long firstStart = Long.MAX_VALUE;
        try {
            while (true) {
                StepDispatch.Report r = workers.poll(me, POLL_MS);
                if (r != null) {
                    got.get(r.shard()).addAll(r.intervals());
                    if (r.durationS() != null) done[r.shard()] = r.durationS();
                }
                while (ready(got, done, next)) {
                    firstStart = Math.min(firstStart, emit(step, got, next, acc));
                    next++;
                }
                if (allDone(done) && !anyBeyond(got, next)) break;
                List<StepDispatch.Lost> lost = workers.lost(me);
                if (!lost.isEmpty()) {
                    lostIn(step, lost, got);
                    throw new InterruptedException("worker lost");
                }
            }
        } finally {
            running = -1;
        }
        double seconds = 0;
        for (Double d : done) seconds = Math.max(seconds, d);
        StepResult r = acc.result(Math.max(1e-3, seconds));
        out.event(EventType.STEP_END, LoadEngine.stepEnd(r, seconds < step.duration().toMillis() / 1e3 - 0.5).fields());
        return r;
    }

    /** Interval j can be merged once every worker sent it or finished without it. */
    private static boolean ready(List<List<ShardInterval>> got, Double[] done, int j) {
        boolean any = false;
        for (int i = 0; i < got.size(); i++) {
            if (got.get(i).size() > j) any = true;
            else if (done[i] == null) return false;
        }
        return any;
    }

    private static boolean allDone(Double[] done) {
        for (Double d : done) if (d == null) return false;
        return true;
    }

    private static boolean anyBeyond(List<List<ShardInterval>> got, int j) {
        for (List<ShardInterval> g : got) if (g.size() > j) return true;
        return false;
    }

    /** Adds interval j of every worker that has it and hands the sum on as one interval; returns its start. */
    private long emit(LoadStep step, List<List<ShardInterval>> got, int j, StepAccumulator acc) {
        Counters[] ops = new Counters[names.length];
        for (int k = 0; k < ops.length; k++) ops[k] = new Counters();
        Counters total = new Counters();
        double[] opTarget = new double[names.length];
        double target = 0;
        double seconds = 0;
        long from = Long.MAX_VALUE;
        long to = 0;
        int inFlight = 0;
        int waiting = 0;
        int connections = 0;
        List<GeneratorHealth> health = new ArrayList<>();
        List<Integer> shards = new ArrayList<>();
        for (int i = 0; i < got.size(); i++) {
            if (got.get(i).size() <= j) continue;
            ShardInterval s = got.get(i).get(j);
            for (int k = 0; k < ops.length; k++) {
                ops[k].add(s.ops().get(k));
                opTarget[k] += s.ops().get(k).targetRps();
            }
            target += s.targetRps();
            seconds = Math.max(seconds, s.intervalS());
            from = Math.min(from, s.startMs());
            to = Math.max(to, s.endMs());
            inFlight += s.inFlight();
            waiting += s.waiting();
            connections += s.connections();
            health.add(s.generator());
            shards.add(i);
        }
        for (Counters c : ops) total.add(c);
        GeneratorHealth h = worst(health, shards);
        Map<String, IntervalStats.Op> opStats = new LinkedHashMap<>();
        for (int k = 0; k < ops.length; k++) {
            Counters c = ops[k];
            opStats.put(names[k], new IntervalStats.Op(Numbers.round(opTarget[k]), c.sent, c.ok, c.errorMap(), c.dropped,
                    Percentiles.of(c.corrected), Percentiles.of(c.uncorrected)));
        }
        IntervalStats stats = new IntervalStats(to, Numbers.round((to - baseMs) / 1e3), step.name(), Numbers.round(seconds),
                Numbers.round(target), total.sent, total.ok, total.errorMap(), total.dropped, Percentiles.of(total.corrected),
                Percentiles.of(total.uncorrected), inFlight, waiting, connections, h.bound(), opStats);
        out.interval(stats, h, from, to, total.corrected, total.uncorrected, names, ops);
        if (h.bound()) out.event(EventType.GENERATOR_BOUND, new GeneratorBound(step.name(), h.reasons()).fields());
        acc.add(total, ops, inFlight, h);
        for (IntervalListener l : listeners) {
            l.onLatency(total.corrected);
            l.onInterval(stats, h);
        }
        return from;
    }

    /** Each figure the worst worker's (CPU, lag, ports) or the sum (connections, drops); reasons name their shard. */
    private GeneratorHealth worst(List<GeneratorHealth> all, List<Integer> shards) {
        int n = workers.workers();
        GeneratorHealth w = all.get(0);
        List<String> reasons = new ArrayList<>();
        List<GeneratorIssue> issues = new ArrayList<>(); // one per reason, in its order (GeneratorHealth)
        double cpu = 0, loop = 0, lag = 0;
        long gc = 0, dropped = 0, heap = 0;
        int conns = 0, ports = 0, tw = 0, classes = 0, blocked = 0;
        long epoch = 0;
        for (int k = 0; k < all.size(); k++) {
            GeneratorHealth g = all.get(k);
            epoch = Math.max(epoch, g.epochMs());
            cpu = Math.max(cpu, g.processCpu());
            loop = Math.max(loop, g.loopCpu());
            lag = Math.max(lag, g.lagP99Ms());
            gc = Math.max(gc, g.gcPauseMs());
            dropped += g.dropped();
            heap = Math.max(heap, g.heapAfterGcBytes());
            conns += g.connections();
            ports = Math.max(ports, g.ephemeralPortsInUse());
            tw = Math.max(tw, g.timeWait());
            classes = Math.max(classes, g.loadedClasses());
            blocked = Math.max(blocked, g.blockedThreads());
            for (String r : g.reasons()) reasons.add(r + " (shard " + shards.get(k) + "/" + n + ")");
            issues.addAll(g.issues());
        }
        return new GeneratorHealth(epoch, cpu, loop, gc, lag, conns, ports, w.ephemeralPortRange(), tw, dropped, reasons,
                heap, classes, blocked, issues);
    }

    private void lostIn(LoadStep step, List<StepDispatch.Lost> lost, List<List<ShardInterval>> got) {
        int n = workers.workers();
        for (StepDispatch.Lost l : lost) {
            String shard = l.shard() + "/" + n;
            List<ShardInterval> seen = got.get(l.shard());
            console.printf(Locale.ROOT, "worker %s vanished in %s (%s): its share of the load is missing, so the step measures"
                    + " nothing; stopping the run%n", shard, step.name(), l.why());
            console.flush();
            Map<String, Object> d = Detail.map(ShardIncompleteDetail.vanished(shard, step.name(), l.why(),
                    seen.isEmpty() ? 0 : seen.get(seen.size() - 1).endMs(), seen.size()));
            findings.add(new Finding(FindingKind.SHARD_INCOMPLETE, Severity.CRITICAL, "Worker " + shard + " vanished in "
                    + step.name() + " (" + l.why() + "): the run stopped there, the step is no verdict",
                    "shard " + shard, List.of("shards/" + l.shard()), d));
        }
    }

    @Override
    public void addListener(IntervalListener listener) {
        listeners.add(listener);
    }

    @Override
    public void endStep() {
        long r = running;
        if (r > 0) workers.endStep(r);
    }

    @Override
    public String lastStepStarted() {
        return lastStepStarted;
    }

    @Override
    public Plan plan() {
        return plan;
    }

    @Override
    public List<Finding> findings() {
        return List.copyOf(findings);
    }

    @Override
    public void close() {
        out.event(EventType.LOAD_CLOSE, LoadClose.INSTANCE.fields());
        try {
            out.close();
        } catch (IOException e) {
            // every line is flushed already
        }
    }
}
