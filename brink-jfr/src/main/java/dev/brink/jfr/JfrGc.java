package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.MetaspaceDetail;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.evidence.GcFailure;
import dev.brink.gc.GcKind;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.gc.GcReport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import jdk.jfr.consumer.RecordedEvent;

/**
 * Joins jdk.GarbageCollection with its jdk.GCHeapSummary and jdk.MetaspaceSummary before/after pairs (by GC id) into
 * the observer's {@link GcEventLine}s, so the recorded collections get brink-gc's analysis (pause statistics,
 * heap-after-GC verdict, the findings named by each collection's cause) rather than a second, different one. What a
 * log cannot say, the recording adds to those findings: who called {@code System.gc()} (jdk.SystemGC's stack), and
 * which class loaders hold the metaspace ({@link JfrMetaspace}). What a log prints inside a collection's lines — "To-space
 * exhausted", "Promotion failed", "concurrent mode failure" — a recording gives as events of their own with the
 * collection's gcId ({@link #failure}), joined here onto that collection so the trouble findings are the log's.
 * Memory: one small object per collection.
 */
final class JfrGc {
    private static final class Collection {
        String name = "";
        String cause = "";
        Instant start;
        /** The event's span: for a concurrent cycle (G1Old, ZGC's) from its first phase to its last. */
        double spanMs;
        double pauseMs;
        double longestMs;
        /** G1's young collections: jdk.G1GarbageCollection's type ("Normal", "Concurrent Start", "Prepare Mixed", "Mixed"). */
        String g1Type = "";
        long before = -1;
        long after = -1;
        long committed = -1;
        final Set<GcFailure> failures = EnumSet.noneOf(GcFailure.class);
    }

    private final Map<Long, Collection> byId = new HashMap<>();
    /** jdk.ZAllocationStall: one line per thread's wait (start epoch ms, duration ms), as a ZGC log's "Allocation Stall" lines. */
    private final List<double[]> stalls = new ArrayList<>();
    /** The recorded JVM's start, epoch ms; -1 when the recording does not say it. */
    private long jvmStartEpochMs = -1;
    private String collector = "";
    final JfrMetaspace metaspace = new JfrMetaspace();
    /** The humongous objects' sizes, from the allocations outside TLABs. */
    final JfrHumongous humongous = new JfrHumongous();
    /** Who called System.gc(): the first application frame under it, else the frame that called System.gc. */
    private final Tally systemGcCallers = new Tally();

    void systemGc(RecordedEvent e, StackView stack) {
        stack.read(e.getStackTrace(), false);
        String caller = stack.appFrame;
        if (StackView.NO_APP_FRAME.equals(caller)) {
            caller = stack.top;
            for (jdk.jfr.consumer.RecordedFrame f : stack.frames) {
                String n = stack.name(f);
                if (!n.startsWith("java.lang.Runtime.gc") && !n.startsWith("java.lang.System.gc")) {
                    caller = n; // java.nio.Bits.reserveMemory, a library's own call
                    break;
                }
            }
        }
        systemGcCallers.add(caller, 1, null);
    }

    void collection(RecordedEvent e) {
        Collection g = gc(e.getLong("gcId"));
        g.name = e.getString("name");
        g.cause = cycleCause(g.name, e.getString("cause"));
        g.start = e.getStartTime();
        g.spanMs = e.getDuration().toNanos() / 1e6;
        g.pauseMs = e.getDuration("sumOfPauses").toNanos() / 1e6;
        g.longestMs = e.getDuration("longestPause").toNanos() / 1e6;
    }

