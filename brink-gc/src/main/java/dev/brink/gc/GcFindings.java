package dev.brink.gc;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Numbers;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import dev.brink.core.detail.HeapTooSmallDetail;
import dev.brink.core.detail.LongPauseDetail;
import dev.brink.core.detail.MemoryLeakDetail;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns events, pause statistics and the floor trend into findings, each with flags to try and numbers. The rules
 * named by a collection's cause live in {@link CauseRules} and {@link MetaspaceRule}, the old generation's room in
 * {@link OldGenerationRules}, a live set that leaves G1 or ZGC no headroom without a full GC in
 * {@link HeadroomRule}; the heap rules here read only the collections the heap caused ({@link GcFacts}).
 */
final class GcFindings {
    static final double LONG_PAUSE_MS = 1000;
    /**
     * Allocation stalls summed over threads, as a share of the log's time, below which they are no finding. ZGC starts
     * a cycle when its model of the allocation rate says the headroom will run out; a burst the average did not
     * predict, or a host that gave the collector's threads no CPU for a moment, makes one thread wait a few ms now and
     * then with nothing wrong in the heap's size. Measured on a level live set with half the heap free (RoutingTable's
     * twins, JDK 17 and 25, two cores shared with other JVMs): 2-6 stalls of 1-15 ms in 20 s, 0.1 % of the time; the
     * same program with 12 % of the heap free: 11-32 %. One percent is ten times above the twins: a thread waiting
     * 10 ms a second, the cost where a latency-bound user notices, as 7 threads stalling 10-29 ms at once in a 1.3 s
     * log (GCViewer's sample, 6.5 %) are.
     */
    static final double STALL_SHARE_WARNING = 0.01;
    /** Allocation stalls summed over threads, as a share of the log's time, that make the stall finding critical. */
    static final double STALL_SHARE_CRITICAL = 0.1;

    private final GcFacts f;
    private boolean oldGenTooSmall;

    GcFindings(GcFacts facts) {
        this.f = facts;
    }

    List<Finding> all() {
        leak();
        heapTooSmall();
        oldGenTooSmall = OldGenerationRules.oldGenTooSmall(f) || OldGenerationRules.g1YoungPinned(f);
        HeadroomRule.check(f); // after the rules that read full GCs and the old generation's room: one sizing finding
        fullGcStorm(); // after the sizing rules: its advice points at their findings only when they exist
        MetaspaceRule.check(f);
        CauseRules.all(f);
        pressure();
        longPause();
        troubles();
        f.out.sort(Comparator.comparing(Finding::severity));
        return f.out;
    }

    private void leak() {
        if (!f.trend.leak()) {
            return;
        }
        MemoryLeakDetail d = MemoryLeakDetail.gcTrend(Math.round(f.trend.slopeBytesPerSec() * 60), round(f.trend.r2()),
                f.trend.floorStart(), f.trend.floorEnd(), f.trend.verdict(), "take a heap dump near the end"
                        + " (-XX:+HeapDumpOnOutOfMemoryError, or `brink heap`) and look at what retains the growth; more heap only"
                        + " delays the OutOfMemoryError");
        f.add(FindingKind.MEMORY_LEAK, Severity.CRITICAL, String.format(Locale.ROOT,
                "Heap after GC keeps rising: floor %s → %s (%s/min, r²=%.2f) after warm-up",
                HeapFloorTrend.mb(f.trend.floorStart()), HeapFloorTrend.mb(f.trend.floorEnd()),
                HeapFloorTrend.mb(f.trend.slopeBytesPerSec() * 60), f.trend.r2()), d);
    }

    /**
     * Median share of the heap the application's full collections freed; NaN when none says how much it held before
     * and after (a JFR recording without jdk.GCHeapSummary events, as JMC's templates without GC details record: 0
     * of 0 freed is not "everything freed").
     */
    private double fullFreedShare() {
        List<Double> freed = new ArrayList<>();
        for (GcEvent e : f.heapEvents) {
            if (e.kind() == GcKind.FULL && e.heapBefore() > 0 && e.heapAfter() >= 0) {
                freed.add((e.heapBefore() - e.heapAfter()) / (double) e.heapBefore());
            }
        }
        if (freed.isEmpty()) {
            return Double.NaN;
        }
        freed.sort(null);
        return freed.get(freed.size() / 2);
    }

