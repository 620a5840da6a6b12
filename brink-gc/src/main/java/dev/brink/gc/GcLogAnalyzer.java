package dev.brink.gc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlReader;
import dev.brink.core.evidence.GcEventLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.List;

/**
 * The GC analysis: GC logs of any HotSpot collector (JDK 8 PrintGCDetails or JDK 9+ unified logging, rotated,
 * gzipped) or Brink's own gc.jsonl in, a {@link GcReport} out: pause statistics, the heap-after-GC floor trend
 * with the leak verdict ({@link HeapFloorTrend}), and findings (memory-leak, gc-pressure, heap-too-small,
 * long-pause) that name flags to try and the numbers behind them.
 *
 * <p>Stateless and thread-safe. Cost: one streaming pass over the logs; memory is the events (~200 bytes each).
 */
public final class GcLogAnalyzer {
    private GcLogAnalyzer() {
    }

    /**
     * Analyses GC-log files of one JVM (several files: rotated parts, ordered by their content).
     *
     * @throws BrinkUserException a file is missing or unreadable, not a GC log, IBM J9 XML, or holds no GC event
     */
    public static GcReport analyze(List<Path> logs) throws BrinkUserException {
        ParseSink sink = new ParseSink();
        List<String> sources = new ArrayList<>();
        List<String> formats = GcLogReader.read(logs, sink, sources);
        return report(sources, String.join("+", formats), sink.settings(), sink.events, sink.lines,
                sink.unknownLines, sink.unknownSamples, -1, sink.metaspaceOoms, sink.humongousObjectMax);
    }

    /** Analyses what Brink's observer saw (gc.jsonl lines) the same way as a log. */
    public static GcReport analyzeEvents(List<GcEventLine> lines) throws BrinkUserException {
        return analyzeEvents(lines, -1);
    }

    /**
     * @param loadStartEpochMs when the load began: metaspace-threshold collections before it are the service's
     *                         start-up and count toward no finding; -1 when unknown
     */
    public static GcReport analyzeEvents(List<GcEventLine> lines, long loadStartEpochMs) throws BrinkUserException {
        return analyzeEvents(lines, loadStartEpochMs, List.of(), -1);
    }

    /**
     * As {@link #analyzeEvents(List, long)}, with what a JFR recording adds to the collections: the metaspace
     * OutOfMemoryErrors it recorded (jdk.MetaspaceOOM) and -XX:MaxMetaspaceSize (-1 when unknown).
     */
    public static GcReport analyzeEvents(List<GcEventLine> lines, long loadStartEpochMs, List<MetaspaceOom> metaspaceOoms,
                                         long maxMetaspace) throws BrinkUserException {
        if (lines.isEmpty()) {
            throw new BrinkUserException("gc.jsonl holds no GC event");
        }
        List<GcEvent> events = ObserverEvents.convert(lines);
        JvmSettings s = ObserverEvents.settings(lines);
        JvmSettings settings = new JvmSettings(s.collector(), s.jvmVersion(), s.maxHeap(), s.initialHeap(), s.cpus(),
                s.commandLine(), s.regionSize(), maxMetaspace);
        return report(List.of("gc.jsonl"), "observer", settings, events, lines.size(), 0, List.of(), loadStartEpochMs,
                metaspaceOoms, -1);
    }

    /** Reads a run directory's gc.jsonl and analyses it. */
    public static GcReport analyzeGcJsonl(Path gcJsonl) throws BrinkUserException {
        return analyzeGcJsonl(gcJsonl, -1);
    }

    /** Reads a run directory's gc.jsonl and analyses it; see {@link #analyzeEvents(List, long)} for the load start. */
    public static GcReport analyzeGcJsonl(Path gcJsonl, long loadStartEpochMs) throws BrinkUserException {
        return analyzeGcJsonl(gcJsonl, loadStartEpochMs, Long.MAX_VALUE);
    }

