package dev.brink.gc;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * What every GC rule reads — the events, their times, the JVM's settings — and where the rules put their findings.
 * One per analysis; single thread.
 *
 * <p><b>Which collections speak for the heap.</b> A collection's cause ({@link GcCauseKind}) says whether the heap
 * ran short: only {@link GcCauseKind#HEAP}, {@link GcCauseKind#HUMONGOUS}, {@link GcCauseKind#GC_LOCKER} and
 * unknown causes do. A {@code System.gc()} collects however much room is left, a metadata collection runs to unload
 * classes, a tool's to count or dump live objects: a storm of those says nothing about -Xmx or the old
 * generation's size, and advice about them would be wrong. The heap rules (storm, heap too small, old generation
 * too small) therefore read {@link #heapEvents} and {@link #heapStats}; the cause rules read the rest.
 */
final class GcFacts {
    final List<GcEvent> events;
    final double[] t;
    final boolean timed;
    /**
     * The application's pauses over the whole log's span: a tool's class histogram or heap dump and the start-up's
     * metadata collections ({@link ForeignCollections}) stay out of the pauses but not of the time. Their pauses are
     * the tool's or the boot's doing, and on a starved machine a histogram's full GC can stretch to hundreds of ms:
     * counted, three of them made a 20 s log of an idle JVM read as "GC takes 10 % of the time" with heap advice. The
     * time-share, sizing and long-pause rules read these; the report shows every pause.
     */
    final PauseStats stats;
    final HeapFloorTrend trend;
    final JvmSettings settings;
    final List<String> evidence;
    final String subject;
    final long loadStartEpochMs;
    final List<MetaspaceOom> metaspaceOoms;
    /** The largest humongous object G1's gc+humongous debug lines sized, bytes; -1 when the log does not say. */
    final long humongousObjectMax;
    /** The application's collections that speak for the heap (see the class comment), and their times. */
    final List<GcEvent> heapEvents = new ArrayList<>();
    final PauseStats heapStats;
    final List<Finding> out = new ArrayList<>();

    GcFacts(List<GcEvent> events, double[] t, boolean timed, HeapFloorTrend trend, JvmSettings settings,
            List<String> evidence, long loadStartEpochMs, List<MetaspaceOom> metaspaceOoms, long humongousObjectMax) {
        this.events = events;
        this.t = t;
        this.timed = timed;
        this.stats = PauseStats.of(events, t, e -> ForeignCollections.why(e, loadStartEpochMs) == null);
        this.trend = trend;
        this.settings = settings;
        this.evidence = evidence;
        this.subject = settings.collector().isEmpty() ? "heap" : settings.collector() + " heap";
        this.loadStartEpochMs = loadStartEpochMs;
        this.metaspaceOoms = metaspaceOoms;
        this.humongousObjectMax = humongousObjectMax;
        List<Double> heapT = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            GcEvent e = events.get(i);
            if (ForeignCollections.why(e, loadStartEpochMs) == null && heapCaused(e)) {
                heapEvents.add(e);
                heapT.add(t[i]);
            }
        }
        this.heapStats = PauseStats.of(heapEvents, heapT.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** True when the collection's cause says the heap ran short (or does not say otherwise). */
    static boolean heapCaused(GcEvent e) {
        GcCauseKind k = GcCauseKind.of(e.cause());
        return k == GcCauseKind.HEAP || k == GcCauseKind.HUMONGOUS || k == GcCauseKind.GC_LOCKER || k == GcCauseKind.OTHER;
    }

    void add(FindingKind kind, Severity sev, String title, Detail detail) {
        out.add(new Finding(kind, sev, title, subject, evidence, Detail.map(detail)));
    }

    boolean has(FindingKind kind) {
        return out.stream().anyMatch(f -> f.kind() == kind);
    }

    /** The heap's maximum: -Xmx as logged, else the largest committed heap seen. */
    long maxHeap() {
        long max = settings.maxHeap();
        if (max <= 0) {
            for (GcEvent e : events) {
                max = Math.max(max, e.heapCommitted());
            }
        }
        return max;
    }

    /** The most events {@code which} selects within any {@link PauseStats#WINDOW_SEC} of the time axis. */
    int worstWindow(Predicate<GcEvent> which) {
        double[] at = new double[events.size()];
        int n = 0;
        for (int i = 0; i < events.size(); i++) {
            if (which.test(events.get(i))) {
                at[n++] = t[i];
            }
        }
        int worst = 0;
        for (int hi = 0, lo = 0; hi < n; hi++) {
            while (at[hi] - at[lo] > PauseStats.WINDOW_SEC) {
                lo++;
            }
            worst = Math.max(worst, hi - lo + 1);
        }
        return worst;
    }

    /** Causes of the events {@code which} selects, most frequent first ("System.gc()" → 25). */
    Map<String, Integer> causes(Predicate<GcEvent> which) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (GcEvent e : events) {
            if (which.test(e)) {
                counts.merge(e.cause().isEmpty() ? "(no cause logged)" : e.cause(), 1, Integer::sum);
            }
        }
        Map<String, Integer> sorted = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                .forEach(c -> sorted.put(c.getKey(), c.getValue()));
        return sorted;
    }

    /** "System.gc() 25, Allocation Failure 2". */
    static String mix(Map<String, Integer> causes) {
        StringBuilder b = new StringBuilder();
        causes.forEach((c, n) -> b.append(b.length() == 0 ? "" : ", ").append(c).append(' ').append(n));
        return b.toString();
    }
}