    /**
     * Full GCs one after the other, of the collections the heap caused (a System.gc() loop and metadata collections
     * have findings of their own, {@link CauseRules} and {@link MetaspaceRule}, with advice that fits them). The
     * finding says the cause mix of every full GC of the window, counted or not, and the advice follows the heap's
     * own causes: GCLocker-initiated full GCs are JNI critical regions holding collections back, not a small heap.
     */
    private void fullGcStorm() {
        int worst = f.heapStats.fullGcsWorst60s();
        double freed = fullFreedShare();
        if (!(worst >= 5 || (worst >= 3 && freed < 0.1))) {
            return;
        }
        Map<String, Integer> causes = f.causes(e -> e.kind() == GcKind.FULL);
        Map<String, Integer> heapCauses = new LinkedHashMap<>();
        f.heapEvents.stream().filter(e -> e.kind() == GcKind.FULL)
                .forEach(e -> heapCauses.merge(e.cause().isEmpty() ? "(no cause logged)" : e.cause(), 1, Integer::sum));
        Map<String, Integer> leftOut = ForeignCollections.fullGcsLeftOut(f.events, f.loadStartEpochMs);
        String advice;
        int gcLocker = heapCauses.getOrDefault("GCLocker Initiated GC", 0);
        GcCauseKind cause = gcLocker * 2 > f.heapStats.fullGcs() ? GcCauseKind.GC_LOCKER : null;
        if (cause != null) {
            advice = "most full GCs waited for JNI critical regions (GetPrimitiveArrayCritical: zip, compression or driver"
                    + " natives) to end: make those calls shorter; G1 on JDK 22 and later pins regions instead";
        } else if (f.trend.leak()) {
            advice = "the heap is filling with live objects (see memory-leak): full GCs cannot free it";
        } else if (oldGenTooSmall) {
            advice = "the old generation cannot take what young GCs keep: give it room (see heap-too-small: -XX:NewRatio=2,"
                    + " no -Xmn near -Xmx)";
        } else if (f.has(FindingKind.HEAP_TOO_SMALL)) {
            advice = "the live set does not fit: raise -Xmx (see heap-too-small) or lower the allocation rate";
        } else {
            advice = "full GCs follow each other: give the heap room (-Xmx above 3× the heap after a full GC)"
                    + " or lower the allocation rate";
        }
        boolean known = !Double.isNaN(freed);
        GcPressureDetail d = GcPressureDetail.fullGcStorm(cause, f.heapStats.fullGcs(), worst, known ? round(freed) : null,
                causes, leftOut, advice);
        f.add(FindingKind.GC_PRESSURE, Severity.CRITICAL, String.format(Locale.ROOT,
                "Full-GC storm: %d full GCs (%d within 60 s)%s; causes: %s", f.heapStats.fullGcs(), worst,
                known ? String.format(Locale.ROOT, ", each freeing a median %.0f%% of the heap", freed * 100) : "",
                GcFacts.mix(heapCauses)), d);
    }

    /** Report 001: the live set (heap after full GC, else the late floor) fills most of the heap. */
    private void heapTooSmall() {
        long max = f.maxHeap();
        if (max <= 0) {
            return;
        }
        List<Long> live = new ArrayList<>();
        for (GcEvent e : f.heapEvents) {
            if (e.kind() == GcKind.FULL && e.heapAfter() >= 0) {
                live.add(e.heapAfter());
            }
        }
        if (live.isEmpty()) {
            return;
        }
        live.sort(null);
        long liveSet = live.get(live.size() / 2);
        double share = liveSet / (double) max;
        if (share < 0.7 || (f.heapStats.fullGcs() < 3 && !(enoughForShares() && f.stats.gcTimeShare() >= 0.1))) {
            return;
        }
        long suggest = roundUp(3 * liveSet, 64L << 20);
        String reason = String.format(Locale.ROOT, "median heap after full GC %s is %.0f%% of the %s heap; %d full GCs,"
                        + " %.0f%% of the time in GC; a heap about 3× the live set leaves room to allocate",
                HeapFloorTrend.mb(liveSet), share * 100, HeapFloorTrend.mb(max), f.heapStats.fullGcs(), f.stats.gcTimeShare() * 100);
        HeapTooSmallDetail d = HeapTooSmallDetail.liveSet(liveSet, max, f.heapStats.fullGcs(), round(f.stats.gcTimeShare()),
                "-Xmx" + (suggest >> 20) + "m", reason, f.trend.leak()
                        ? "the heap after GC is rising (memory-leak): more heap only delays the OutOfMemoryError" : null);
        f.add(FindingKind.HEAP_TOO_SMALL, f.trend.leak() ? Severity.WARNING : Severity.CRITICAL, String.format(Locale.ROOT,
                "Heap too small for the live set: %s live of %s max; try -Xmx%dm",
                HeapFloorTrend.mb(liveSet), HeapFloorTrend.mb(max), suggest >> 20), d);
    }