    /** As {@link #analyzeGcJsonl(Path, long)}, on the collections that ended before {@code untilEpochMs} only. */
    public static GcReport analyzeGcJsonl(Path gcJsonl, long loadStartEpochMs, long untilEpochMs) throws BrinkUserException {
        List<JsonNode> nodes = JsonlReader.readAll(gcJsonl);
        List<GcEventLine> lines = new ArrayList<>(nodes.size());
        int i = 0;
        for (JsonNode n : nodes) {
            i++;
            try {
                GcEventLine line = Json.MAPPER.treeToValue(n, GcEventLine.class);
                if (line.epochMs() < untilEpochMs) {
                    lines.add(line);
                }
            } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
                throw new BrinkUserException(gcJsonl + ":" + i + ": not a gc.jsonl record: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
            }
        }
        GcReport r = analyzeEvents(lines, loadStartEpochMs);
        return new GcReport(List.of(gcJsonl.toString()), r.format(), r.settings(), r.findings(), r.pauses(), r.trend(),
                r.timeAxis(), r.times(), r.events(), r.metaspaceOoms(), r.lines(), 0, List.of());
    }

    private static GcReport report(List<String> sources, String format, JvmSettings settings, List<GcEvent> events,
                                   long lines, long unknown, List<String> samples, long loadStartEpochMs,
                                   List<MetaspaceOom> ooms, long humongousObjectMax) {
        String[] axis = new String[1];
        double[] t = TimeAxis.of(events, axis);
        PauseStats stats = PauseStats.of(events, t);
        // on the uptime axis the JVM started at minus the first event's uptime; other axes do not say
        double jvmStart = "uptime".equals(axis[0]) && !events.isEmpty() ? -events.get(0).uptimeSec() : Double.NaN;
        HeapFloorTrend trend = floorTrend(events, t, settings, jvmStart);
        List<Finding> findings = new GcFindings(new GcFacts(events, t, !"index".equals(axis[0]), trend, settings,
                sources, loadStartEpochMs, ooms, humongousObjectMax)).all();
        return new GcReport(sources, format, settings, findings, stats, trend, axis[0], t, events, ooms, lines, unknown, samples);
    }

    /**
     * Collections whose "after" includes the old generation's reclaim: the ones a leak verdict may trust. Generational
     * ZGC's "Minor Collection" and generational Shenandoah's "(Young)" cycles collect the young generation only.
     */
    static boolean wholeHeap(GcEvent e) {
        return switch (e.kind()) {
            case FULL, MIXED, REMARK, CLEANUP, DEGENERATED -> true;
            // the log's "Minor Collection", JFR's and the observer's "ZGC Minor" (…Cycles), Shenandoah's "(Young)"
            case CONCURRENT -> !e.name().startsWith("Minor Collection") && !e.name().startsWith("ZGC Minor")
                    && !e.name().toLowerCase(java.util.Locale.ROOT).contains("(young)");
            default -> false;
        };
    }