    /**
     * G1's type of a young collection (jdk.G1GarbageCollection, in default.jfc and profile.jfc), joined by gcId. JFR
     * names G1's young and mixed collections alike "G1New"; a log names them "Pause Young (Normal)", "(Concurrent
     * Start)", "(Prepare Mixed)" and "(Mixed)", and brink-gc's floor of a marking cycle is the lowest of its cleanup
     * and the mixed collections after it (the cleanup's heap still holds all the old garbage). Without the type a
     * recording had the cleanup alone: a level 56 MB live set in 128 MB read as a leak "73 → 109 MB" from a recording
     * whose log of the same run, its mixed collections at 62-63 MB, said nothing.
     */
    void g1Collection(RecordedEvent e) {
        gc(e.getLong("gcId")).g1Type = e.getString("type");
    }

    /**
     * The cause a collection is counted under. G1's concurrent mark cycle (JFR's "G1Old") is not started by a cause of
     * its own: the young pause that opens it ("Pause Young (Concurrent Start)", JFR's "G1New") is, and G1 records the
     * cycle under that pause's cause — one System.gc() under -XX:+ExplicitGCInvokesConcurrent, or one humongous
     * allocation, is a G1New and a G1Old both saying "System.gc()" or "G1 Humongous Allocation". Counted twice, the
     * calls doubled and the humongous starts outnumbered the young pauses (a share of them over 1). A GC log's
     * "Concurrent Mark Cycle" names no cause; brink-gc's cause rules count the pauses, so the cycle gets none here
     * either (the pause keeps it, metadata and tool causes included: the cycle unloads classes, but the log never
     * counted it as a metadata collection).
     */
    static String cycleCause(String name, String cause) {
        return "G1Old".equals(name) ? "" : cause;
    }

    /**
     * A thread that waited for ZGC to free memory (jdk.ZAllocationStall, its duration the wait). ZGC's pauses stay
     * under a millisecond however far allocation outruns it: when its concurrent cycles cannot free memory as fast as
     * the application allocates, the allocating thread blocks until a cycle has — a stall, not a pause, and invisible
     * in jdk.GarbageCollection and jdk.GCPhasePause. A ZGC log prints the same wait as "Allocation Stall (thread)
     * 12.3ms"; the line given here is the one brink-gc reads from that log (kind allocation-stall, no cause: a stall
     * is what the heap's shortage did, not why a collection started), so the stall finding is the same either way.
     */
    void stall(RecordedEvent e) {
        stalls.add(new double[] {e.getStartTime().toEpochMilli(), e.getDuration().toNanos() / 1e6});
    }

    /**
     * When the recorded JVM started (jdk.JVMInformation's jvmStartTime): a line's {@code start_ms} is JVM uptime, as the
     * observer's is, and brink-gc dates the JVM's start from it. A heap that filled in its first moments (a table or a
     * catalogue loaded at start-up) is a live set, not a leak, and only the JVM's age tells the two apart: with the
     * wall-clock time there, the JVM read as started in 1970 and every such heap as filled by a slow climb.
     */
    void jvmInformation(RecordedEvent e) {
        if (e.hasField("jvmVersion")) {
            humongous.jvmVersion(e.getString("jvmVersion"));
        }
        if (e.hasField("jvmStartTime")) {
            jvmStartEpochMs = e.getInstant("jvmStartTime").toEpochMilli();
        }
    }

    /** A line's uptime: since the JVM's start, or since the first line when the recording does not say it. */
    private long uptimeMs(long epochMs, long firstEpochMs) {
        return epochMs - (jvmStartEpochMs > 0 && jvmStartEpochMs <= firstEpochMs ? jvmStartEpochMs : firstEpochMs);
    }

    /**
     * A failure event of a collection (jdk.EvacuationFailed, jdk.PromotionFailed, jdk.ConcurrentModeFailure), joined by
     * gcId. G1 may write jdk.EvacuationFailed more than once for one pause (86 events for 81 failed pauses, JDK 17): one
     * failed collection either way, as the log's one "To-space exhausted" line per pause counts it. All three are in
     * the JDK's default.jfc and profile.jfc (JDK 17 and 25).
     */
    void failure(RecordedEvent e, GcFailure failure) {
        gc(e.getLong("gcId")).failures.add(failure);
    }

