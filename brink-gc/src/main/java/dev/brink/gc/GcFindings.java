package dev.brink.gc;

import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.Gc;
import dev.brink.core.FindingKind;
import dev.brink.core.Numbers;
import dev.brink.core.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Turns events, pause statistics and the floor trend into findings, each with flags to try and numbers. */
final class GcFindings {
    static final double LONG_PAUSE_MS = 1000;
    private static final Set<String> OLD_GENS = Set.of("Tenured", "CMS", "ParOldGen", "PSOldGen", "tenured generation",
            "concurrent mark-sweep generation", "Old Gen");
    private static final Set<String> YOUNG_GENS = Set.of("DefNew", "ParNew", "PSYoungGen", "def new generation",
            "par new generation", "Young Gen");

    private final List<GcEvent> events;
    private final double[] t;
    private final PauseStats stats;
    /** The pause statistics of the application's own collections (not those of {@link ForeignCollections}). */
    private final PauseStats appStats;
    private final List<GcEvent> appEvents = new ArrayList<>();
    private final HeapFloorTrend trend;
    private final JvmSettings settings;
    private final String subject;
    private final List<String> evidence;
    private final List<Finding> out = new ArrayList<>();
    private final boolean timed;
    private boolean oldGenTooSmall;
    /** Collections short of room that make a pinned G1 young list a finding (a few in a row are not chance). */
    static final int G1_TROUBLED_COLLECTIONS = 3;
    private final long loadStartEpochMs;

    /** @param timed false when the log has no time stamps (the axis is the event index): no time shares then */
    GcFindings(List<GcEvent> events, double[] t, boolean timed, PauseStats stats, HeapFloorTrend trend,
               JvmSettings settings, List<String> evidence, long loadStartEpochMs) {
        this.timed = timed;
        this.events = events;
        this.t = t;
        this.stats = stats;
        this.trend = trend;
        this.settings = settings;
        this.subject = settings.collector().isEmpty() ? "heap" : settings.collector() + " heap";
        this.evidence = evidence;
        this.loadStartEpochMs = loadStartEpochMs;
        int[] app = ForeignCollections.applications(events, loadStartEpochMs);
        double[] appT = new double[app.length];
        for (int i = 0; i < app.length; i++) {
            appEvents.add(events.get(app[i]));
            appT[i] = t[app[i]];
        }
        this.appStats = PauseStats.of(appEvents, appT);
    }

    List<Finding> all() {
        leak();
        heapTooSmall();
        oldGenTooSmall();
        g1YoungPinned();
        fullGcStorm(); // after the sizing rules: its advice points at their findings only when they exist
        pressure();
        longPause();
        troubles();
        out.sort(Comparator.comparing(Finding::severity));
        return out;
    }

    private long maxHeap() {
        long max = settings.maxHeap();
        if (max <= 0) {
            for (GcEvent e : events) {
                max = Math.max(max, e.heapCommitted());
            }
        }
        return max;
    }

    private void add(FindingKind kind, Severity sev, String title, Map<String, Object> detail) {
        out.add(new Finding(kind, sev, title, subject, evidence, detail));
    }

    private void leak() {
        if (!trend.leak()) {
            return;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.SLOPE_BYTES_PER_MIN, Math.round(trend.slopeBytesPerSec() * 60));
        d.put(Gc.R2, round(trend.r2()));
        d.put(Gc.FLOOR_START_BYTES, trend.floorStart());
        d.put(Gc.FLOOR_END_BYTES, trend.floorEnd());
        d.put(Gc.REASON, trend.verdict());
        d.put(Gc.ADVICE, "take a heap dump near the end (-XX:+HeapDumpOnOutOfMemoryError, or `brink heap`) and look"
                + " at what retains the growth; more heap only delays the OutOfMemoryError");
        add(FindingKind.MEMORY_LEAK, Severity.CRITICAL, String.format(Locale.ROOT,
                "Heap after GC keeps rising: floor %s → %s (%s/min, r²=%.2f) after warm-up",
                HeapFloorTrend.mb(trend.floorStart()), HeapFloorTrend.mb(trend.floorEnd()),
                HeapFloorTrend.mb(trend.slopeBytesPerSec() * 60), trend.r2()), d);
    }