    private static HeapFloorTrend floorTrend(List<GcEvent> events, double[] t, JvmSettings settings, double jvmStart) {
        int n = events.size();
        double[] ts = new double[n];
        double[] after = new double[n];
        double[] estimated = new double[n];
        boolean estimates = false;
        double[] before = new double[n];
        boolean[] full = new boolean[n];
        GcKind[] kinds = new GcKind[n];
        boolean[] plansMixed = new boolean[n];
        boolean[] preempts = new boolean[n];
        boolean[] atCeiling = new boolean[n];
        int k = 0;
        long maxCommitted = -1;
        // A cycle logs several sizes under one GC id (Shenandoah's "Concurrent cleanup" after marking, when only wholly
        // dead regions are freed, and again after evacuation; G1's remark then cleanup): its result is the last one.
        Map<Long, Integer> lastOfCycle = new HashMap<>();
        for (int i = 0; i < n; i++) {
            GcEvent e = events.get(i);
            if (e.gcId() >= 0 && e.heapAfter() >= 0 && wholeHeap(e)) {
                lastOfCycle.put(e.gcId(), i);
            }
        }
        for (int i = 0; i < n; i++) {
            GcEvent e = events.get(i);
            maxCommitted = Math.max(maxCommitted, e.heapCommitted());
            // a collection that failed to evacuate left the young objects it could not copy where they were, counted
            // as old (JDK 25: "Old regions: 19->46"): its "after" holds them, so it is no floor
            boolean evacuationFailed = e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED);
            if (e.heapAfter() >= 0 && !evacuationFailed && !(wholeHeap(e) && e.gcId() >= 0 && lastOfCycle.get(e.gcId()) != i)) {
                ts[k] = t[i];
                Generation live = e.generation(UnifiedLogParser.LIVE);
                // a ZGC cycle: its live bytes, not "after" (which counts what was allocated during the cycle too)
                after[k] = live != null && wholeHeap(e) && live.after() >= 0 && live.after() <= e.heapAfter() ? live.after() : e.heapAfter();
                Generation expected = e.generation(UnifiedLogParser.EXPECTED_LIVE);
                estimated[k] = expected != null && wholeHeap(e) && expected.after() <= after[k] ? expected.after() : after[k];
                estimates |= estimated[k] != after[k];
                before[k] = e.heapBefore();
                full[k] = wholeHeap(e);
                kinds[k] = e.kind();
                plansMixed[k] = e.kind() == GcKind.YOUNG && e.name().contains("(Prepare Mixed)");
                GcCauseKind cause = GcCauseKind.of(e.cause());
                preempts[k] = e.kind() == GcKind.YOUNG && e.name().contains("(Concurrent Start)")
                        && (cause == GcCauseKind.EXPLICIT || cause == GcCauseKind.TOOL);
                atCeiling[k] = atCeiling(e);
                k++;
            }
        }
        g1CycleFloors(after, full, kinds, plansMixed, preempts, k);
        long max = settings.maxHeap() > 0 ? settings.maxHeap() : maxCommitted;
        double loaded = classesLoaded(events, t);
        HeapFloorTrend trend = HeapFloorTrend.assess(ts, before, after, full, atCeiling, k, max, jvmStart, loaded);
        if (estimates && !trend.leak()) {
            HeapFloorTrend pacer = HeapFloorTrend.assess(ts, before, estimated, full, atCeiling, k, max, jvmStart, loaded);
            if (pacer.leak()) {
                return pacer.withReason(SHENANDOAH_RESERVE);
            }
        }
        return withinZgcFragmentation(trend, events) ? trend.explainedAway("ZGC's heap after a cycle is not its live set"
                + " in a log without the Live row (-Xlog:gc): pages with under " + Math.round(ZGC_FRAGMENTATION_LIMIT * 100)
                + " % garbage are not relocated, so it may rise a third above the live set while that stays level;"
                + " -Xlog:gc* logs the live bytes") : trend;
    }

    /**
     * Why a Shenandoah log is judged a second time, on the pacer's estimate of the live set (UnifiedLogParser.pacerLive),
     * and a leak is what either reading shows rising. A Shenandoah cycle starts at a fixed free level and evacuates at
     * most its reserve's worth of live data, so with the live set spread over every region it frees about as much each
     * time and its "after" sits level while a leak grows under it: 39-41 MB for ten cycles beside a 1.5 MB/s leak in
     * 64 MB, read as "no leak" on JDK 17 and 25 while the estimate rose 7 → 31 MB at the leak's pace. The estimate is a
     * mean of the last five marks, so it lags: where cycles come seconds apart and each frees well, the "after" is the
     * sharper reading (a 1.5 MB/s leak in 128 MB rose 7 → 19 MB by "after" and 4 → 8 MB by the estimate, under the 5 %
     * of the heap a verdict needs). Each errs towards "no leak" in its own case; neither reads a level live set as rising
     * (the estimate measured marked bytes only, below "after", and a twin's stayed at its 30 MB within 1 %), so the
     * verdict is the "after" reading's unless only the estimate rises. A point's estimate is used only when no higher
     * than its "after": an estimate above it lags a live set that shrank.
     */
    static final String SHENANDOAH_RESERVE = "read from Shenandoah's estimate of the live set (the pacer's Expected Live):"
            + " the heap after each cycle stays level while it evacuates only its reserve's worth";

    /**
     * A full GC the heap caused that freed less than this share of the heap it found ran at the heap's ceiling: pinned
     * there, Parallel's and Serial's full GCs free 0-2 % (only what was allocated since the last one), while those of the
     * climb before it free a tenth or more.
     */
    static final double FREED_AT_CEILING = 0.05;

    /**
     * A full GC that ran because an allocation did not fit (the heap's own cause: not System.gc(), a tool or the
     * metaspace, which collect whatever room is left) and freed under {@link #FREED_AT_CEILING} of what it found: the
     * collector could make no room, so what is left is live and the live set is at least that — the heap's ceiling,
     * not a measure of the live set (Serial and Parallel once the old generation is full and the eden holds what it
     * could not promote; G1 once its evacuations fail). Shenandoah's degenerated GC is its stop-the-world answer to the
     * same failed allocation (a concurrent cycle cancelled for it, or "Outside of Cycle": no room before one could
     * start), and at the ceiling it alternates with full GCs, 63 → 63 MB of 64 a hundred times, so it counts too. ZGC
     * has neither: a thread that finds no room stalls until the next cycle and gets an OutOfMemoryError if that cycle
     * frees none, so ZGC does not linger at its ceiling, and its Live row measures the live set even there.
     */
    static boolean atCeiling(GcEvent e) {
        boolean freedNothing = e.heapBefore() > 0 && e.heapAfter() >= 0
                && e.heapBefore() - e.heapAfter() < FREED_AT_CEILING * e.heapBefore();
        return freedNothing && ((e.kind() == GcKind.FULL || e.kind() == GcKind.DEGENERATED) && GcFacts.heapCaused(e)
                || shenandoahCycleAtCeiling(e));
    }

    /**
     * Shenandoah between its degenerated GCs at the ceiling still starts concurrent cycles, and one that ends with the
     * heap as full as it found it ("Concurrent cleanup 63M->63M(64M)") made no room either: at the ceiling too, or it
     * would cut the run of failed collections that dates the pin (a leak read "no leak" so, beside five other JVMs).
     * Only with the heap within {@link #FREED_AT_CEILING} of what is committed: a cycle that frees little from a
     * half-empty heap is no sign of a full one.
     */
    private static boolean shenandoahCycleAtCeiling(GcEvent e) {
        return e.name().startsWith("Concurrent cleanup") && e.heapCommitted() > 0
                && e.heapAfter() >= (1 - FREED_AT_CEILING) * e.heapCommitted();
    }

    /** The share of its final level at which the metaspace counts as loaded. */
    static final double LOADED = 0.95;
    /** ... or this far below it: a trickle of classes (the OutOfMemoryError's own, at the end) is kilobytes. */
    static final long TRICKLE_BYTES = 1 << 20;

    /**
     * When the JVM had loaded its classes: the first collection whose metaspace came within 5 % ({@link #LOADED}) or
     * 1 MB of the level it ends at (NaN without metaspace rows). A service's classes are loaded at its start, megabytes
     * of them, and a trickle after (lambdas, proxies, reflection's accessors, the error a dying JVM reports: 139 → 150
     * KB in a leak's last second), so the level is reached when the start ends; a class-loader leak never reaches it
     * before its end, and its metaspace finding, not the heap's trend, names it.
     */
    private static double classesLoaded(List<GcEvent> events, double[] t) {
        long last = -1;
        for (int i = events.size() - 1; i >= 0 && last < 0; i--) {
            last = events.get(i).metaspaceAfter();
        }
        if (last <= 0) {
            return Double.NaN;
        }
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).metaspaceAfter() >= last - Math.max((1 - LOADED) * last, TRICKLE_BYTES)) {
                return t[i];
            }
        }
        return Double.NaN;
    }

    /**
     * One whole-heap point per G1 marking cycle: the lowest of its remark/cleanup and the mixed collections after it. A
     * mixed collection reclaims only the old regions with the most garbage, a share of them per collection
     * (G1MixedGCCountTarget, 8), and one after an evacuation failure still holds the regions that failed; the remark's
     * heap still holds all the old garbage. Each alone is a point of the cycle, not its floor: a stable 40 MB live set
     * in 128 MB (JDK 25) read as a leak "60 → 98 MB" from a remark, then a mixed collection after failed ones. The others
     * stay in the series as ordinary points. Full GCs are floors of their own.
     *
     * <p>A cycle with no mixed collection is a floor only when G1 planned none. At its cleanup G1 decides whether the
     * old garbage it marked is worth a mixed phase (more than G1HeapWastePercent, 5 % of the heap) and, if so, its next
     * young collection is "Pause Young (Prepare Mixed)" (JDK 12+); a concurrent start caused by the heap cannot come
     * before that phase ends. So the first young collection after the cycle says it: a normal one, or one starting the
     * next cycle for the heap, means no mixed phase was due and the cycle's "after" is within that 5 % of its live
     * set; "Prepare Mixed" with no mixed collection after it means G1 measured the garbage and never reclaimed it; a
     * concurrent start asked for by System.gc() (-XX:+ExplicitGCInvokesConcurrent) or a tool cuts the phase short
     * before anyone can tell. Such cycles stacked up a 2 MB live set's old garbage 3 → 7 MB in four seconds of
     * System.gc() every second (JDK 25) and read as a rising floor; they stay as ordinary points. A cycle at the log's
     * end whose mixed phase was only due is kept: a leak's last cycles are its strongest evidence (a G1 leak under a
     * starved machine has three or four cycles in 12 s, the last with its "Prepare Mixed" as the log ends).
     */
    private static void g1CycleFloors(double[] after, boolean[] full, GcKind[] kinds, boolean[] plansMixed,
                                      boolean[] preempts, int k) {
        int start = -1;
        for (int i = 0; i <= k; i++) {
            boolean cycleStart = i == k || kinds[i] == GcKind.REMARK || kinds[i] == GcKind.CLEANUP || kinds[i] == GcKind.FULL;
            if (cycleStart && start >= 0) {
                int best = -1;
                boolean mixed = false;
                int firstYoung = -1;
                for (int j = start; j < i; j++) {
                    firstYoung = firstYoung < 0 && kinds[j] == GcKind.YOUNG ? j : firstYoung;
                    if (full[j]) {
                        mixed |= kinds[j] == GcKind.MIXED;
                        best = best < 0 || after[j] < after[best] ? j : best;
                    }
                }
                // planned and cut short by the next cycle; at the log's end the phase was only due, not skipped
                boolean unreclaimed = !mixed && firstYoung >= 0 && (plansMixed[firstYoung] && i < k || preempts[firstYoung]);
                for (int j = start; j < i && (mixed || unreclaimed); j++) {
                    full[j] = full[j] && j == best && !unreclaimed;
                }
                start = -1;
            }
            if (i < k && (kinds[i] == GcKind.REMARK || kinds[i] == GcKind.CLEANUP)) {
                start = i;
            }
        }
    }

    /** -XX:ZFragmentationLimit's default: ZGC relocates only pages with more garbage than this share. */
    static final double ZGC_FRAGMENTATION_LIMIT = 0.25;

    /**
     * A rise that ZGC's relocation alone explains when the log gives no live bytes. ZGC compacts only the pages whose
     * garbage exceeds ZFragmentationLimit (25 %, old pages of generational ZGC too); the others keep their dead objects
     * until they pass it. A stable live set whose objects are replaced at random therefore leaves garbage in nearly
     * every old page, and the heap after each cycle creeps from the live set up to live / (1 − 0.25): 66 → 80 MB over
     * 10 s for a level 60 MB live set in a JDK 17 -Xlog:gc log, read as a critical leak. With -Xlog:gc* the cycle's
     * Live row is the floor and no allowance is needed; without it, a floor that ends within a third above where it
     * started is no evidence of a leak.
     */
    private static boolean withinZgcFragmentation(HeapFloorTrend trend, List<GcEvent> events) {
        if (!trend.leak() || trend.floorStart() <= 0) {
            return false;
        }
        boolean zgc = false;
        for (GcEvent e : events) {
            boolean cycle = e.kind() == GcKind.CONCURRENT && (e.name().startsWith("Garbage Collection")
                    || e.name().startsWith("Major Collection")) && e.heapAfter() >= 0;
            if (cycle && e.generation(UnifiedLogParser.LIVE) != null) {
                return false; // live bytes known: the trend already reads them
            }
            zgc |= cycle;
        }
        return zgc && trend.floorEnd() <= trend.floorStart() / (1 - ZGC_FRAGMENTATION_LIMIT);
    }
}