    /**
     * The failures a collection's line carries. G1 writes jdk.ConcurrentModeFailure too, for a concurrent mark that a
     * full GC aborted (the log's "Concurrent Mark Abort", on the G1Old cycle's gcId): not CMS's failure — its advice,
     * CMSInitiatingOccupancyFraction, does not exist for G1 — and the full GC that aborted it is counted already (the
     * full-GC storm). A log reads that abort as no failure; so does this.
     */
    static Set<GcFailure> failures(String name, Set<GcFailure> recorded) {
        if (!name.startsWith("G1") || !recorded.contains(GcFailure.CONCURRENT_MODE_FAILURE)) {
            return recorded;
        }
        Set<GcFailure> g1 = EnumSet.copyOf(recorded);
        g1.remove(GcFailure.CONCURRENT_MODE_FAILURE);
        return g1;
    }

    void heapSummary(RecordedEvent e) {
        Collection g = gc(e.getLong("gcId"));
        long used = e.getLong("heapUsed");
        if ("Before GC".equals(e.getString("when"))) {
            g.before = used;
        } else {
            g.after = used;
            g.committed = e.getLong("heapSpace.committedSize");
        }
    }

    void configuration(RecordedEvent e) {
        collector = e.getString("youngCollector") + "/" + e.getString("oldCollector");
    }

    /** A heap (and metaspace) pool map for a line: a pool the recording did not give is left out. */
    private static Map<String, Long> pools(long heap, long metaspace) {
        Map<String, Long> m = new HashMap<>();
        if (heap >= 0) {
            m.put("heap", heap);
        }
        if (metaspace >= 0) {
            m.put("Metaspace", metaspace);
        }
        return m;
    }

    /**
     * A brink-gc finding with what the recording adds: the System.gc() caller, the loaders filling the metaspace, the
     * humongous objects' sizes and who allocates them.
     */
    private Finding recorded(Finding original, String file, double classesPerSec) {
        Finding f = humongous.sized(original);
        Map<String, Object> d = f.detail();
        String title = f.title();
        if (f.kind() == FindingKind.GC_PRESSURE && systemGcCallers.totalCount() > 0) {
            GcPressureDetail gc = Detail.of(f, GcPressureDetail.class);
            if (gc.cause() == GcCauseKind.EXPLICIT) {
                Ranked caller = systemGcCallers.top(1).get(0);
                d = Detail.map(gc.withCaller(caller.key()));
                title = title.replaceFirst(" times \\(", Matcher.quoteReplacement(" times from " + caller.key() + " ("));
            }
        }
        if (f.kind() == FindingKind.METASPACE) {
            JfrMetaspace.Loaders l = metaspace.mostLoaders();
            boolean loaders = l != null && l.loaders() > 1;
            d = Detail.map(Detail.of(f, MetaspaceDetail.class).recorded(Math.round(classesPerSec), loaders ? l.loaderClass() : null,
                    loaders ? l.loaders() : null, loaders ? l.classes() : null));
            if (loaders) {
                title += String.format(Locale.ROOT, "; %d live loaders of %s (%d classes)", l.loaders(), l.loaderClass(),
                        l.classes());
            }
        }
        return new Finding(f.kind(), f.severity(), title, f.subject(), List.of(file), d);
    }

    private Collection gc(long id) {
        return byId.computeIfAbsent(id, k -> new Collection());
    }

    /**
     * A G1 young collection's phase in the log's words, where brink-gc reads it: "(Prepare Mixed)" planned a mixed
     * phase, "(Concurrent Start)" opened a marking cycle. The others keep the plain name.
     */
    static String g1Phase(String g1Type) {
        return "Prepare Mixed".equals(g1Type) || "Concurrent Start".equals(g1Type) ? " (" + g1Type + ")" : "";
    }

