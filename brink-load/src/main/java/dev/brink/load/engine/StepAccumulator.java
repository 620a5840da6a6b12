package dev.brink.load.engine;

import dev.brink.core.Numbers;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.Percentiles;
import dev.brink.core.summary.OperationResult;
import dev.brink.core.verdict.GeneratorIssue;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Sums a step's intervals into its {@link StepResult}. Reporting thread only. */
public final class StepAccumulator {
    private final LoadStep step;
    private final double targetRps;
    private final Counters sum = new Counters();
    /** Each operation's sums, in plan order: one Counters each, made once per step on the reporting thread. */
    private final Counters[] opSums;
    private final String[] opNames;
    private final double[] opTargetRps;
    /**
     * Why the generator was bound, one reason per issue (and per shard that had it), each from the latest second it
     * held in: the step's steady seconds, not its first. A closed loop's first second is the JIT compiling the load
     * path (its event loop at 62 % of a core while C2 takes the rest of the process), which says nothing of the
     * seconds after it; a lag, a port count or a leak is also most telling where the step ended. Keyed by the typed
     * issue, never by the reason's words.
     */
    private final Map<ReasonKey, String> reasons = new LinkedHashMap<>();
    private final Set<GeneratorIssue> issues = new LinkedHashSet<>();
    private int maxInFlight;
    private GeneratorHealth worst;

    /**
     * @param opNames     the operations' names in plan order
     * @param opTargetRps each operation's scheduled mean rate in the step (0 in a closed model)
     */
    public StepAccumulator(LoadStep step, double targetRps, String[] opNames, double[] opTargetRps) {
        this.step = step;
        this.targetRps = targetRps;
        this.opNames = opNames.clone();
        this.opTargetRps = opTargetRps.clone();
        this.opSums = new Counters[opNames.length];
        for (int i = 0; i < opSums.length; i++) opSums[i] = new Counters();
    }

    /** Adds one interval: its totals and each operation's counters (in plan order). */
    public void add(Counters total, Counters[] ops, int inFlight, GeneratorHealth h) {
        sum.add(total);
        for (int i = 0; i < opSums.length; i++) opSums[i].add(ops[i]);
        maxInFlight = Math.max(maxInFlight, inFlight);
        keepLatest(h);
        issues.addAll(h.issues());
        worst = worst == null ? h : new GeneratorHealth(h.epochMs(), Math.max(worst.processCpu(), h.processCpu()),
                Math.max(worst.loopCpu(), h.loopCpu()), worst.gcPauseMs() + h.gcPauseMs(),
                Math.max(worst.lagP99Ms(), h.lagP99Ms()), Math.max(worst.connections(), h.connections()),
                Math.max(worst.ephemeralPortsInUse(), h.ephemeralPortsInUse()), h.ephemeralPortRange(),
                Math.max(worst.timeWait(), h.timeWait()), worst.dropped() + h.dropped(), List.of(),
                h.heapAfterGcBytes(), h.loadedClasses(), Math.max(worst.blockedThreads(), h.blockedThreads()), List.of());
    }

    /**
     * A second's reasons under their issues: {@link GeneratorHealth#issues()} types {@link GeneratorHealth#reasons()} in
     * the same order, one each, several of a kind when shards each had it (the k-th of a kind in a second is the k-th
     * shard that had it). A line that does not pair them (an older run's) keys each reason by its place instead.
     */
    private void keepLatest(GeneratorHealth h) {
        List<String> rs = h.reasons();
        List<GeneratorIssue> is = h.issues();
        Map<GeneratorIssue, Integer> seen = new EnumMap<>(GeneratorIssue.class);
        for (int i = 0; i < rs.size(); i++) {
            GeneratorIssue issue = is.size() == rs.size() ? is.get(i) : null;
            int k = issue == null ? i : seen.merge(issue, 1, Integer::sum) - 1;
            reasons.put(new ReasonKey(issue, k), rs.get(i)); // an existing key keeps its place, takes the later text
        }
    }

    private record ReasonKey(GeneratorIssue issue, int ordinal) {}

    /** @param seconds how long the step ran: its duration, or less when it was ended early */
    public StepResult result(double seconds) {
        long errors = sum.errorCount();
        long answered = sum.ok + errors;
        GeneratorHealth g = worst == null ? null : new GeneratorHealth(worst.epochMs(), worst.processCpu(), worst.loopCpu(),
                worst.gcPauseMs(), worst.lagP99Ms(), worst.connections(), worst.ephemeralPortsInUse(),
                worst.ephemeralPortRange(), worst.timeWait(), worst.dropped(), new ArrayList<>(reasons.values()),
                worst.heapAfterGcBytes(), worst.loadedClasses(), worst.blockedThreads(), new ArrayList<>(issues));
        return new StepResult(step.name(), step.workload(), seconds, targetRps, Math.round(answered / seconds * 100) / 100.0,
                sum.sent, sum.ok, sum.errorMap(), answered == 0 ? 0 : (double) errors / answered, sum.dropped,
                Percentiles.of(sum.corrected), Percentiles.of(sum.uncorrected), maxInFlight, g,
                new ArrayList<>(reasons.values()), operations(seconds));
    }

    private List<OperationResult> operations(double seconds) {
        List<OperationResult> list = new ArrayList<>(opSums.length);
        for (int i = 0; i < opSums.length; i++) {
            Counters c = opSums[i];
            long errors = c.errorCount();
            long answered = c.ok + errors;
            Percentiles p = Percentiles.of(c.corrected);
            list.add(new OperationResult(opNames[i], Numbers.round(opTargetRps[i]), Math.round(answered / seconds * 100) / 100.0,
                    c.ok, c.errorMap(), answered == 0 ? 0 : (double) errors / answered, p.p50Ms(), p.p90Ms(), p.p99Ms(), p.maxMs()));
        }
        return list;
    }
}
