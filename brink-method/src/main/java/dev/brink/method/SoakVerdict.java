package dev.brink.method;

import dev.brink.core.Sizes;
import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.gc.HeapFloorTrend;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The soak's leak verdict from two kinds of evidence, so neither fools it alone:
 * <ol>
 *   <li>the heap-after-GC floor of collections that reach the old generation ({@link HeapFloorTrend}, the rule
 *       {@code brink gc} applies to a log): rising → leak;</li>
 *   <li>where the JVM reports young collections only (G1 on JDK 17 shows no concurrent cycle over JMX, and a
 *       short soak on a roomy heap never needs a full GC), the floor of all collections — which also rises
 *       while old garbage waits for a mixed collection (a sawtooth) — counts only when the live set measured
 *       after a full GC at the soak's start and end (the two class histograms) grew by at least half as much,
 *       and by ≥ 5 % of the heap.</li>
 * </ol>
 * Pure: numbers in, verdict out.
 *
 * @param verdict          leak, stable or unknown
 * @param reason           one line with the numbers
 * @param slopeBytesPerSec slope of the fit the verdict rests on
 * @param r2               of that fit
 * @param fit              the fit the verdict rests on (for the chart), null when none
 */
record SoakVerdict(SoakVerdictKind verdict, String reason, double slopeBytesPerSec, double r2, HeapFloorTrend fit) {
    static final double MIN_R2 = 0.7;
    static final double MIN_LIVE_SHARE_OF_FLOOR_GROWTH = 0.5;
    static final double MIN_GROWTH_SHARE_OF_HEAP = 0.05;

    /**
     * @param wholeHeap   the floor verdict over whole-heap collections
     * @param all         the floor verdict over every collection (young ones included)
     * @param liveGrowth  live bytes after full GC at the end minus at the start; empty when not measured
     * @param maxHeap     the heap's maximum in bytes
     */
    static SoakVerdict judge(HeapFloorTrend wholeHeap, HeapFloorTrend all, OptionalLong liveGrowth, long maxHeap) {
        if (wholeHeap.leak()) {
            return new SoakVerdict(SoakVerdictKind.LEAK, wholeHeap.verdict(), wholeHeap.slopeBytesPerSec(), wholeHeap.r2(), wholeHeap);
        }
        boolean wholeJudged = wholeHeap.judged();
        boolean allJudged = all.judged();
        if (!allJudged && !wholeJudged) {
            return new SoakVerdict(SoakVerdictKind.UNKNOWN, all.verdict(), 0, 0, null);
        }
        double floorGrowth = Math.max(0, all.floorEnd() - all.floorStart());
        if (all.leak() && all.r2() >= MIN_R2) {
            if (liveGrowth.isEmpty()) {
                return wholeJudged ? new SoakVerdict(SoakVerdictKind.STABLE, wholeHeap.verdict(), wholeHeap.slopeBytesPerSec(), wholeHeap.r2(), wholeHeap)
                        : new SoakVerdict(SoakVerdictKind.UNKNOWN, all.verdict() + "; but no full-GC live set to confirm it with (class histograms"
                        + " not taken): old garbage waiting for a mixed collection rises the same way", all.slopeBytesPerSec(), all.r2(), all);
            }
            long live = liveGrowth.getAsLong();
            String liveText = String.format(Locale.ROOT, "the live set after full GC grew %s between the soak's start and end", Sizes.mb(live));
            if (live >= MIN_LIVE_SHARE_OF_FLOOR_GROWTH * floorGrowth && live >= MIN_GROWTH_SHARE_OF_HEAP * maxHeap) {
                return new SoakVerdict(SoakVerdictKind.LEAK, all.verdict() + "; " + liveText + " (class histograms)", all.slopeBytesPerSec(), all.r2(), all);
            }
            return new SoakVerdict(SoakVerdictKind.STABLE, String.format(Locale.ROOT, "no leak: the heap-after-GC floor rose %s, but %s: old garbage"
                    + " waiting for collection, not live growth", Sizes.mb(floorGrowth), liveText), all.slopeBytesPerSec(), all.r2(), all);
        }
        HeapFloorTrend basis = wholeJudged ? wholeHeap : all;
        return new SoakVerdict(SoakVerdictKind.STABLE, basis.verdict(), basis.slopeBytesPerSec(), basis.r2(), basis);
    }
}
