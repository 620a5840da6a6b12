package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.LinearTrend;
import dev.brink.core.Sizes;
import java.util.Arrays;

/**
 * The leak verdict on a heap-after-GC series: is the floor the heap returns to after collections still rising
 * once the program has warmed up? Shared by {@code brink gc} and the method's soak, so both say the same about
 * the same data; the slope and r² come from {@link LinearTrend}, the one implementation.
 *
 * <p>The rule, and why:
 * <ol>
 *   <li>The first quarter of the time span is warm-up (caches, pools, class loading fill the heap) and is
 *       not fitted: a healthy program that fills and then plateaus rises only there.</li>
 *   <li>Only collections that reach the old generation count (full, mixed, remark, a ZGC or Shenandoah
 *       cycle): a young collection leaves old garbage behind, so its "after" rises in a healthy program too.
 *       With more than 24 such points the span is cut into 12 windows and each window's floor (lowest
 *       heap after GC) is fitted.</li>
 *   <li>Rising means: r² ≥ 0.6, growth over the fitted span ≥ 5 % of the heap, and the floor climbing through
 *       the span (median floor of the middle third of the time above that of the first, and of the last above the
 *       middle, each by ≥ 15 % of the growth; or, the fit near-linear at r² ≥ 0.9, the last third above the middle by that
 *       much and the middle not below the first: {@code steadyAndStillRising}): a floor that steps up once at the end is
 *       not a leak, and
 *       a plateau reached mid-way is not a leak — unless that plateau is the heap's ceiling, where a leak has
 *       nowhere left to climb. The ceiling is known by what the collector did there, never by how high the floor
 *       reads (see the last paragraph).</li>
 *   <li>Or: the floor of all collections rose steadily and the whole-heap collections at the end still keep
 *       ≥ 70 % of the heap (the growth was live: see {@code filledByGrowth}). When the heap was already full
 *       all through the fitted span (≥ 90 %, or ≥ 70 % with whole-heap collections freeing under 15 %), the
 *       climb is judged from the start to the moment it was full: a JVM thrashing at its limit after a leak
 *       filled it, provided that climb took a twentieth of the run or more, counted from the JVM's start when the
 *       caller knows it (a live set loaded at start-up fills the heap at once), and provided the floor did not
 *       then stay level for as long as the climb took or longer (a live set loaded page by page in the first
 *       seconds: a leak goes on climbing once the heap is full) — unless the log ends pinned at the ceiling, in full
 *       GCs that free nothing, since a moment after the warm-up: there the floor cannot climb, and reaching the
 *       ceiling after the warm-up is the leak's mark (see {@link #pinnedSince}).</li>
 *   <li>A collapse in the last 3 collections to under half the floor before it is the program releasing
 *       memory as it ends (say after an OutOfMemoryError), not a recovery; it is left out and said so.</li>
 * </ol>
 *
 * <p>High is not the ceiling. A floor at 90 % of the heap was once read as pressed against the ceiling, hence a leak
 * with nowhere left to climb; a 56 MB catalogue loaded at start-up into 64 MB of G1 sits at 90.6 % with every
 * mixed collection freeing a few MB, no full GC and no failed evacuation, and read as a critical leak. What a
 * collector does at its ceiling is fail an allocation: Serial, Parallel and G1 fall back to full GCs that free next
 * to nothing, Shenandoah to degenerated and full GCs; ZGC stalls the thread and throws OutOfMemoryError when the
 * next cycle frees nothing, so it does not stay there. While the collections still make room, each reading of the
 * floor is the live set, however close to the heap's size, and a level floor is a live set that stopped growing: a
 * heap too small, not a leak. Only readings the collector could not make room under are censored (the live set is at
 * least this), and only there is a flat line no evidence of a level live set. A leak is growth, not size.
 *
 * <p>Cost: O(n) plus a sort of ≤ 12 floors; arrays are not modified.
 *
 * @param leak               the verdict
 * @param verdict            one line with the reason in numbers
 * @param slopeBytesPerSec   fitted floor growth after warm-up
 * @param r2                 of that fit
 * @param warmupEndSec       where the fit starts (same axis as the input times)
 * @param floorStart         fitted floor at the start of the fitted span, bytes
 * @param floorEnd           fitted floor at its end, bytes
 * @param points             collections considered
 */