    /** Shares of a few pauses in a second of log say nothing: judge pressure on ≥ 5 s and ≥ 3 pauses. */
    private boolean enoughForShares() {
        return f.timed && f.stats.spanSec() >= 5 && f.stats.count() >= 3;
    }

    /**
     * GC's share of the time, without the pauses of System.gc() calls: those have their finding, whose severity is
     * their share ({@link CauseRules}), and whose advice is to remove the call; counted here too, a loop of costly
     * calls also read "GC takes 49 % of the time" with advice to give the heap room, which changes nothing.
     */
    private void pressure() {
        PauseStats s = PauseStats.of(f.events, f.t, e -> ForeignCollections.why(e, f.loadStartEpochMs) == null
                && GcCauseKind.of(e.cause()) != GcCauseKind.EXPLICIT);
        if (!enoughForShares() || s.gcTimeShare() < 0.1 && s.worstWindowShare() < 0.3) {
            return;
        }
        GcPressureDetail d = GcPressureDetail.timeShare(round(s.gcTimeShare()), round(s.worstWindowShare()),
                round(s.worstWindowStartSec()), s.count(), "allocate less, or give the heap room: -Xmx above 3× the"
                        + " live set; for latency try -XX:+UseG1GC or -XX:+UseZGC");
        f.add(FindingKind.GC_PRESSURE, s.gcTimeShare() >= 0.2 ? Severity.CRITICAL : Severity.WARNING,
                String.format(Locale.ROOT, "GC takes %.0f%% of the time (worst 60 s: %.0f%%)",
                        s.gcTimeShare() * 100, s.worstWindowShare() * 100), d);
    }

    private void longPause() {
        if (f.stats.maxMs() < LONG_PAUSE_MS) {
            return;
        }
        GcEvent worst = null;
        int i = 0;
        int at = 0;
        int over = 0;
        for (GcEvent e : f.events) {
            if (e.kind().isPause() && !Double.isNaN(e.durationMs())) {
                if (worst == null || e.durationMs() > worst.durationMs()) {
                    worst = e;
                    at = i;
                }
                if (e.durationMs() >= LONG_PAUSE_MS) {
                    over++;
                }
            }
            i++;
        }
        LongPauseDetail d = new LongPauseDetail(round(f.stats.maxMs()), round(f.stats.p99Ms()), over, worst.source(),
                worst.kind() == GcKind.FULL ? "full GCs stop everything: avoid them (enough heap, no System.gc(),"
                + " -XX:+ExplicitGCInvokesConcurrent) or use a concurrent collector (-XX:+UseZGC)"
                : "set a pause goal (-XX:MaxGCPauseMillis=200 with G1) or use -XX:+UseZGC");
        f.add(FindingKind.LONG_PAUSE, f.stats.maxMs() >= 10_000 ? Severity.CRITICAL : Severity.WARNING,
                f.timed ? String.format(Locale.ROOT, "Longest GC pause %s (%s) at %.1f s", ms(worst.durationMs()),
                        worst.name(), f.t[at]) : String.format(Locale.ROOT, "Longest GC pause %s (%s), event %d",
                        ms(worst.durationMs()), worst.name(), at + 1), d);
    }

