package dev.brink.gc;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Numbers;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.HeapTooSmallDetail;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Field report 004 and its G1 form: an old generation with less room than the old objects need, because the young
 * generation was sized (-Xmn, NewSize) to take nearly all the heap. Both rules read the heap's own collections only
 * ({@link GcFacts}): full GCs for metadata or from System.gc() say nothing about the old generation's room.
 */
final class OldGenerationRules {
    /** Collections short of room that make a pinned G1 young list a finding (a few in a row are not chance). */
    static final int G1_TROUBLED_COLLECTIONS = 3;
    /** G1's default -XX:G1MaxNewSizePercent: the largest young list it picks itself, in % of the heap. */
    static final int G1_MAX_NEW_PERCENT = 60;
    /** Full GCs from which a too-small old generation has shown its cost: critical. */
    static final int FULL_GCS = 3;
    private static final Set<String> OLD_GENS = Set.of("Tenured", "CMS", "ParOldGen", "PSOldGen", "tenured generation",
            "concurrent mark-sweep generation", "Old Gen");
    private static final Set<String> YOUNG_GENS = Set.of("DefNew", "ParNew", "PSYoungGen", "def new generation",
            "par new generation", "Young Gen");

    private OldGenerationRules() {
    }

    /**
     * Report 004: an old generation smaller than the young one (-Xmn set near -Xmx). Each young collection must
     * promote the survivors that outgrow the survivor spaces; an old generation of a few MB cannot take them, so
     * collections end in full GCs that free little. Read from a log's generations or from the observer's memory
     * pools (eden + survivor spaces vs the old pool), for Serial, Parallel, CMS and (from the observer) G1.
     *
     * <p>The sizes alone are the cause, so the finding comes as soon as one young collection has shown them: a
     * warning while no full GC has come yet (a service that allocates slowly, or whose survivors still fit, has not
     * paid yet, and will the first time a young collection must promote more than the old generation's few MB),
     * critical from {@link #FULL_GCS} full GCs on. Only full GCs the heap caused count ({@link GcFacts}).
     *
     * @return true when it added a finding
     */
    static boolean oldGenTooSmall(GcFacts f) {
        long youngCap = -1;
        long oldCap = -1;
        double promoted = 0;
        // G1's eden and old pools are not fixed spaces: their committed sizes follow the regions in use, so eden is
        // "larger" than old whenever few objects are old. Only Serial's, Parallel's and CMS's generations are sizes.
        boolean fixedSpaces = false;
        for (GcEvent e : f.events) {
            long y = 0;
            boolean young = false;
            for (Generation g : e.generations()) {
                if (g.regions()) {
                    continue;
                }
                fixedSpaces |= !g.name().startsWith("G1 ") && (isYoung(g.name()) || isOld(g.name()));
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
        int fulls = f.heapStats.fullGcs();
        if (youngCap <= 0 || oldCap < 0 || oldCap >= youngCap) {
            return false;
        }
        if (fulls < FULL_GCS && !fixedSpaces) {
            return false;
        }
        double span = f.heapStats.spanSec();
        double rate = span > 0 ? promoted / span : 0;
        double fullsPerSec = span > 0 ? fulls / span : 0;
        long heap = f.maxHeap() > 0 ? f.maxHeap() : youngCap + oldCap;
        f.out.add(tooSmall(f.subject, f.evidence, oldCap, youngCap, heap, fulls, fullsPerSec, rate));
        return true;
    }

    /**
     * The finding of an old generation smaller than the young one, from a log's or the observer's generations or from
     * the memory pools' sizes ({@link PoolSizes}): a warning before {@link #FULL_GCS} full GCs, critical from them.
     *
     * @param promotedPerSec bytes young collections promoted a second, -1 when unknown
     */
    static Finding tooSmall(String subject, List<String> evidence, long oldCap, long youngCap, long heap, int fulls,
                            double fullsPerSec, double promotedPerSec) {
        Long promoted = promotedPerSec >= 0 ? Math.round(promotedPerSec) : null;
        // -Xmn (NewSize/MaxNewSize) takes precedence over NewRatio: NewRatio alone changes nothing while -Xmn stays
        String flags = "-XX:NewRatio=2 (old = 2× young) without -Xmn, or a smaller -Xmn (at most a third of -Xmx):"
                + " -Xmn overrides NewRatio";
        if (fulls < FULL_GCS) {
            String reason = String.format(Locale.ROOT, "old generation %s is smaller than the young generation %s; no"
                            + " full GC yet (%d), but the first young collection whose survivors outgrow the survivor"
                            + " spaces must promote them into it, and from then on collections end in full GCs",
                    kb(oldCap), HeapFloorTrend.mb(youngCap), fulls);
            Map<String, Object> d = Detail.map(HeapTooSmallDetail.oldGeneration(oldCap, youngCap, heap, promoted, fulls,
                    Numbers.round(fullsPerSec), null, flags, reason));
            return new Finding(FindingKind.HEAP_TOO_SMALL, Severity.WARNING, String.format(Locale.ROOT,
                    "Old generation too small: old generation %s of %s heap beside a young generation of %s; no full GC"
                            + " yet; try -XX:NewRatio=2 or a smaller -Xmn",
                    kb(oldCap), HeapFloorTrend.mb(heap), HeapFloorTrend.mb(youngCap)), subject, evidence, d);
        }
        // a promotion rate this low means young GCs could not promote at all: the old generation has no room
        String promotion = promotedPerSec >= 0.05 * (1 << 20)
                ? String.format(Locale.ROOT, "young GCs promote %s/s into it", HeapFloorTrend.mb(promotedPerSec))
                : "survivors that outgrow the survivor spaces have no room in it";
        String reason = String.format(Locale.ROOT, "old generation %s is smaller than the young generation %s;"
                        + " %s, so collections end in full GCs: %d full GCs, %.2f/s",
                kb(oldCap), HeapFloorTrend.mb(youngCap), promotion, fulls, fullsPerSec);
        Map<String, Object> d = Detail.map(HeapTooSmallDetail.oldGeneration(oldCap, youngCap, heap, promoted, fulls,
                Numbers.round(fullsPerSec), null, flags, reason));
        return new Finding(FindingKind.HEAP_TOO_SMALL, Severity.CRITICAL, String.format(Locale.ROOT,
                "Old generation too small: old generation %s of %s heap; full GCs %.2f/s (%d full GCs);"
                        + " try -XX:NewRatio=2 or a smaller -Xmn",
                kb(oldCap), HeapFloorTrend.mb(heap), fullsPerSec, fulls), subject, evidence, d);
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
     * back to full GCs. Rule: the young list was planned or used at half the heap or more and above G1's own ceiling
     * (G1MaxNewSizePercent, 60 %: below it G1 may have chosen that size itself), the old data (old and
     * humongous regions after collections that did not fail) would fit beside G1's own smallest young list and its
     * reserve (the median old data ≤ 60 % of the heap: otherwise the heap is too small, not the old room), and at least
     * {@link #G1_TROUBLED_COLLECTIONS} collections were short of room that way.
     */
    /** @return true when it added a finding */
    static boolean g1YoungPinned(GcFacts f) {
        long region = f.settings.regionSize();
        if (region <= 0) {
            return false;
        }
        long heapRegions = 0;
        long largestYoung = 0;
        long largestPlanned = 0;
        long plannedEden = -1;
        int shortOfRoom = 0;
        int failed = 0;
        List<Long> oldData = new ArrayList<>();
        for (GcEvent e : f.events) {
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
                    // G1's young target is eden's planned regions plus the survivors it keeps; "Survivor regions:
                    // 3->4(8)" is 4 kept of at most 8 (the survivor target from SurvivorRatio), and the 8 is no part
                    // of the young list: eden's plan plus that ceiling read over 78 of 128 regions, past G1's own 60 %,
                    // with no flag set (JDK 25, a busy machine), where the plan plus the kept survivors stays within
                    // it (67-72 of 128 measured on eight such logs)
                    case "Survivor" -> survivorPlanned = Math.max(0, g.after());
                    case "Old", "Humongous" -> old = Math.max(0, old) + Math.max(0, g.after());
                    default -> {
                    }
                }
            }
            if (edenBefore < 0) {
                continue;
            }
            largestYoung = Math.max(largestYoung, Math.max(edenBefore, edenPlanned + survivorPlanned));
            largestPlanned = Math.max(largestPlanned, edenPlanned + survivorPlanned);
            // a collection started for another reason (metadata, System.gc(), a humongous allocation, a tool) comes
            // before eden is full by design: only the heap's own collections say whether old data left it short
            boolean heapCause = GcCauseKind.of(e.cause()) == GcCauseKind.HEAP;
            boolean troubled = e.flags().contains(GcFlag.TO_SPACE_EXHAUSTED) || e.kind() == GcKind.FULL && GcFacts.heapCaused(e)
                    // eden got less than three quarters of what G1 planned for it at the collection before
                    || heapCause && plannedEden > 0 && e.kind() == GcKind.YOUNG && edenBefore < 0.75 * plannedEden;
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
            return false;
        }
        // G1 grows the young list up to G1MaxNewSizePercent (60 %) of the heap on its own when its pause-time model
        // allows: a young list of 56 % beside a 40 MB live set in 128 MB (JDK 25, no -Xmn) failed evacuation nine times
        // and read as "held by -Xmn: try without it" to a user who had set nothing. Only a young list above G1's own
        // ceiling says a flag pinned it; within it, the evacuation failures are a matter of headroom (the to-space
        // finding: G1ReservePercent, more heap).
        // The size G1 planned says it (eden's plan and the survivors kept), not the eden it found at a collection: on a
        // busy machine (the collection's threads waiting for a core while the application's allocate on) eden ran past
        // its plan to 82 of 128 regions with no flag set. (Two regions of slack: G1 rounds its ceiling down.)
        if (largestPlanned <= heapRegions * G1_MAX_NEW_PERCENT / 100 + 2) {
            return false;
        }
        oldData.sort(null);
        long medianOld = oldData.get(oldData.size() / 2);
        if (medianOld > 0.6 * heapRegions) {
            return false; // the old data itself fills the heap: heap-too-small's case, not a pinned young list
        }
        long heap = heapRegions * region;
        long young = Math.min(largestYoung, heapRegions) * region;
        long oldRoom = heap - young;
        int fulls = f.heapStats.fullGcs();
        double span = f.heapStats.spanSec();
        double perSec = span > 0 ? shortOfRoom / span : 0;
        String reason = String.format(Locale.ROOT, "G1's young list was held at %s of the %s heap, leaving the old data"
                        + " (%s after collections) %s; %d collections were short of room (%d evacuation failures or full GCs,"
                        + " the rest started before eden reached the size G1 planned)",
                HeapFloorTrend.mb(young), HeapFloorTrend.mb(heap), HeapFloorTrend.mb(medianOld * region), HeapFloorTrend.mb(oldRoom),
                shortOfRoom, failed);
        HeapTooSmallDetail d = HeapTooSmallDetail.oldGeneration(oldRoom, young, heap, null, fulls,
                Numbers.round(span > 0 ? fulls / span : 0), shortOfRoom, "no -Xmn, -XX:NewSize or -XX:G1NewSizePercent with G1: it sizes the young generation itself"
                        + " and leaves the old data its room; or a larger -Xmx if the young size must stay", reason);
        f.add(FindingKind.HEAP_TOO_SMALL, Severity.CRITICAL, String.format(Locale.ROOT,
                "Old generation too small: G1's young list held at %s of %s heap leaves the old data %s; %d collections"
                        + " short of room (%.2f/s); try without -Xmn / -XX:NewSize / -XX:G1NewSizePercent",
                HeapFloorTrend.mb(young), HeapFloorTrend.mb(heap), HeapFloorTrend.mb(oldRoom), shortOfRoom, perSec), d);
        return true;
    }

    static boolean isYoung(String pool) {
        // logs: DefNew, PSYoungGen, …; the observer's pools: "PS Eden Space", "G1 Survivor Space", "Eden Space"
        return YOUNG_GENS.contains(pool) || pool.endsWith("Eden Space") || pool.endsWith("Survivor Space");
    }

    static boolean isOld(String pool) {
        // the observer's pools: "PS Old Gen", "G1 Old Gen", "Tenured Gen"
        return OLD_GENS.contains(pool) || pool.endsWith("Old Gen") || pool.equals("Tenured Gen");
    }

    private static String kb(long bytes) {
        return (bytes >> 10) + " KB";
    }
}