    /** Median share of the heap the application's full collections freed; 1 when none. */
    private double fullFreedShare() {
        List<Double> freed = new ArrayList<>();
        for (GcEvent e : appEvents) {
            if (e.kind() == GcKind.FULL && e.heapBefore() > 0 && e.heapAfter() >= 0) {
                freed.add((e.heapBefore() - e.heapAfter()) / (double) e.heapBefore());
            }
        }
        if (freed.isEmpty()) {
            return 1;
        }
        freed.sort(null);
        return freed.get(freed.size() / 2);
    }

    private void fullGcStorm() {
        int worst = appStats.fullGcsWorst60s();
        double freed = fullFreedShare();
        if (!(worst >= 5 || (worst >= 3 && freed < 0.1))) {
            return;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.FULL_GCS, appStats.fullGcs());
        d.put(Gc.FULL_GCS_WORST_60S, worst);
        d.put(Gc.MEDIAN_FREED_SHARE, round(freed));
        Map<String, Integer> leftOut = ForeignCollections.fullGcsLeftOut(events, loadStartEpochMs);
        if (!leftOut.isEmpty()) {
            d.put(Gc.NOT_COUNTED, leftOut);
        }
        String advice;
        if (trend.leak()) {
            advice = "the heap is filling with live objects (see memory-leak): full GCs cannot free it";
        } else if (oldGenTooSmall) {
            advice = "the old generation cannot take what young GCs keep: give it room (see heap-too-small: -XX:NewRatio=2,"
                    + " no -Xmn near -Xmx)";
        } else if (has(FindingKind.HEAP_TOO_SMALL)) {
            advice = "the live set does not fit: raise -Xmx (see heap-too-small) or lower the allocation rate";
        } else {
            advice = "full GCs follow each other: give the heap room (-Xmx above 3× the heap after a full GC)"
                    + " or lower the allocation rate";
        }
        d.put(Gc.ADVICE, advice);
        add(FindingKind.GC_PRESSURE, Severity.CRITICAL, String.format(Locale.ROOT,
                "Full-GC storm: %d full GCs (%d within 60 s), each freeing a median %.0f%% of the heap",
                appStats.fullGcs(), worst, freed * 100), d);
    }

    private boolean has(FindingKind kind) {
        return out.stream().anyMatch(f -> f.kind() == kind);
    }

    /** Report 001: the live set (heap after full GC, else the late floor) fills most of the heap. */
    private void heapTooSmall() {
        long max = maxHeap();
        if (max <= 0) {
            return;
        }
        List<Long> live = new ArrayList<>();
        for (GcEvent e : events) {
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
        if (share < 0.7 || (appStats.fullGcs() < 3 && !(enoughForShares() && stats.gcTimeShare() >= 0.1))) {
            return;
        }
        long suggest = roundUp(3 * liveSet, 64L << 20);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.LIVE_SET_BYTES, liveSet);
        d.put(Gc.MAX_HEAP_BYTES, max);
        d.put(Gc.FULL_GCS, appStats.fullGcs());
        d.put(Gc.GC_TIME_SHARE, round(stats.gcTimeShare()));
        d.put(Gc.FLAGS, "-Xmx" + (suggest >> 20) + "m");
        d.put(Gc.REASON, String.format(Locale.ROOT, "median heap after full GC %s is %.0f%% of the %s heap; %d full GCs,"
                        + " %.0f%% of the time in GC; a heap about 3× the live set leaves room to allocate",
                HeapFloorTrend.mb(liveSet), share * 100, HeapFloorTrend.mb(max), appStats.fullGcs(), stats.gcTimeShare() * 100));
        if (trend.leak()) {
            d.put(Gc.NOTE, "the heap after GC is rising (memory-leak): more heap only delays the OutOfMemoryError");
        }
        add(FindingKind.HEAP_TOO_SMALL, trend.leak() ? Severity.WARNING : Severity.CRITICAL, String.format(Locale.ROOT,
                "Heap too small for the live set: %s live of %s max; try -Xmx%dm",
                HeapFloorTrend.mb(liveSet), HeapFloorTrend.mb(max), suggest >> 20), d);
    }