    /** JFR's collector names (G1New, ParallelOld, SerialOld, Z, ZMajor, Shenandoah…) as brink-gc's kinds. */
    static GcKind kind(String name) {
        if (name.contains("Full") || name.equals("SerialOld") || name.equals("ParallelOld")) {
            return GcKind.FULL;
        }
        if (name.equals("G1Old") || name.startsWith("Z") || name.startsWith("Shenandoah")) {
            return GcKind.CONCURRENT; // their JFR duration is the cycle; the pauses are inside it
        }
        return GcKind.YOUNG;
    }

    /**
     * The summary; brink-gc's findings on the collections (none without a collection) are added to {@code findings},
     * with the recording's callers of System.gc() and class loaders; {@code classesPerSec} is the window's loading rate.
     */
    JfrReport.GcSummary summarize(double windowSec, List<Finding> findings, String file, double classesPerSec)
            throws BrinkUserException {
        List<GcEventLine> lines = new ArrayList<>();
        double total = 0;
        double max = 0;
        long count = 0;
        long first = Long.MAX_VALUE;
        for (Collection g : byId.values()) {
            first = g.start == null ? first : Math.min(first, g.start.toEpochMilli());
        }
        for (double[] s : stalls) {
            first = Math.min(first, (long) s[0]);
        }
        for (Map.Entry<Long, Collection> e : byId.entrySet()) {
            Collection g = e.getValue();
            if (g.start == null) {
                continue; // a heap summary whose collection fell outside the window
            }
            count++;
            total += g.pauseMs;
            max = Math.max(max, g.longestMs);
            GcKind kind = "Mixed".equals(g.g1Type) ? GcKind.MIXED : kind(g.name);
            boolean cycle = kind == GcKind.CONCURRENT;
            long epochMs = g.start.toEpochMilli() + (cycle ? Math.round(g.spanMs) : 0);
            long uptimeMs = uptimeMs(epochMs, first);
            long[] meta = metaspace.forGc(e.getKey());
            Map<String, Long> before = pools(g.before, meta == null ? -1 : meta[0]);
            Map<String, Long> after = pools(g.after, meta == null ? -1 : meta[1]);
            Map<String, Long> committed = g.committed >= 0 ? Map.of("heap", g.committed) : Map.of();
            if ("G1Old".equals(g.name)) {
                // the cycle's span, and its remark and cleanup pauses with the heap it left, as a log's lines give them
                lines.add(new GcEventLine(epochMs, uptimeMs, g.name, kind.jsonName(), g.cause, g.spanMs, Map.of(), Map.of(),
                        Map.of(), Set.of(), e.getKey()));
                lines.add(new GcEventLine(epochMs, uptimeMs, g.name, GcKind.CLEANUP.jsonName(), g.cause, g.pauseMs, before,
                        after, committed, failures(g.name, g.failures), e.getKey()));
                continue;
            }
            lines.add(new GcEventLine(epochMs, uptimeMs, g.name + g1Phase(g.g1Type), kind.jsonName(), g.cause,
                    cycle ? g.spanMs : g.pauseMs, before, after, committed, failures(g.name, g.failures), e.getKey()));
        }
        String verdict = "no collection in the window";
        if (!lines.isEmpty()) {
            for (double[] s : stalls) { // a stall comes with the collection it waited for, never alone
                long epochMs = (long) s[0];
                lines.add(new GcEventLine(epochMs, uptimeMs(epochMs, first), "ZGC", GcKind.ALLOCATION_STALL.jsonName(), "",
                        s[1], Map.of(), Map.of(), Map.of()));
            }
            GcReport r = GcLogAnalyzer.analyzeEvents(lines, -1, metaspace.ooms(), metaspace.maxMetaspace());
            verdict = r.trend().verdict();
            for (Finding f : r.findings()) {
                findings.add(recorded(f, file, classesPerSec));
            }
        }
        double share = windowSec > 0 ? total / 1000.0 / windowSec : 0;
        return new JfrReport.GcSummary(collector, count, total, max, share, verdict);
    }
}
