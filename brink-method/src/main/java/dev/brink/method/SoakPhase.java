package dev.brink.method;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.Numbers;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.Sizes;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.TargetDiedDetail;
import dev.brink.core.event.MethodPhase;
import dev.brink.core.event.PhaseEnd;
import dev.brink.core.event.PhaseStart;
import dev.brink.core.event.SmallHeapSkipped;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.gc.GcReport;
import dev.brink.gc.HeapFloorTrend;
import dev.brink.core.line.JvmSample;
import dev.brink.load.engine.LoadStep;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak: a multiplier of the profile held for a long time (optionally on a small heap), with the leak verdict
 * from the heap-after-GC floor over it ({@link HeapFloorTrend}, the same rule {@code brink gc} applies to a log),
 * GC findings for the hold, and leak evidence: class histograms at start and end, a heap dump at the first full-GC
 * probe (after the warm-up), and, when the verdict is leak, the heap is nearly full or the target died, a heap dump
 * at the end (or the one the JVM wrote at OutOfMemoryError) compared with it holder by holder: the field that
 * grew, with its growth per hour beside the heap-after-GC trend.
 */
final class SoakPhase {
    /** Old generation (or heap) this full after GC at the end of the soak is worth a heap dump even without a trend. */
    static final double NEARLY_FULL = 0.9;
    private static final double MIB = 1024.0 * 1024.0;

    /** The soak's verdict and what it found. */
    record Outcome(SoakResult result, List<Finding> findings) {
    }

    private final StepDriver engine;
    private final Plan plan;
    private final TargetSession target;
    private final RunDirectory run;
    private final EventLog events;
    private final PrintWriter console;
    private final LeakEvidence leakEvidence;
    private StepJudge judge;
    private CapacityPhase.DegradationHook degraded;

    SoakPhase(StepDriver engine, Plan plan, TargetSession target, RunDirectory run, EventLog events, PrintWriter console,
              LeakEvidence leakEvidence) {
        this.engine = engine;
        this.plan = plan;
        this.target = target;
        this.run = run;
        this.events = events;
        this.console = console;
        this.leakEvidence = leakEvidence;
    }

    /**
     * Judges the soak's load by the plan's SLO too (a soak above the capacity degrades on latency or errors): when
     * it degraded, {@code hook} takes thread dumps and a class histogram while the soak's load runs again, as the
     * capacity search and the confirmation do. The leak verdict stays the soak's verdict.
     */
    SoakPhase judgedBy(StepJudge judge, CapacityPhase.DegradationHook hook) {
        this.judge = judge;
        this.degraded = hook;
        return this;
    }

    /** "3", or "2.5": a whole multiplier without its ".0". */
    private static String multiplier(double m) {
        return m == Math.rint(m) ? Long.toString((long) m) : Double.toString(m);
    }

    /**
     * Why the soak runs at the plan's multiplier, said beside it: the multiplier is the plan's, not derived from the
     * capacity; above the capacity just found the soak is meant to stress (a leak grows with the request rate, so it
     * shows within a shorter hold), and its latency and errors are then expected to break the SLO.
     */
    static String multiplierReason(double multiplier, CapacityResult capacity) {
        if (capacity == null || capacity.maxMultiplier() <= 0) {
            return "the plan's phases.soak.multiplier (no capacity found in this run to compare it with)";
        }
        int cap = capacity.maxMultiplier();
        if (multiplier > cap) {
            return "the plan's phases.soak.multiplier, above the capacity just found (" + cap + " × profile): a leak grows"
                    + " with the request rate, so it shows within the hold; latency and errors above the SLO are expected there";
        }
        return "the plan's phases.soak.multiplier, within the capacity just found (" + cap + " × profile)";
    }