public record HeapFloorTrend(boolean leak, String verdict,
                             @JsonProperty("slope_bytes_per_s") double slopeBytesPerSec, double r2,
                             @JsonProperty("warmup_end_s") double warmupEndSec,
                             @JsonProperty("floor_start") long floorStart, @JsonProperty("floor_end") long floorEnd,
                             int points) {

    static final double MIN_R2 = 0.6;
    static final double MIN_GROWTH_SHARE = 0.05;
    /** Whole-heap collections after warm-up a verdict needs (one in each third of the time, and one more). */
    static final int MIN_POINTS = 4;
    /**
     * A heap full since warm-up is judged by the climb that filled it only when that climb, from the JVM's start,
     * took this share of the time to the last collection.
     */
    static final double MIN_FILL_SHARE = 0.05;
    /** A heap full since warm-up whose floor then rose less than this share of it stayed level (see levelledOff). */
    static final double LEVEL_RISE = 0.02;
    /** ... for at least as long as the climb that filled it took. */
    static final double LEVEL_SPAN = 1;
    /**
     * Full GCs at the ceiling that must end the series for it to count as pinned there (see pinnedSince): as the
     * full-GC storm rule, three that free little are the JVM stuck, one or two a moment's peak.
     */
    static final int MIN_PINNED = 3;
    /**
     * The least time the whole-heap floors after warm-up must span for a verdict. ZGC's heap after a cycle, as JFR
     * records it, includes what the application allocated while the cycle ran: a healthy parcel sorter's readings on
     * JDK 17 went 20, 24, 22, 28, 28 MB within one second of a steady phase, r² 0.71, and read as a critical leak of
     * "654 MB/min". Growth seen over a second or so is what any JVM's first seconds and any concurrent collector's
     * swing show; a leak is growth that goes on (the shortest leak logs here fit 4 s or more after their warm-up).
     */
    static final double MIN_FITTED_SEC = 2;
    /** The JVM's time from its start to the last collection a verdict needs (see assess). */
    static final double MIN_LIFE_SEC = 1;
    /** Points a verdict on every collection's heap after GC needs (the soak's series: collections come often). */
    static final int MIN_POINTS_ALL = 5;

    /** As {@link #assess(double[], double[], boolean[], int, long)} with every point a whole-heap measurement. */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapAfterBytes, long maxHeapBytes) {
        return assess(timeSec, heapAfterBytes, null, timeSec.length, maxHeapBytes);
    }

    /**
     * @param timeSec        ascending times, seconds (any origin)
     * @param heapAfterBytes heap used after each collection
     * @param wholeHeap      which points collected the old generation too (full, mixed, remark, a ZGC or
     *                       Shenandoah cycle); only they are fitted. Null: all points are.
     * @param n              how many points of the arrays to use
     * @param maxHeapBytes   the heap's maximum, or ≤ 0 when unknown (then the largest value seen stands in)
     */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapAfterBytes, boolean[] wholeHeap, int n,
                                        long maxHeapBytes) {
        return assess(timeSec, null, heapAfterBytes, wholeHeap, n, maxHeapBytes);
    }

    /**
     * As above, with the heap before each collection (null when unknown): when whole-heap collections after
     * warm-up keep ≥ 70 % of the heap and free under 15 % of it, the heap is full and thrashing, and the climb
     * that filled it is judged instead (see the class comment).
     */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapBeforeBytes, double[] heapAfterBytes,
                                        boolean[] wholeHeap, int n, long maxHeapBytes) {
        return assess(timeSec, heapBeforeBytes, heapAfterBytes, wholeHeap, n, maxHeapBytes, Double.NaN);
    }

    /**
     * As above, with the JVM's start on the same time axis ({@code jvmStartSec}; NaN when unknown, and then the first
     * collection stands in): a log's first collection may come long after the heap began to fill.
     */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapBeforeBytes, double[] heapAfterBytes,
                                        boolean[] wholeHeap, int n, long maxHeapBytes, double jvmStartSec) {
        return assess(timeSec, heapBeforeBytes, heapAfterBytes, wholeHeap, n, maxHeapBytes, jvmStartSec, Double.NaN);
    }

    /**
     * As above, told when the JVM finished loading its classes ({@code loadedSec}, same axis; NaN when unknown): the
     * warm-up lasts at least until then. A service starts while it loads its classes, and what it builds meanwhile
     * (the classes' statics, caches, its beans) lives as long as it does: a boot that defined 30 000 classes in 5 s of
     * a 7.6 s log grew its heap 4 → 35 MB with them and read as a critical leak from the cleanups of its loading, the
     * first quarter of the log being no measure of a start that took two thirds of it.
     */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapBeforeBytes, double[] heapAfterBytes,
                                        boolean[] wholeHeap, int n, long maxHeapBytes, double jvmStartSec,
                                        double loadedSec) {
        return assess(timeSec, heapBeforeBytes, heapAfterBytes, wholeHeap, null, n, maxHeapBytes, jvmStartSec, loadedSec);
    }

    /**
     * As above, told which collections found the heap at its ceiling ({@code atCeiling}, null when unknown): full GCs
     * the heap caused that freed almost nothing. Such a collection ran because an allocation did not fit and found next
     * to no garbage, so the live set was at least its "after", and the heap could hold no more: a censored reading
     * (the live set is at least this), not a level one. A log that ends in a run of them is judged by the climb
     * that reached the ceiling (see {@link #pinnedSince}).
     */
    public static HeapFloorTrend assess(double[] timeSec, double[] heapBeforeBytes, double[] heapAfterBytes,
                                        boolean[] wholeHeap, boolean[] atCeiling, int n, long maxHeapBytes,
                                        double jvmStartSec, double loadedSec) {
        double[] st = new double[n];
        double[] sb = new double[n];
        boolean[] sc = new boolean[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (wholeHeap == null || wholeHeap[i]) {
                st[m] = timeSec[i];
                sb[m] = heapAfterBytes[i];
                sc[m] = atCeiling != null && atCeiling[i];
                m++;
            }
        }
        int all = m;
        while (all - m < 3 && m > 6 && sb[m - 1] < 0.5 * median(sb, m - 6, m - 1)) {
            m--;
        }
        String tail = m < all ? "; ignored the last " + (all - m)
                + " collection(s), which released over half the heap as the log ended" : "";
        if (n < 6) {
            return none("too few collections to judge a trend (" + n + ", need 6)", n);
        }
        double t0 = timeSec[0];
        double t1 = m > 0 && m < all ? st[m - 1] : timeSec[n - 1];
        double span = t1 - t0;
        if (!(span > 0)) {
            return none("all collections at one instant: no trend", n);
        }
        // A JVM's first second is its start: class loading, caches and pools filled, the JIT's own allocation. A
        // program that loaded more than its heap holds and died of it within 90 ms read as a critical leak "34 → 46 MB
        // (32 715 MB/min)" whose advice, a heap dump because more heap only delays the error, blamed the wrong side: more
        // heap was the cure. Collections that close to the start are no trend, whatever their shape; the sizing and
        // full-GC findings still say the heap was too small.
        double lived = t1 - (Double.isNaN(jvmStartSec) ? t0 : Math.min(jvmStartSec, t0));
        if (lived < MIN_LIFE_SEC) {
            return none(String.format(java.util.Locale.ROOT, "the collections cover the JVM's first %.2f s only: its start,"
                    + " not a trend", lived), n);
        }
        double ref = maxHeapBytes;
        if (ref <= 0) {
            for (int i = 0; i < n; i++) {
                ref = Math.max(ref, heapAfterBytes[i]);
            }
        }
        double warm = Double.isNaN(loadedSec) ? t0 + 0.25 * span : Math.max(t0 + 0.25 * span, loadedSec);
        int first = 0;
        while (first < m && st[first] < warm) {
            first++;
        }
        int post = m - first;
        if (post < 3 && !(post >= 1 && wholeHeap != null)) {
            return none(wholeHeap == null ? "too few collections after warm-up (" + post + ")"
                    : post + " collection(s) of the whole heap after warm-up, need 3: young collections alone cannot"
                    + " tell garbage waiting in the old generation from a leak", n);
        }
        // many points: fit window floors (the lowest heap after GC in each), so noise between cycles does not count
        double[] wt;
        double[] wf;
        int k;
        if (post > 24) {
            wt = new double[12];
            wf = new double[12];
            k = windowFloors(st, sb, first, m, warm, t1, Double.POSITIVE_INFINITY, wt, wf);
        } else {
            wt = Arrays.copyOfRange(st, first, m);
            wf = Arrays.copyOfRange(sb, first, m);
            k = post;
        }
        if (k < 3 || post < 3) {
            // One or two whole-heap readings after the warm-up: only a heap the growth filled is a verdict (the
            // collections that could reach everything no longer free it). Otherwise the young collections' floor may
            // rise, but its rise is old garbage waiting for a whole-heap collection as readily as a leak: a Parallel log
            // of a map leaking 3 MB/s beside 60 MB/s of garbage, its floor 118 → 182 MB of 300 (r² 0.81) with two full
            // GCs after the warm-up, read as an affirmative "no leak", and so did a G1 leak whose only full GCs were
            // the heap dumps taken to chase it. No verdict either way, with the numbers said.
            WindowFit floors = WindowFit.of(timeSec, heapAfterBytes, n, warm, t1);
            double lateWhole = k < 1 ? -1 : median(wf, 2 * k / 3, k);
            if (floors == null || lateWhole < 0) {
                return none("too few collections after warm-up", n);
            }
            HeapFloorTrend b = filledByGrowth(floors, warm, lateWhole, ref, tail, n);
            if (b.leak()) {
                return b;
            }
            return none(post + " collection(s) of the whole heap after warm-up, need 3: the floor of every collection went "
                    + floors.words() + ", and whole-heap collections at the end still keep " + mb(lateWhole) + " of the "
                    + mb(ref) + " heap" + tail + "; young collections alone cannot tell garbage waiting in the old generation from a leak", n);
        }
        LinearTrend fit = LinearTrend.fit(wt, wf, k);
        double fitted = wt[k - 1] - wt[0];
        double growth = fit.slope() * fitted;
        // thirds of the fitted time, not of the points: a collector that runs whole-heap cycles unevenly (generational
        // ZGC: ten proactive major collections in its first seconds, then one every few seconds) would otherwise put
        // most of the span in the last third and read a steady climb as a step at the end
        int[] cut = thirds(wt, k);
        double early = median(wf, 0, cut[0]);
        double mid = median(wf, cut[0], cut[1]);
        double late = median(wf, cut[1], k);
        // a few points close together are not a trend: ≥ MIN_POINTS covering a quarter of the span; a cycle's several
        // sizes count once (GcLogAnalyzer keeps each cycle's last)
        boolean enough = k >= (wholeHeap == null ? MIN_POINTS_ALL : MIN_POINTS) && fitted >= 0.25 * (t1 - warm)
                && (wholeHeap == null || fitted >= MIN_FITTED_SEC);
        // A leak accumulates with the work, so its floor climbs through the span: from the first third to the middle
        // one as well as from the middle to the last. A floor flat for two thirds that steps up once at the end is a
        // one-time allocation or a concurrent collector's late cycle (seen on healthy programs under ZGC and G1 over
        // a few seconds), not a leak. When no collection fell in the middle third, the last third must climb on its
        // own (two points or more, rising by a step) from twice a step above the first: a climb, not one step.
        double step = Math.max(0.15 * growth, 0.01 * ref);
        boolean climbs = cut[0] < cut[1] ? mid - early >= step && late - mid >= step || steadyAndStillRising(fit.r2(), early, mid, late, step)
                : k - cut[1] >= 2 && wf[k - 1] - wf[cut[1]] >= step && late - early >= 2 * step;
        // A plateau is no leak unless it is the heap's ceiling, where a leak has nowhere left to climb; and the ceiling
        // is known by what the collector did there (see pinnedSince), never by how high the floor reads: a catalogue
        // loaded at start-up sits at 90 % of its heap with every collection measuring it exactly.
        double pinned = pinnedSince(st, sb, sc, m, ref);
        boolean pressed = pinned >= warm;
        // Pinned at nine tenths of the heap or more, however early: every reading since the pin is censored (the live
        // set is at least this), so a flat line there is no evidence that the live set stopped growing. A leak that
        // thrashes at the ceiling for long (Shenandoah on JDK 17, six JVMs on two cores: the floor 48 → 61 MB in the
        // middle third, 62 in the last, then degenerated cycles freeing nothing; or 10 s of climb and 30 s of them)
        // reads as a plateau, and only this tells it for the ceiling's. A live set the collector still measures (a
        // 56 MB catalogue in 64 MB of G1, its mixed collections freeing a few MB) is not pinned and is judged by its
        // level; one loaded at start-up and pinned grows too little after the warm-up to count (MIN_GROWTH_SHARE) and
        // fills the heap too early for the climb below (MIN_FILL_SHARE).
        boolean censored = !Double.isNaN(pinned) && late >= 0.9 * ref;
        boolean leak = enough && fit.r2() >= MIN_R2 && growth >= MIN_GROWTH_SHARE * ref && (climbs || pressed || censored);
        if (!leak && wholeHeap != null) {
            HeapFloorTrend b = filledByGrowth(timeSec, heapAfterBytes, n, warm, t1, late, ref, tail);
            if (b.leak()) {
                return b;
            }
            boolean freesLittle = heapBeforeBytes != null && freedShare(heapBeforeBytes, heapAfterBytes, wholeHeap, warm,
                    timeSec, n) < 0.15;
            if (mid >= 0.7 * ref && late >= 0.7 * ref && (freesLittle || late >= 0.9 * ref)) {
                // full since warm-up ended: judge the climb that filled it, from the start to the moment it was full
                double full = t1;
                for (int i = 0; i < m; i++) {
                    if (sb[i] >= 0.7 * ref) {
                        full = st[i];
                        break;
                    }
                }
                // A leak fills the heap at the pace of the work, over a real share of the run; a live set built at
                // start-up (a catalogue cached at boot) fills it in the first moments: 0.3 s of a 12 s log on a 64 MB
                // heap, against 5 s or more of 35 s for a leak of 9 MB/s under Shenandoah, whose first cycle came
                // when the heap was nearly full (hence from the JVM's start, not from the first collection). That is
                // a heap too small for what the program keeps, not a leak. A leak that fills the heap within the
                // run's first twentieth and then thrashes looks the same in this log: the full-GC and heap-size
                // findings say what to do in both cases.
                double start = Double.isNaN(jvmStartSec) ? t0 : Math.min(jvmStartSec, t0);
                // pinned at the ceiling since after the warm-up, or censored there (above): the level is the heap's
                // limit, not the live set's
                if (full - start >= MIN_FILL_SHARE * (t1 - start)
                        && (pressed || censored || !levelledOff(timeSec, heapAfterBytes, n, start, full, t1, ref))) {
                    b = filledByGrowth(timeSec, heapAfterBytes, n, t0, full, late, ref,
                            "; the heap was full from " + Math.round(full - t0) + " s on" + tail);
                    if (b.leak()) {
                        return b;
                    }
                }
            }
        }
        if (!enough && wholeHeap != null) {
            // ZGC, Shenandoah and generational collectors run few whole-heap cycles in a short log: a line through
            // three of them, rising or not, is not a verdict either way
            return none(k + " collection(s) of the whole heap after warm-up over " + Math.round(fitted) + " s, need "
                    + MIN_POINTS + " spread over a quarter of the span and " + Math.round(MIN_FITTED_SEC) + " s at least:"
                    + " too few to tell a leak from the heap filling up", n);
        }
        long floorStart = floorAt(fit, wt[0]);
        long floorEnd = floorAt(fit, wt[k - 1]);
        String verdict = String.format(java.util.Locale.ROOT,
                "%s: heap after %sGC %s → %s over %.0f s after a %.0f s warm-up (%s/min, r²=%.2f, %d points;"
                        + " middle third %s, last third %s; heap %s)%s",
                leak ? RISING : NO_LEAK, wholeHeap == null ? "" : "whole-heap ", mb(floorStart), mb(floorEnd),
                fitted, warm - t0, mb(fit.slope() * 60), fit.r2(), k, Double.isNaN(mid) ? "no collection" : mb(mid), mb(late), mb(ref), tail);
        return new HeapFloorTrend(leak, verdict, fit.slope(), fit.r2(), warm, floorStart, floorEnd, n);
    }

    /** A fit this close to a line is no single step: a floor flat for two thirds that steps up once fits at r² ≈ 0.68. */
    static final double STEADY_R2 = 0.9;

    /**
     * A climb whose first two thirds' medians differ by less than a step but whose fit is near-linear and whose last
     * third still rises by a step: a leak whose pace picked up (a soak on a crowded machine, its load slowed at first:
     * the per-device leak of field report 002 read 8.2 → 10.2 MB of 27 at r² 0.93, its middle third 0.2 MB above the
     * first, its last 1.2 MB above the middle). The median of a third of three or four points is noisy; the fit over
     * all of them is not. What the thirds rule guards against still fails here: one step at the end of a flat floor
     * fits at r² ≈ 0.68 (nine points, the step at two thirds), below {@link #STEADY_R2}, and a cache filling toward
     * its bound slows down, so its last third does not rise by a step more than its middle.
     */
    private static boolean steadyAndStillRising(double r2, double early, double mid, double late, double step) {
        return r2 >= STEADY_R2 && mid >= early && late - mid >= step;
    }

    /**
     * A live set that stopped growing once loaded, not a leak that filled the heap: a leak goes on leaking after the heap
     * is full, so its floor still creeps up, or it is pinned at the ceiling in collections that free nothing (the
     * caller's evidence, see {@link #pinnedSince}), and the JVM soon ends in an OutOfMemoryError. A catalogue or cache
     * loaded page by page at start-up fills the heap within its first seconds (a second of 9 on G1, with no full GC at
     * all, read as "floor 6 MB → 92 MB") and then stays level, at whatever share of the heap it takes (90.6 % for
     * 56 MB in 64), for as long as the service runs. So: the floor since the heap was full rose under
     * {@link #LEVEL_RISE} of the heap from the middle third of that time (the first when no collection fell in the
     * middle) to the last, each third's floor the lowest heap after any collection in it, and that stretch lasted at
     * least as long as the climb from the JVM's start did ({@link #LEVEL_SPAN}: a loaded 2-core machine stretched a
     * 2.5 s load to 3 s of a 10 s run). That is a heap too small for what the program keeps (the sizing findings say
     * so), not a leak.
     *
     * <p>Why any collection, young ones too, and not only the whole-heap points the fit uses. No collection frees a
     * live object, so the heap after every one of them is at least the live set at that moment: the lowest of them in a
     * third is the tightest bound the log gives on what the program kept then, and a leak's lowest bound in the last
     * third is still above everything it kept by the middle one. The whole-heap points alone can be loose bounds. G1's
     * point for a marking cycle that planned no mixed phase is its cleanup, which frees no young region: it counts the
     * eden allocated while the marking ran, and marking runs long on a crowded machine. The 100 MB catalogue in 128 MB
     * (JDK 17, four JVMs beside four busy loops on two cores) read 101 MB after every young collection from its load to
     * its end, each freeing the 8-9 MB allocated since the one before, while its cleanups read 102, 103, 105 and 104 MB
     * after markings of 94 to 311 ms. The last third's whole-heap points were all cleanups, 3 MB above the middle's
     * 101 MB (the limit is 2.56 MB), and it read as a critical leak "0.6 MB → 111.4 MB", as 3 of 26 JDK 17 logs so crowded
     * did (JDK 25's cycles mostly end in mixed collections, which read the level). A collection that frees what was
     * allocated since the one before is not pinned, so its level is the live set's.
     */
    private static boolean levelledOff(double[] t, double[] b, int n, double start, double full, double t1,
                                       double ref) {
        if (t1 - full < LEVEL_SPAN * (full - start)) {
            return false;
        }
        // From the middle third when it holds a collection: the heap reads "full" (70 %) at the first whole-heap
        // collection past that mark, which on a starved machine comes while the last pages are still loading (a G1
        // cleanup at 98 MB, the loaded catalogue at 102 MB from a second later on, level for 6 s more). A leak keeps
        // climbing from the middle third to the last as much as from the first; a load's tail rises in the first only.
        // Nothing after t1: the collections the caller left out as the program released its memory at the end.
        double third = (t1 - full) / 3;
        double first = Double.NaN;
        double middle = Double.NaN;
        double last = Double.NaN;
        for (int i = 0; i < n && t[i] <= t1; i++) {
            if (t[i] >= full && t[i] < full + third) {
                first = lowest(first, b[i]);
            } else if (t[i] >= full + third && t[i] < t1 - third) {
                middle = lowest(middle, b[i]);
            } else if (t[i] >= t1 - third) {
                last = lowest(last, b[i]);
            }
        }
        return last - (Double.isNaN(middle) ? first : middle) < LEVEL_RISE * ref;
    }

    /**
     * When the heap's floor was pinned at its ceiling for good: NaN unless the series ends in at least
     * {@link #MIN_PINNED} whole-heap collections at the ceiling (see the {@code atCeiling} overload of assess); else the
     * time of the first collection at the ceiling since the floor last read below that run's level, by more than
     * {@link #LEVEL_RISE} of the heap ({@code ref}). The run alone can date the ceiling too late: one full GC that
     * frees a little over {@code GcLogAnalyzer.FREED_AT_CEILING} (more garbage since the last one, as after a burst of
     * allocation on a starved machine) cuts it, though the floor has not moved. A 58 MB tariff table in 64 MB of
     * Parallel, at the ceiling from its load on, read so as a leak once (86 % of the time in GC). The floor reaching
     * the level is the ceiling reached.
     *
     * <p>Why this tells a leak from a live set loaded at start-up although both end in the same storm of full GCs
     * that free nothing. Pinned, the floor reads flat whatever the program keeps: Parallel's old generation full to its
     * last KB and the eden left after each full GC full of objects it could not promote, 49 MB of 64 for ten seconds
     * while a journal that had leaked 10 MB/s crept on by what each full GC let it add, until the run ended or the
     * OutOfMemoryError came. Each such
     * reading is censored (the live set is at least this), so a level floor there is no sign that the live set stopped
     * growing: {@link #levelledOff} asks that of a floor the collector could still measure, not of one at the ceiling.
     * What still tells the two apart is when the ceiling was reached. A catalogue or cache loaded at start-up fills
     * the heap while the JVM starts, within the warm-up the trend already skips (the first quarter of the log, at least
     * until its classes are loaded); a leak fills it at the pace of the work, so its floor climbs through the warm-up
     * and reaches the ceiling after it, and the climb from the JVM's start to the full heap ({@code filledByGrowth},
     * a twentieth of the run at least) is the evidence. A leak that thrashes at the ceiling three times as long as it
     * took to get there has its whole climb in the warm-up (the quarter is of the whole log): it is caught only when
     * its pinned floor is at 90 % of the heap or more ({@code censored} in assess: a floor at 90 % once counted as the
     * ceiling without the collector failing there, and read a catalogue loaded at start-up as a leak, the worse
     * error), and reads as a heap too small below that (Parallel's pinned floor at 77 %). A live set that reached the
     * ceiling after the warm-up and stopped there reads as a leak: its log cannot say otherwise, and the
     * heap-too-small and full-GC findings beside it still say what the JVM needs.
     */
    static double pinnedSince(double[] st, double[] sb, boolean[] atCeiling, int m, double ref) {
        int run = m;
        while (run > 0 && atCeiling[run - 1]) {
            run--;
        }
        if (m - run < MIN_PINNED) {
            return Double.NaN;
        }
        double level = Double.POSITIVE_INFINITY;
        for (int i = run; i < m; i++) {
            level = Math.min(level, sb[i]);
        }
        int first = run;
        for (int i = run - 1; i >= 0 && sb[i] >= level - LEVEL_RISE * ref; i--) {
            first = atCeiling[i] ? i : first;
        }
        return st[first];
    }

    private static double lowest(double floor, double v) {
        return Double.isNaN(floor) || v < floor ? v : floor;
    }

    /**
     * The second rule: the floor of <em>all</em> collections rose steadily (r² ≥ 0.8, by ≥ 20 % of the heap) and
     * the whole-heap collections at the end still keep ≥ 70 % of it. Young floors alone are ambiguous (old
     * garbage); once whole-heap collections cannot free the growth, it was live. This catches a leak whose
     * whole-heap collections only began when the heap was already full (Parallel's old generation).
     */
    private static HeapFloorTrend filledByGrowth(double[] t, double[] b, int n, double warm, double t1,
                                                 double lateWhole, double ref, String tail) {
        WindowFit floors = WindowFit.of(t, b, n, warm, t1);
        if (floors == null || lateWhole < 0) {
            return none("too few collections after warm-up", n);
        }
        return filledByGrowth(floors, warm, lateWhole, ref, tail, n);
    }

    private static HeapFloorTrend filledByGrowth(WindowFit floors, double warm, double lateWhole, double ref, String tail, int n) {
        LinearTrend fit = floors.fit();
        double growth = fit.slope() * floors.fitted();
        // the main path's rule holds here too (MIN_FITTED_SEC): windows within a second or two are a collector's swing,
        // not growth that goes on. A ZGC heap filled by allocation stalls in a 2 s recording read "71 → 139 MB over
        // 0 s … whole-heap collections at the end still keep 128 of 128 MB": its heap after each cycle counts what the
        // stalled threads allocated while the cycle ran
        boolean leak = floors.fitted() >= MIN_FITTED_SEC && fit.r2() >= 0.8 && growth >= 0.2 * ref && lateWhole >= 0.7 * ref;
        String verdict = String.format(java.util.Locale.ROOT, "%s: heap-after-GC floor %s, and whole-heap collections at the"
                + " end still keep %s of the %s heap%s", leak ? RISING : NO_LEAK, floors.words(), mb(lateWhole), mb(ref), tail);
        return new HeapFloorTrend(leak, verdict, fit.slope(), fit.r2(), warm, floors.floorStart(), floors.floorEnd(), n);
    }

    /**
     * The heap-after-GC floors of eight equal windows after the warm-up (every collection's, young ones included),
     * fitted by a line; {@link #words} says it ("116.6 MB → 187.9 MB over 18 s after warm-up (…/min, r²=0.76, 8
     * windows)"), one phrase for the verdict that judges the fill and for the "no verdict" that only reports it.
     */
    private record WindowFit(LinearTrend fit, double fitted, long floorStart, long floorEnd, int windows) {
        /** The fit of the windows from {@code warm} to {@code t1}, or null with fewer than three. */
        static WindowFit of(double[] t, double[] b, int n, double warm, double t1) {
            double[] wt = new double[8];
            double[] wf = new double[8];
            int w = windowFloors(t, b, 0, n, warm, t1, t1, wt, wf);
            if (w < 3) {
                return null;
            }
            LinearTrend fit = LinearTrend.fit(wt, wf, w);
            return new WindowFit(fit, wt[w - 1] - wt[0], floorAt(fit, wt[0]), floorAt(fit, wt[w - 1]), w);
        }

        String words() {
            return String.format(java.util.Locale.ROOT, "%s → %s over %.0f s after warm-up (%s/min, r²=%.2f, %d windows)",
                    mb(floorStart), mb(floorEnd), fitted, mb(fit.slope() * 60), fit.r2(), windows);
        }
    }

    /**
     * The floor (lowest {@code b}) of each of {@code wt.length} equal time windows from {@code start} to
     * {@code end}, and when it was: written into {@code wf} and {@code wt}, windows without a point left out.
     * Reads points {@code from} to {@code to}, ascending in time, skipping those before {@code start} and
     * stopping at the first after {@code limit}; the last window takes every point left. Returns how many
     * floors it wrote.
     */
    private static int windowFloors(double[] t, double[] b, int from, int to, double start, double end, double limit,
                                    double[] wt, double[] wf) {
        int windows = wt.length;
        double width = (end - start) / windows;
        int k = 0;
        int i = from;
        while (i < to && t[i] < start) {
            i++;
        }
        for (int w = 0; w < windows && i < to && t[i] <= limit; w++) {
            double windowEnd = start + (w + 1) * width;
            double floor = Double.POSITIVE_INFINITY;
            double at = 0;
            while (i < to && t[i] <= limit && (t[i] < windowEnd || w == windows - 1)) {
                if (b[i] < floor) {
                    floor = b[i];
                    at = t[i];
                }
                i++;
            }
            if (floor != Double.POSITIVE_INFINITY) {
                wt[k] = at;
                wf[k] = floor;
                k++;
            }
        }
        return k;
    }

    /**
     * Where the points {@code t[0..k)} (ascending, k ≥ 3) cross a third and two thirds of their time span: {first index
     * at or after a third, first at or after two thirds}. The first and last thirds always hold a point (the first and
     * the last); the middle one may not, and then both indexes are equal.
     */
    static int[] thirds(double[] t, int k) {
        double a = t[0] + (t[k - 1] - t[0]) / 3;
        double b = t[0] + 2 * (t[k - 1] - t[0]) / 3;
        int i = 1;
        while (i < k - 1 && t[i] < a) {
            i++;
        }
        int j = i;
        while (j < k - 1 && t[j] < b) {
            j++;
        }
        return new int[] {i, j};
    }

    /** Median share of the heap the whole-heap collections after warm-up freed; 1 when none say. */
    private static double freedShare(double[] before, double[] after, boolean[] whole, double warm, double[] t, int n) {
        double[] f = new double[n];
        int c = 0;
        for (int i = 0; i < n; i++) {
            if (whole[i] && t[i] >= warm && before[i] > 0) {
                f[c++] = (before[i] - after[i]) / before[i];
            }
        }
        return c == 0 ? 1 : median(f, 0, c);
    }

    /**
     * False when there were too few collections to fit a line ({@code verdict} then starts "no verdict"): callers
     * decide by this, never by the sentence.
     */
    public boolean judged() {
        return !Double.isNaN(warmupEndSec);
    }

    /** The verdict's first words: the fit rose as a leak does, or it did not. */
    static final String RISING = "rising";
    static final String NO_LEAK = "no leak";

    /**
     * This trend read as no leak because of what {@code but} says (a collector's own slack the fit cannot see): the
     * same figures, the verdict's reason kept and the explanation added.
     */
    HeapFloorTrend explainedAway(String but) {
        String reason = leak && verdict.startsWith(RISING + ": ") ? verdict.substring(RISING.length() + 2) : verdict;
        return new HeapFloorTrend(false, NO_LEAK + ": " + reason + "; but " + but, slopeBytesPerSec, r2, warmupEndSec,
                floorStart, floorEnd, points);
    }

    /** This trend with {@code why} added to its verdict: which reading of the heap the figures are. */
    HeapFloorTrend withReason(String why) {
        return new HeapFloorTrend(leak, verdict + "; " + why, slopeBytesPerSec, r2, warmupEndSec, floorStart, floorEnd,
                points);
    }

    /**
     * The fitted floor at time t, never below zero: a line through a floor that fell to a few MB (a G1 recording's
     * mixed phase) went on to "-0.1 MB", a heap no JVM has.
     */
    private static long floorAt(LinearTrend fit, double t) {
        return Math.max(0, (long) (fit.slope() * t + fit.intercept()));
    }

    private static HeapFloorTrend none(String why, int n) {
        return new HeapFloorTrend(false, "no verdict: " + why, 0, 0, Double.NaN, -1, -1, n);
    }

    /**
     * The median of {@code a[from, to)}: of an even count, the mean of the two middle values. The upper one alone
     * reads a third of two floors (18 and 24 MB, a slow leak's first third on a crowded machine) at its higher
     * floor, which takes the climb out of the comparison with the next third.
     */
    private static double median(double[] a, int from, int to) {
        if (to <= from) {
            return Double.NaN;
        }
        double[] c = Arrays.copyOfRange(a, from, to);
        Arrays.sort(c);
        int mid = c.length / 2;
        return c.length % 2 == 1 ? c[mid] : (c[mid - 1] + c[mid]) / 2;
    }

    static String mb(double bytes) {
        return Sizes.mb(bytes);
    }
}