    /**
     * Report 004: an old generation smaller than the young one (-Xmn set near -Xmx). Each young collection must
     * promote the survivors that outgrow the survivor spaces; an old generation of a few MB cannot take them, so
     * collections end in full GCs that free little. Read from a log's generations or from the observer's memory
     * pools (eden + survivor spaces vs the old pool), for Serial, Parallel, CMS and (from the observer) G1.
     */
    private void oldGenTooSmall() {
        long youngCap = -1;
        long oldCap = -1;
        double promoted = 0;
        for (GcEvent e : events) {
            long y = 0;
            boolean young = false;
            for (Generation g : e.generations()) {
                if (g.regions()) {
                    continue;
                }
                if (isYoung(g.name())) {
                    young = true;
                    y += Math.max(0, g.committedAfter()); // the observer reports eden and survivor spaces apart
                } else if (isOld(g.name())) {
                    oldCap = Math.max(oldCap, g.committedAfter());
                    if (e.kind() == GcKind.YOUNG && g.before() >= 0 && g.after() > g.before()) {
                        promoted += g.after() - g.before();
                    }
                }
            }
            if (young) {
                youngCap = Math.max(youngCap, y);
            }
            if (y > 0 && e.heapCommitted() > y && e.generations().size() == 1) {
                // JDK 8 young collections print the young generation and the whole heap: old = heap − young
                oldCap = Math.max(oldCap, e.heapCommitted() - y);
                if (e.kind() == GcKind.YOUNG && e.heapBefore() >= 0) {
                    Generation g = e.generations().get(0);
                    long p = (g.before() - g.after()) - (e.heapBefore() - e.heapAfter());
                    promoted += Math.max(0, p);
                }
            }
        }
        int fulls = appStats.fullGcs();
        if (youngCap <= 0 || oldCap < 0 || oldCap >= youngCap || fulls < 3) {
            return;
        }
        double span = appStats.spanSec();
        double rate = span > 0 ? promoted / span : 0;
        double fullsPerSec = span > 0 ? fulls / span : 0;
        long heap = maxHeap() > 0 ? maxHeap() : youngCap + oldCap;
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.OLD_GEN_BYTES, oldCap);
        d.put(Gc.YOUNG_GEN_BYTES, youngCap);
        d.put(Gc.HEAP_BYTES, heap);
        d.put(Gc.PROMOTED_BYTES_PER_S, Math.round(rate));
        d.put(Gc.FULL_GCS, fulls);
        d.put(Gc.FULL_GCS_PER_S, round(fullsPerSec));
        // -Xmn (NewSize/MaxNewSize) takes precedence over NewRatio: NewRatio alone changes nothing while -Xmn stays
        d.put(Gc.FLAGS, "-XX:NewRatio=2 (old = 2× young) without -Xmn, or a smaller -Xmn (at most a third of -Xmx):"
                + " -Xmn overrides NewRatio");
        // a promotion rate this low means young GCs could not promote at all: the old generation has no room
        String promotion = rate >= 0.05 * (1 << 20)
                ? String.format(Locale.ROOT, "young GCs promote %s/s into it", HeapFloorTrend.mb(rate))
                : "survivors that outgrow the survivor spaces have no room in it";
        d.put(Gc.REASON, String.format(Locale.ROOT, "old generation %s is smaller than the young generation %s;"
                        + " %s, so collections end in full GCs: %d full GCs, %.2f/s",
                kb(oldCap), HeapFloorTrend.mb(youngCap), promotion, fulls, fullsPerSec));
        oldGenTooSmall = true;
        add(FindingKind.HEAP_TOO_SMALL, Severity.CRITICAL, String.format(Locale.ROOT,
                "Old generation too small: old generation %s of %s heap; full GCs %.2f/s (%d full GCs);"
                        + " try -XX:NewRatio=2 or a smaller -Xmn",
                kb(oldCap), HeapFloorTrend.mb(heap), fullsPerSec, fulls), d);
    }

    /**
     * The G1 form of report 004. G1 has no fixed old generation: every region the young list does not take may hold
     * old objects, and G1 sizes the young list itself (between G1NewSizePercent, 5 %, and G1MaxNewSizePercent, 60 %,
     * of the heap), shrinking it when old data needs the room. -Xmn, -XX:NewSize/MaxNewSize or a raised
     * G1NewSizePercent pin the young list instead: it stays large whatever the old data needs, so the old objects
     * (promoted survivors, objects that live a few seconds) have less room than they use. G1 then shows it in one of
     * two ways, both seen on real JVMs: it starts young collections before eden reaches the size it planned, because
     * old regions took the rest (JDK 17: "G1 Preventive Collection", eden 17 of 43 planned regions), or the
     * collection finds no free region for survivors (evacuation failure, "To-space exhausted"; JDK 21+) and may fall
     * back to full GCs. Rule: the young list was planned or used at half the heap or more, the old data (old and
     * humongous regions after collections that did not fail) would fit beside G1's own smallest young list and its
     * reserve (the median old data ≤ 60 % of the heap: otherwise the heap is too small, not the old room), and at least
     * {@link #G1_TROUBLED_COLLECTIONS} collections were short of room that way.
     */
    private void g1YoungPinned() {
        long region = settings.regionSize();
        if (region <= 0 || oldGenTooSmall) {
            return;
        }
        long heapRegions = 0;
        long largestYoung = 0;
        long plannedEden = -1;
        int shortOfRoom = 0;
        int failed = 0;
        List<Long> oldData = new ArrayList<>();
        for (GcEvent e : events) {
            heapRegions = Math.max(heapRegions, e.heapCommitted() / region);
            long edenBefore = -1;
            long edenPlanned = -1;
            long survivorPlanned = 0;
            long old = -1;
            for (Generation g : e.generations()) {
                if (!g.regions()) {
                    continue;
                }
                switch (g.name()) {
                    case "Eden" -> {
                        edenBefore = g.before();
                        edenPlanned = g.committedAfter();
                    }
                    case "Survivor" -> survivorPlanned = Math.max(0, g.committedAfter());
                    case "Old", "Humongous" -> old = Math.max(0, old) + Math.max(0, g.after());
                    default -> {
                    }
                }
            }
            if (edenBefore < 0) {
                continue;
            }
            largestYoung = Math.max(largestYoung, Math.max(edenBefore, edenPlanned + survivorPlanned));
            boolean troubled = e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED) || e.kind() == GcKind.FULL
                    // eden got less than three quarters of what G1 planned for it at the collection before
                    || plannedEden > 0 && e.kind() == GcKind.YOUNG && edenBefore < 0.75 * plannedEden;
            boolean evacuationFailed = e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED);
            if (troubled) {
                shortOfRoom++;
                failed += evacuationFailed || e.kind() == GcKind.FULL ? 1 : 0;
            }
            // regions that failed evacuation stay where they are and count as old although they hold young
            // objects (JDK 25: "Old regions: 19->46"): only the other collections say how much old data there is
            if (old >= 0 && !evacuationFailed) {
                oldData.add(old);
            }
            plannedEden = edenPlanned;
        }
        if (heapRegions <= 0 || largestYoung * 2 < heapRegions || shortOfRoom < G1_TROUBLED_COLLECTIONS || oldData.isEmpty()) {
            return;
        }
        oldData.sort(null);
        long medianOld = oldData.get(oldData.size() / 2);
        if (medianOld > 0.6 * heapRegions) {
            return; // the old data itself fills the heap: heap-too-small's case, not a pinned young list
        }
        long heap = heapRegions * region;
        long young = Math.min(largestYoung, heapRegions) * region;
        long oldRoom = heap - young;
        int fulls = appStats.fullGcs();
        double span = appStats.spanSec();
        double perSec = span > 0 ? shortOfRoom / span : 0;
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.OLD_GEN_BYTES, oldRoom);
        d.put(Gc.YOUNG_GEN_BYTES, young);
        d.put(Gc.HEAP_BYTES, heap);
        d.put(Gc.FULL_GCS, fulls);
        d.put(Gc.FULL_GCS_PER_S, round(span > 0 ? fulls / span : 0));
        d.put(Gc.COUNT, shortOfRoom);
        d.put(Gc.FLAGS, "no -Xmn, -XX:NewSize or -XX:G1NewSizePercent with G1: it sizes the young generation itself"
                + " and leaves the old data its room; or a larger -Xmx if the young size must stay");
        d.put(Gc.REASON, String.format(Locale.ROOT, "G1's young list was held at %s of the %s heap, leaving the old data"
                        + " (%s after collections) %s; %d collections were short of room (%d evacuation failures or full GCs,"
                        + " the rest started before eden reached the size G1 planned)",
                HeapFloorTrend.mb(young), HeapFloorTrend.mb(heap), HeapFloorTrend.mb(medianOld * region), HeapFloorTrend.mb(oldRoom),
                shortOfRoom, failed));
        oldGenTooSmall = true;
        add(FindingKind.HEAP_TOO_SMALL, Severity.CRITICAL, String.format(Locale.ROOT,
                "Old generation too small: G1's young list held at %s of %s heap leaves the old data %s; %d collections"
                        + " short of room (%.2f/s); try without -Xmn / -XX:NewSize / -XX:G1NewSizePercent",
                HeapFloorTrend.mb(young), HeapFloorTrend.mb(heap), HeapFloorTrend.mb(oldRoom), shortOfRoom, perSec), d);
    }

    private static boolean isYoung(String pool) {
        // logs: DefNew, PSYoungGen, …; the observer's pools: "PS Eden Space", "G1 Survivor Space", "Eden Space"
        return YOUNG_GENS.contains(pool) || pool.endsWith("Eden Space") || pool.endsWith("Survivor Space");
    }

    private static boolean isOld(String pool) {
        // the observer's pools: "PS Old Gen", "G1 Old Gen", "Tenured Gen"
        return OLD_GENS.contains(pool) || pool.endsWith("Old Gen") || pool.equals("Tenured Gen");
    }

    private static String kb(long bytes) {
        return (bytes >> 10) + " KB";
    }

    /** Shares of a few pauses in a second of log say nothing: judge pressure on ≥ 5 s and ≥ 3 pauses. */
    private boolean enoughForShares() {
        return timed && stats.spanSec() >= 5 && stats.count() >= 3;
    }

    private void pressure() {
        if (!enoughForShares() || stats.gcTimeShare() < 0.1 && stats.worstWindowShare() < 0.3) {
            return;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.GC_TIME_SHARE, round(stats.gcTimeShare()));
        d.put(Gc.WORST_60S_SHARE, round(stats.worstWindowShare()));
        d.put(Gc.WORST_60S_START_S, round(stats.worstWindowStartSec()));
        d.put(Gc.PAUSES, stats.count());
        d.put(Gc.ADVICE, "allocate less, or give the heap room: -Xmx above 3× the live set; for latency try -XX:+UseG1GC"
                + " or -XX:+UseZGC");
        add(FindingKind.GC_PRESSURE, stats.gcTimeShare() >= 0.2 ? Severity.CRITICAL : Severity.WARNING,
                String.format(Locale.ROOT, "GC takes %.0f%% of the time (worst 60 s: %.0f%%)",
                        stats.gcTimeShare() * 100, stats.worstWindowShare() * 100), d);
    }

    private void longPause() {
        if (stats.maxMs() < LONG_PAUSE_MS) {
            return;
        }
        GcEvent worst = null;
        int i = 0;
        int at = 0;
        int over = 0;
        for (GcEvent e : events) {
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
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.MAX_MS, round(stats.maxMs()));
        d.put(Gc.P99_MS, round(stats.p99Ms()));
        d.put(Gc.PAUSES_OVER_1S, over);
        d.put(Gc.AT, worst.source());
        d.put(Gc.ADVICE, worst.kind() == GcKind.FULL ? "full GCs stop everything: avoid them (enough heap, no System.gc(),"
                + " -XX:+ExplicitGCInvokesConcurrent) or use a concurrent collector (-XX:+UseZGC)"
                : "set a pause goal (-XX:MaxGCPauseMillis=200 with G1) or use -XX:+UseZGC");
        add(FindingKind.LONG_PAUSE, stats.maxMs() >= 10_000 ? Severity.CRITICAL : Severity.WARNING,
                timed ? String.format(Locale.ROOT, "Longest GC pause %s (%s) at %.1f s", ms(worst.durationMs()),
                        worst.name(), t[at]) : String.format(Locale.ROOT, "Longest GC pause %s (%s), event %d",
                        ms(worst.durationMs()), worst.name(), at + 1), d);
    }

    private void troubles() {
        int promo = 0;
        int toSpace = 0;
        int cmf = 0;
        int humongous = 0;
        int stalls = 0;
        double stallMs = 0;
        int degenerated = 0;
        for (GcEvent e : events) {
            promo += e.flags().contains(GcFlag.PROMOTION_FAILED) ? 1 : 0;
            toSpace += e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED) ? 1 : 0;
            cmf += e.flags().contains(GcFlag.CONCURRENT_MODE_FAILURE) ? 1 : 0;
            humongous += e.flags().contains(GcFlag.HUMONGOUS) ? 1 : 0;
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
            trouble(toSpace, "to-space exhausted", "G1 found no free regions to copy survivors into",
                    "more heap, -XX:G1ReservePercent=20, or start marking earlier: -XX:InitiatingHeapOccupancyPercent=35");
        }
        if (stalls > 0) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put(Gc.STALLS, stalls);
            d.put(Gc.STALL_MS_TOTAL, round(stallMs));
            d.put(Gc.ADVICE, "threads waited for ZGC to free memory: more heap (-Xmx), or more -XX:ConcGCThreads");
            add(FindingKind.GC_PRESSURE, Severity.WARNING, String.format(Locale.ROOT,
                    "%d allocation stalls, %s in total: the collector could not keep up", stalls, ms(stallMs)), d);
        }
        if (degenerated > 0) {
            trouble(degenerated, "degenerated GC", "Shenandoah ran out of memory during a concurrent cycle and finished it stop-the-world",
                    "more heap, or start cycles earlier: -XX:ShenandoahMinFreeThreshold=20");
        }
        if (humongous > 0) {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put(Gc.COLLECTIONS, humongous);
            d.put(Gc.ADVICE, "objects of half a region or more go straight to the old generation: larger regions"
                    + " (-XX:G1HeapRegionSize=8m or 16m) or smaller arrays/buffers");
            add(FindingKind.GC_PRESSURE, Severity.INFO, String.format(Locale.ROOT,
                    "Humongous allocations in %d collections", humongous), d);
        }
    }

    private void trouble(int count, String what, String meaning, String flags) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put(Gc.COUNT, count);
        d.put(Gc.MEANING, meaning);
        d.put(Gc.FLAGS, flags);
        add(FindingKind.GC_PRESSURE, Severity.WARNING, count + " × " + what + ": " + meaning, d);
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