    private void troubles() {
        int promo = 0;
        int toSpace = 0;
        int cmf = 0;
        int stalls = 0;
        double stallMs = 0;
        int degenerated = 0;
        for (GcEvent e : f.events) {
            promo += e.flags().contains(GcFlag.PROMOTION_FAILED) ? 1 : 0;
            toSpace += e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED) ? 1 : 0;
            cmf += e.flags().contains(GcFlag.CONCURRENT_MODE_FAILURE) ? 1 : 0;
            if (e.kind() == GcKind.ALLOCATION_STALL) {
                stalls++;
                stallMs += Double.isNaN(e.durationMs()) ? 0 : e.durationMs();
            }
            degenerated += e.kind() == GcKind.DEGENERATED ? 1 : 0;
        }
        if (promo > 0) {
            trouble(promo, "promotion failure", "the old generation could not take what a young GC promoted",
                    "more heap or a larger old generation (-XX:NewRatio=2); with CMS start earlier:"
                            + " -XX:CMSInitiatingOccupancyFraction=60 -XX:+UseCMSInitiatingOccupancyOnly");
        }
        if (cmf > 0) {
            trouble(cmf, "concurrent mode failure", "CMS did not finish before the old generation filled: a full GC followed",
                    "-XX:CMSInitiatingOccupancyFraction=60 -XX:+UseCMSInitiatingOccupancyOnly, more heap, or move to G1");
        }
        if (toSpace > 0) {
            // what left no free region decides the fix: a pinned young list, humongous regions, or too little heap
            String flags = oldGenTooSmall ? "let G1 size the young generation (see heap-too-small: no -Xmn / NewSize)"
                    : f.out.stream().anyMatch(x -> x.kind() == FindingKind.GC_PRESSURE
                    && Detail.of(x, GcPressureDetail.class).cause() == GcCauseKind.HUMONGOUS)
                    ? "fewer humongous objects (see the humongous finding: larger -XX:G1HeapRegionSize or smaller buffers),"
                    + " then -XX:G1ReservePercent=20"
                    : "more heap, -XX:G1ReservePercent=20, or start marking earlier: -XX:InitiatingHeapOccupancyPercent=35";
            trouble(toSpace, "to-space exhausted", "G1 found no free regions to copy survivors into (evacuation failure)", flags);
        }
        double span = f.timed ? f.stats.spanSec() : 0;
        double share = span > 0 ? stallMs / 1000 / span : 0;
        // a log without times has no denominator: its stalls are reported as they are
        if (stalls > 0 && (span <= 0 || share >= STALL_SHARE_WARNING)) {
            // a stall is an allocation the collector could not serve in time: allocation outran the concurrent cycle (the
            // heap's cause)
            GcPressureDetail d = GcPressureDetail.stalls(stalls, round(stallMs), "application threads waited for the collector"
                    + " to free memory: the allocation rate outran the concurrent cycles; more heap headroom (-Xmx above the live"
                    + " set plus what is allocated during a cycle), more -XX:ConcGCThreads, or allocate less");
            // Each stall is one thread's wait, summed over threads: a few ms in a minute is a collector a little late (no finding),
            // but stalls adding up to a tenth of the log's time or more (a burst of decoders on generational ZGC: 3.9 s
            // of stalls in a 4 s log) are threads that wait for memory instead of working, an outage in all but name
            boolean critical = share >= STALL_SHARE_CRITICAL;
            f.add(FindingKind.GC_PRESSURE, critical ? Severity.CRITICAL : Severity.WARNING, String.format(Locale.ROOT,
                    "%d allocation stalls, %s in total%s: the collector could not keep up", stalls, ms(stallMs),
                    span > 0 ? String.format(Locale.ROOT, " (%.0f%% of the log's %.0f s, summed over threads)", share * 100, span)
                            : ""), d);
        }
        if (degenerated > 0) {
            trouble(degenerated, "degenerated GC", "Shenandoah ran out of memory during a concurrent cycle and finished it stop-the-world",
                    "more heap, or start cycles earlier: -XX:ShenandoahMinFreeThreshold=20");
        }
    }

    private void trouble(int count, String what, String meaning, String flags) {
        f.add(FindingKind.GC_PRESSURE, Severity.WARNING, count + " × " + what + ": " + meaning,
                GcPressureDetail.trouble(count, meaning, flags));
    }

    static String ms(double ms) {
        return ms >= 1000 ? String.format(Locale.ROOT, "%.2f s", ms / 1000) : String.format(Locale.ROOT, "%.1f ms", ms);
    }

    private static double round(double v) {
        return Numbers.round(v);
    }

    private static long roundUp(long v, long step) {
        return Math.max(step, (v + step - 1) / step * step);
    }
}