    Outcome run(CapacityResult capacity) throws InterruptedException, BrinkUserException {
        Plan.Soak s = plan.phases().soak();
        String whyMultiplier = multiplierReason(s.multiplier(), capacity);
        double rps = s.multiplier() * plan.totalRps();
        events.append(EventType.PHASE_START, new PhaseStart(MethodPhase.SOAK, s.multiplier()).fields());
        String smallHeap = null;
        if (s.smallHeapBytes() != null) {
            String heap = xmx(s.smallHeapBytes());
            if (target.canRelaunch()) {
                target.relaunchWithHeap(heap);
                smallHeap = heap;
            } else {
                String why = "phases.soak.small_heap needs target.jvm.launch with a java command line: the soak runs on the target as it is";
                console.println("  " + why);
                events.append(EventType.SMALL_HEAP_SKIPPED, new SmallHeapSkipped(why).fields());
            }
        }
        console.printf(Locale.ROOT, "soak: %s × profile = %s for %s%s%n", multiplier(s.multiplier()), StepLoad.planned(plan, s.multiplier()),
                Durations.format(s.hold()), smallHeap != null ? " on -Xmx" + smallHeap : "");
        console.println("  multiplier: " + whyMultiplier);
        console.printf(Locale.ROOT, "  leak rule: heap after GC rising (r² ≥ %.1f) and, where only young collections are seen, the"
                        + " live set after full GC grown by ≥ %.0f %% of that rise and ≥ %.0f %% of the heap%n", SoakVerdict.MIN_R2,
                SoakVerdict.MIN_LIVE_SHARE_OF_FLOOR_GROWTH * 100, SoakVerdict.MIN_GROWTH_SHARE_OF_HEAP * 100);
        leakEvidence.start(target.evidence());
        long soakStart = System.currentTimeMillis();
        java.util.concurrent.ScheduledExecutorService probes = probes(s);
        StepResult r;
        if (judge != null) {
            judge.begin("soak");
        }
        try {
            r = engine.run(LoadStep.of(plan, "soak", s.multiplier(), s.hold()));
        } finally {
            probes.shutdownNow(); // a target that dies ends the step: MethodRunner's death watch, via TargetSession
        }
        List<Finding> findings = new ArrayList<>();
        String died = target.deathMessage();
        long endProbe = System.currentTimeMillis();
        leakEvidence.end(target.evidence());
        List<GcEventLine> lines = target.observed() ? gcSince(soakStart) : List.of();
        // every collection up to the end probe: its full GC would be a sudden drop in a series of young floors
        List<GcEventLine> beforeEnd = lines.stream().filter(l -> l.epochMs() < endProbe).toList();
        GcReport gc = null;
        if (!lines.isEmpty()) {
            try {
                gc = GcLogAnalyzer.analyzeEvents(lines);
            } catch (BrinkUserException e) {
                console.println("  soak: " + e.getMessage());
            }
        }
        SoakVerdictKind verdict;
        String reason;
        SoakVerdict judged = null;
        if (died != null) {
            verdict = SoakVerdictKind.DIED;
            reason = died + " after " + Math.round(r.durationS()) + " s of the soak";
            boolean oom = Files.isRegularFile(run.file(RunDirectory.EVIDENCE).resolve(EvidenceFiles.OOM_HEAP_DUMP));
            findings.add(new Finding(FindingKind.TARGET_DIED, Severity.CRITICAL,
                    "the target died during the soak" + (oom ? " of OutOfMemoryError (it wrote a heap dump)" : "") + ": " + died,
                    oom ? "java.lang.OutOfMemoryError" : "target JVM", List.of(RunDirectory.EVENTS),
                    Detail.map(TargetDiedDetail.inSoak(r.durationS(), died))));
        } else if (!target.observed()) {
            verdict = SoakVerdictKind.UNKNOWN;
            reason = "the target JVM was not observed (no target.jvm in the plan): no heap-after-GC series to judge";
        } else if (gc == null) {
            verdict = SoakVerdictKind.UNKNOWN;
            reason = "no garbage collection during the soak: nothing to judge a trend on (a longer hold or a smaller heap would)";
        } else {
            judged = SoakVerdict.judge(gc.trend(), allCollections(beforeEnd.isEmpty() ? lines : beforeEnd), leakEvidence.liveGrowthBytes(), maxHeap());
            verdict = judged.verdict();
            reason = judged.reason();
        }
        // the soak's load judged by the step rules: on a host other processes saturated, no leak seen clears nothing
        StepVerdict load = judge != null && died == null ? judge.judge(r) : null;
        if (verdict == SoakVerdictKind.STABLE && load != null && load.kind() == StepVerdictKind.HOST_SATURATED) {
            verdict = SoakVerdictKind.HOST_SATURATED;
            reason = reason + "; but " + String.join("; ", load.reasons()) + ": a soak the machine starved cannot clear the service";
        }
        findings.addAll(gcFindings(lines));
        boolean leak = verdict == SoakVerdictKind.LEAK;
        List<Finding> dumps = verdict == SoakVerdictKind.DIED ? leakEvidence.oomDump(run.file(RunDirectory.EVIDENCE))
                : leak || nearlyFull() ? leakEvidence.heapDump(target.evidence()) : List.of();
        boolean holderNamed = dumps.stream().anyMatch(f -> f.kind() == FindingKind.MEMORY_LEAK);
        findings.addAll(leakEvidence.histogramGrowth(verdict, holderNamed));
        findings.addAll(dumps);
        double slope = judged == null ? 0 : judged.slopeBytesPerSec() * 3600 / MIB;
        SoakResult result = new SoakResult(s.multiplier(), rps, r.durationS(), smallHeap, Numbers.round(slope), Numbers.round(judged == null ? 0 : judged.r2()),
                verdict, reason, judged == null ? null : line(lines, judged.fit())).withMultiplierReason(whyMultiplier)
                .withHeapGrowth(leakEvidence.growth()).withMeasured(StepLoad.held(r));
        console.printf(Locale.ROOT, "  soak: achieved %.1f req/s, errors %.2f %%, heap after GC %+.1f MB/h (r² %.2f): %s%n",
                r.achievedRps(), r.errorRate() * 100, slope, result.r2(), verdict.json());
        StreamRows.print(console, engine.lastStreamTimings());
        console.println("    " + reason);
        if (result.heapGrowth() != null) {
            // the field that grew, beside the heap-after-GC trend: the trend says the heap grows, the dumps say where
            for (HolderGrowth h : result.heapGrowth().grown()) {
                console.printf(Locale.ROOT, "  heap dumps: %s grew by %s%s (%s → %s) from the dump after the warm-up to the end%n",
                        h.holder(), Sizes.human(h.growthBytes()), h.bytesPerHour() == null ? "" : String.format(Locale.ROOT, ", %+.1f MB/h",
                                h.bytesPerHour() / 1e6), Sizes.human(h.bytesBefore()), Sizes.human(h.bytesAfter()));
            }
        }
        if (load != null && degraded != null) {
            if (load.kind() != StepVerdictKind.OK) {
                console.println("  soak load " + load.kind().json() + ": " + String.join("; ", load.reasons()));
            }
            if (load.kind() == StepVerdictKind.DEGRADED) {
                int n = (int) Math.round(s.multiplier());
                EvidenceUnderLoad.run(engine, plan, "soak-evidence", s.multiplier(), () -> degraded.firstDegraded(n, load));
            }
        }
        events.append(EventType.PHASE_END, PhaseEnd.of(MethodPhase.SOAK, result).fields());
        return new Outcome(result, findings);
    }

