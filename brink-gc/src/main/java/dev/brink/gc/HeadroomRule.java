package dev.brink.gc;

import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.HeapTooSmallDetail;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A heap too small for its live set on a concurrent collector that never runs a full GC. The live-set rule of
 * {@link GcFindings} reads full GCs; G1 and ZGC with a live set near the heap's size need none, and pay instead:
 *
 * <ul>
 *   <li>G1 keeps the young list in what the old data leaves: with the live set at ~90 % of the heap eden shrinks
 *       towards G1NewSizePercent (5 %: 6 of 128 regions measured), so young pauses come every ~100 ms at 60 MB/s, and
 *       the old data sits above the initiating occupancy (IHOP) after every one of them: marking cycles start back to
 *       back, each finding almost nothing to reclaim (115 MB → 115 MB).</li>
 *   <li>ZGC starts cycles on its own rules ("Allocation Rate", "High Usage", "Proactive"); with a few MB of headroom
 *       a cycle cannot finish before the allocating threads have used it up, and they stall until it does
 *       ("Allocation Stall", the cycle's cause too).</li>
 * </ul>
 *
 * <p>Rule (G1 and ZGC logs, and JFR recordings, whose lines brink-jfr gives each cycle's gcId and span; a recording
 * has no ZGC Live row, so its live set reads from the heap after each cycle, 124-126 MB where the log says 116): no other sizing finding (the live-set rule speaks from three full GCs on; a G1 that ran
 * one or two after evacuation failures, as JDK 17 does on a crowded machine, is judged here too); the whole-heap
 * floor was judged by {@link HeapFloorTrend} and is no leak (a growing live set keeps its leak verdict), and after its
 * warm-up it is level at or above {@link #LIVE_SHARE} of the maximum heap at both ends of the fit (the live set is the
 * floor, and a start-up phase is before the fit); and the collector paid for it after the warm-up, in what the
 * application feels: G1's concurrent marking running at least {@link #MIN_MARKING_SHARE} of the time (its young
 * pauses come as often as the small eden fills, and the finding says how often) or an evacuation that found no free
 * region (to-space exhausted: the few regions left over were not enough for one young collection's survivors; seen
 * with 58 MB live of 64 on JDK 17 beside five other JVMs), or ZGC's threads stalled at least
 * {@link #MIN_STALL_SHARE} of the time (summed over threads). Critical when the stalls reach
 * {@link GcFindings#STALL_SHARE_CRITICAL} or the pauses a tenth of the time, as the stall and time-share findings are.
 *
 * <p>Measured (RoutingTable, a level table beside 60 MB/s of lookups, 128 MB, JDK 17 and 25, two cores shared with
 * other JVMs, two runs of 12-25 s each): table of 112 MB (88 %): G1 floors 115-116 MB (90 %), marking 20-28 % of the
 * time, 9-11 young pauses a second, pauses 3-11 % of the time; ZGC floors 114 MB, stalls 11-32 % of the time. Table of
 * 56 MB (the healthy twin): floors 57-64 MB (45-50 %), G1 marking 1-5 %, 1.2-1.6 young pauses a second, ZGC stalls
 * 0-0.1 %. The 112 MB table with 0.5 MB/s (the idle twin): G1 marks under 1 % of the time; ZGC 17 cycles back to back
 * anyway ("High Usage" and "Allocation Rate", 42 % of the time) but no thread waits, so only stalls count for ZGC;
 * generational ZGC 25 runs next to no major collection after its warm-up. The cost thresholds sit a factor of two or
 * more from both sides of that (marking 5 % | 10 % | 20 %, stalls 0.1 % | 2 % | 11 %), the floor's between 50 % and
 * 88 %. Other logs: TariffService's table at 92 % of a 64 MB G1 heap (ReferenceDataLogsTest) marks 23-29 % of the
 * time; the catalogue at 91 % of 64 MB (one CPU, catalogue-ceiling-g1-jdk25) 13 %, the closest to the threshold.
 * Shenandoah is left out: at a 112 MB level it cycles back to back whether the program allocates or not (91-94 % of
 * the time) and the log shows no cost the application pays beyond the odd degenerated GC.
 *
 * <p>Advice: a heap of the live set over {@link #TARGET_OCCUPANCY}, G1's initiating occupancy (45 %): then marking
 * starts when allocation, not the live set, crosses it, and ZGC has as much headroom again as it has live data.
 */
final class HeadroomRule {
    /** The level floor's least share of the maximum heap: measured 89-92 % for the crowded heaps, 45-50 % for the twins. */
    static final double LIVE_SHARE = 0.8;
    /** G1: concurrent marking's least share of the time after the warm-up (crowded 20-28 %, healthy 1-5 %). */
    static final double MIN_MARKING_SHARE = 0.1;
    /** ZGC: allocation stalls summed over threads, share of the time after the warm-up (crowded 11-32 %, twins ≤ 0.1 %). */
    static final double MIN_STALL_SHARE = 0.02;
    /** The heap's occupancy the advice aims the live set at: G1's InitiatingHeapOccupancyPercent, 45 %. */
    static final double TARGET_OCCUPANCY = 0.45;

    private HeadroomRule() {
    }

    /** @return true when it added a finding */
    static boolean check(GcFacts f) {
        long max = f.maxHeap();
        HeapFloorTrend trend = f.trend;
        String collector = f.settings.collector();
        // JDK 8 logs name no collector: G1's pauses name it ("GC pause (G1 Evacuation Pause) (young)")
        boolean g1 = collector.startsWith("G1") || f.events.stream().anyMatch(e -> e.name().contains("(G1 "));
        boolean zgc = collector.contains("ZGC");
        if (!(g1 || zgc) || max <= 0 || !f.timed || f.has(FindingKind.HEAP_TOO_SMALL)
                || trend.leak() || !trend.judged() || trend.floorStart() < 0) {
            return false;
        }
        // the floor's ends are the fitted line's, which can overshoot the ceiling a level floor rests on (a ZGC
        // recording's heap after each cycle, 120-128 MB of 128, fitted to 128.3 MB at its end): no more live than heap
        long live = Math.min(max, Math.max(trend.floorStart(), trend.floorEnd()));
        if (Math.min(trend.floorStart(), trend.floorEnd()) < LIVE_SHARE * max) {
            return false;
        }
        double from = trend.warmupEndSec();
        double to = f.t[f.t.length - 1];
        double span = to - from;
        if (!(span > 0)) {
            return false;
        }
        int young = 0;
        int evacuationFailures = 0;
        double pauseMs = 0;
        double stallMs = 0;
        for (int i = 0; i < f.events.size(); i++) {
            GcEvent e = f.events.get(i);
            if (f.t[i] < from) {
                continue;
            }
            young += e.kind() == GcKind.YOUNG ? 1 : 0;
            evacuationFailures += e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED) ? 1 : 0;
            double ms = Double.isNaN(e.durationMs()) ? 0 : e.durationMs();
            pauseMs += e.kind().isPause() ? ms : 0;
            stallMs += e.kind() == GcKind.ALLOCATION_STALL ? ms : 0;
        }
        double cycles = cycleShare(f, from, to);
        double youngPerSec = young / span;
        double pauseShare = Math.min(1, pauseMs / 1000 / span);
        double stallShare = stallMs / 1000 / span;
        boolean paid = g1 ? young > 0 && (cycles >= MIN_MARKING_SHARE || evacuationFailures > 0) : stallShare >= MIN_STALL_SHARE;
        if (!paid) {
            return false;
        }
        long suggest = roundUp((long) (live / TARGET_OCCUPANCY), 64L << 20);
        int fulls = f.heapStats.fullGcs();
        String cost = g1 ? String.format(Locale.ROOT, "G1 marked %.0f%% of the time and paused for young collections %.1f"
                        + " times a second (one every %.0f ms; %.0f%% of the time in pauses)%s", cycles * 100, youngPerSec,
                1000 / youngPerSec, pauseShare * 100, evacuationFailures > 0 ? ", " + evacuationFailures
                        + " of them finding no free region for the survivors (to-space exhausted)" : "")
                : String.format(Locale.ROOT, "threads stalled for memory %.0f%% of the time (summed over threads), ZGC's"
                        + " cycles running %.0f%% of the time", stallShare * 100, cycles * 100);
        String reason = String.format(Locale.ROOT, "the heap after whole-heap collections stays level at %s, %.0f%% of the"
                        + " %s heap, with %s: %s after the %.0f s warm-up; the few MB left over fill between"
                        + " cycles", HeapFloorTrend.mb(live), live * 100.0 / max, HeapFloorTrend.mb(max), fullGcs(fulls), cost,
                from - f.t[0]);
        HeapTooSmallDetail d = HeapTooSmallDetail.noHeadroom(live, max, fulls, round(pauseShare), round(Math.min(1, cycles)),
                round(stallShare), "-Xmx" + (suggest >> 20) + "m (the live set under " + Math.round(TARGET_OCCUPANCY * 100)
                        + " % of the heap), or keep less live data", reason);
        boolean critical = stallShare >= GcFindings.STALL_SHARE_CRITICAL || pauseShare >= 0.1;
        f.add(FindingKind.HEAP_TOO_SMALL, critical ? Severity.CRITICAL : Severity.WARNING, String.format(Locale.ROOT,
                "Heap too small for the live set: %s live of %s max, %s but %s; try -Xmx%dm",
                HeapFloorTrend.mb(live), HeapFloorTrend.mb(max), fullGcs(fulls), g1
                        ? String.format(Locale.ROOT, "marking %.0f%% of the time and a young pause every %.0f ms%s",
                        cycles * 100, 1000 / youngPerSec, evacuationFailures > 0 ? ", " + evacuationFailures + " evacuation"
                                + " failures" : "")
                        : String.format(Locale.ROOT, "threads stalled %.0f%% of the time", stallShare * 100),
                suggest >> 20), d);
        return true;
    }

    /**
     * The share of [from, to] during which a concurrent whole-heap cycle ran: each cycle from the start of its first
     * logged phase to the end of its last (one GC id: G1's marking cycle with its remark and cleanup, a ZGC cycle with
     * its pauses; a line is logged as its phase ends), overlaps counted once. Generational ZGC's minor collections are
     * young ones and stay out, as G1's young pauses do.
     */
    static double cycleShare(GcFacts f, double from, double to) {
        Map<Long, double[]> cycles = new HashMap<>();
        Set<Long> concurrent = new HashSet<>();
        Set<Long> young = new HashSet<>();
        for (int i = 0; i < f.events.size(); i++) {
            GcEvent e = f.events.get(i);
            if (e.gcId() < 0 || e.kind() == GcKind.ALLOCATION_STALL) {
                continue;
            }
            double sec = Double.isNaN(e.durationMs()) ? 0 : e.durationMs() / 1000;
            double[] at = cycles.computeIfAbsent(e.gcId(), id -> new double[] {Double.MAX_VALUE, -Double.MAX_VALUE});
            at[0] = Math.min(at[0], f.t[i] - sec);
            at[1] = Math.max(at[1], f.t[i]);
            if (e.kind() == GcKind.CONCURRENT) {
                concurrent.add(e.gcId());
            }
            if (!GcLogAnalyzer.wholeHeap(e) && e.kind() == GcKind.CONCURRENT && (e.name().startsWith("Minor Collection")
                    || e.name().startsWith("ZGC Minor") || e.name().toLowerCase(Locale.ROOT).contains("(young)"))) {
                young.add(e.gcId());
            }
        }
        double busy = 0;
        double reached = from;
        for (Map.Entry<Long, double[]> c : new java.util.TreeMap<>(cycles).entrySet()) {
            if (!concurrent.contains(c.getKey()) || young.contains(c.getKey())) {
                continue;
            }
            double start = Math.max(Math.max(c.getValue()[0], from), reached);
            double end = Math.min(c.getValue()[1], to);
            if (end > start) {
                busy += end - start;
                reached = end;
            }
        }
        return busy / (to - from);
    }

    private static String fullGcs(int n) {
        return n == 0 ? "no full GC" : n == 1 ? "1 full GC" : n + " full GCs";
    }

    private static long roundUp(long v, long unit) {
        return (v + unit - 1) / unit * unit;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
