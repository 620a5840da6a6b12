package dev.brink.load;

import dev.brink.core.verdict.GeneratorIssue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Sums a step's intervals into its {@link StepResult}. Reporting thread only. */
final class StepAccumulator {
    private final LoadStep step;
    private final double targetRps;
    private final Counters sum = new Counters();
    private final Map<String, String> reasons = new LinkedHashMap<>(); // first reason of each kind
    private final Set<GeneratorIssue> issues = new LinkedHashSet<>();
    private int maxInFlight;
    private GeneratorHealth worst;

    StepAccumulator(LoadStep step, double targetRps) {
        this.step = step;
        this.targetRps = targetRps;
    }

    void add(Counters total, int inFlight, GeneratorHealth h) {
        sum.add(total);
        maxInFlight = Math.max(maxInFlight, inFlight);
        for (String r : h.reasons()) reasons.putIfAbsent(r.split("[ :]", 2)[0], r);
        issues.addAll(h.issues());
        worst = worst == null ? h : new GeneratorHealth(h.epochMs(), Math.max(worst.processCpu(), h.processCpu()),
                Math.max(worst.loopCpu(), h.loopCpu()), worst.gcPauseMs() + h.gcPauseMs(),
                Math.max(worst.lagP99Ms(), h.lagP99Ms()), Math.max(worst.connections(), h.connections()),
                Math.max(worst.ephemeralPortsInUse(), h.ephemeralPortsInUse()), h.ephemeralPortRange(),
                Math.max(worst.timeWait(), h.timeWait()), worst.dropped() + h.dropped(), List.of(),
                h.heapAfterGcBytes(), h.loadedClasses(), Math.max(worst.blockedThreads(), h.blockedThreads()), List.of());
    }

    /** @param seconds how long the step ran: its duration, or less when it was ended early */
    StepResult result(double seconds) {
        long errors = sum.errorCount();
        long answered = sum.ok + errors;
        GeneratorHealth g = worst == null ? null : new GeneratorHealth(worst.epochMs(), worst.processCpu(), worst.loopCpu(),
                worst.gcPauseMs(), worst.lagP99Ms(), worst.connections(), worst.ephemeralPortsInUse(),
                worst.ephemeralPortRange(), worst.timeWait(), worst.dropped(), new ArrayList<>(reasons.values()),
                worst.heapAfterGcBytes(), worst.loadedClasses(), worst.blockedThreads(), new ArrayList<>(issues));
        return new StepResult(step.name(), step.workload(), seconds, targetRps, Math.round(answered / seconds * 100) / 100.0,
                sum.sent, sum.ok, sum.errorMap(), answered == 0 ? 0 : (double) errors / answered, sum.dropped,
                Percentiles.of(sum.corrected), Percentiles.of(sum.uncorrected), maxInFlight, g,
                new ArrayList<>(reasons.values()));
    }
}