    /**
     * Full-GC probes: a class histogram every hold / (probes + 1). Each forces a full collection, so the heap after
     * it is a whole-heap floor even where the JVM reports young collections only (G1 on JDK 17 shows no concurrent
     * cycle over JMX); the trend is fitted on them. Cost on the target: one full GC per probe.
     */
    private java.util.concurrent.ScheduledExecutorService probes(Plan.Soak s) {
        java.util.concurrent.ScheduledExecutorService ex = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "brink-soak-probe");
            t.setDaemon(true);
            return t;
        });
        if (s.probes() > 0 && target.observed()) {
            long every = Math.max(1000, s.hold().toMillis() / (s.probes() + 1));
            ex.scheduleAtFixedRate(() -> leakEvidence.probe(target.evidence()), every, every, java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        return ex;
    }

    /**
     * GC pressure, heap sizing and long pauses during the soak, by the log rules; without the full GCs of Brink's own
     * probes (class histograms: "Heap Inspection Initiated GC"; the heap dump after the warm-up: "Heap Dump Initiated
     * GC"), which would read as a full-GC storm. Leaks are the soak's verdict and the heap dumps' to tell.
     */
    private List<Finding> gcFindings(List<GcEventLine> lines) {
        List<GcEventLine> service = lines.stream().filter(l -> !PROBE_CAUSE.equals(l.cause()) && !DUMP_CAUSE.equals(l.cause())).toList();
        if (service.isEmpty()) {
            return List.of();
        }
        try {
            return GcLogAnalyzer.analyzeEvents(service).findings().stream().filter(f -> f.kind() != FindingKind.MEMORY_LEAK).toList();
        } catch (BrinkUserException e) {
            return List.of();
        }
    }

    /** The GC cause a class histogram gives its full collection. */
    static final String PROBE_CAUSE = "Heap Inspection Initiated GC";
    /** The GC cause a heap dump of live objects gives its full collection. */
    static final String DUMP_CAUSE = "Heap Dump Initiated GC";

    /** The collections seen since the soak began (gc.jsonl lines), in order. */
    private List<GcEventLine> gcSince(long fromEpochMs) {
        List<GcEventLine> lines = new ArrayList<>();
        try {
            for (JsonNode n : JsonlReader.readAll(run.file(RunDirectory.GC))) {
                GcEventLine l = Json.MAPPER.treeToValue(n, GcEventLine.class);
                if (l.epochMs() >= fromEpochMs) {
                    lines.add(l);
                }
            }
        } catch (BrinkUserException | com.fasterxml.jackson.core.JsonProcessingException e) {
            console.println("  soak: cannot read " + RunDirectory.GC + ": " + e.getMessage());
        }
        return lines;
    }

    /** The floor verdict over every collection, young ones included; times are seconds from the first. */
    private HeapFloorTrend allCollections(List<GcEventLine> lines) {
        int n = lines.size();
        double[] t = new double[n];
        double[] after = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = (lines.get(i).epochMs() - lines.get(0).epochMs()) / 1000.0;
            after[i] = lines.get(i).usedAfter();
        }
        return HeapFloorTrend.assess(t, after, maxHeap());
    }

    /** The fitted floor as a segment on the run's time axis (fit times are seconds from the soak's first collection). */
    private static SoakResult.HeapTrendLine line(List<GcEventLine> lines, HeapFloorTrend t) {
        if (t == null || t.floorStart() < 0 || Double.isNaN(t.warmupEndSec()) || lines.isEmpty()) {
            return null;
        }
        long first = lines.get(0).epochMs();
        return new SoakResult.HeapTrendLine(first + Math.round(t.warmupEndSec() * 1000), lines.get(lines.size() - 1).epochMs(),
                t.floorStart(), t.floorEnd());
    }

    private long maxHeap() {
        JvmSample last = target.observed() ? target.observer().latest().orElse(null) : null;
        return last == null || last.heap() == null ? -1 : last.heap().max();
    }

    private boolean nearlyFull() {
        JvmSample last = target.observed() ? target.observer().latest().orElse(null) : null;
        long max = maxHeap();
        return last != null && last.heapAfterGc() != null && max > 0 && last.heapAfterGc() >= NEARLY_FULL * max;
    }

    /** -Xmx value for a byte count: whole megabytes ("64m"), or kilobytes when not a whole number of them. */
    static String xmx(long bytes) {
        return bytes % (1024 * 1024) == 0 ? bytes / (1024 * 1024) + "m" : Math.max(1, bytes / 1024) + "k";
    }

}
