package dev.brink.gc;

import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Numbers;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GcPressureDetail;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Findings named by what started the collections rather than by how the heap looked: {@code System.gc()} called
 * again and again, G1 humongous allocations starting collections of their own, and JNI critical regions holding
 * collections back (GCLocker). Each says its cause and the advice
 * that fits it; neither ever advises more heap, which does not change how often either kind of collection runs.
 */
public final class CauseRules {
    /**
     * {@code System.gc()} collections within a minute that make a finding. Java's own callers call it rarely: RMI's
     * distributed GC once an hour (sun.rmi.dgc.*.gcInterval), a test harness or a tool once at a boundary. Three in a
     * minute is code calling it in a loop (a batch, a request, a "free the buffers" habit).
     */
    static final int EXPLICIT_PER_MINUTE = 3;
    /** The calls' own pauses as a share of the time that make the finding critical: the GC-time rule's critical line. */
    static final double EXPLICIT_CRITICAL_SHARE = 0.2;
    /** The calls' own pauses as a share of the time that make it a warning: the GC-time rule's warning line. */
    static final double EXPLICIT_WARNING_SHARE = 0.1;
    /**
     * Humongous-started collections that make a warning: at least a few a minute, and at least this share of all
     * young collections. An occasional large buffer starts the odd concurrent cycle, which is cheap; when a quarter or
     * more of the young pauses come early because of humongous allocations, the allocation pattern sets G1's pace.
     */
    static final int HUMONGOUS_PER_MINUTE = 3;
    static final double HUMONGOUS_SHARE = 0.25;
    /**
     * GCLocker-initiated collections that make a warning: as for humongous allocations, a few a minute and a quarter of
     * the young collections — then JNI critical regions, not the allocation rate, set when the JVM collects.
     */
    static final int GC_LOCKER_PER_MINUTE = 3;
    static final double GC_LOCKER_SHARE = 0.25;

    private CauseRules() {
    }

    static void all(GcFacts f) {
        explicit(f);
        humongous(f);
        gcLocker(f);
    }

    /**
     * GCLocker. JNI code that reads a Java array in place (GetPrimitiveArrayCritical: java.util.zip's Deflater and
     * Inflater on heap arrays, some drivers and codecs) holds collections back until it leaves its critical region;
     * threads that need memory meanwhile wait, and the JVM then runs the held collection ("GCLocker Initiated GC",
     * Serial, Parallel and G1 up to JDK 21; JDK 22's G1 pins regions instead and JDK 25's collectors make the allocating
     * threads wait without such a collection). When they are a quarter of the young collections, the critical regions
     * set the pace: shorter calls, or direct ByteBuffers, which zip's classes read without a critical region (JDK 11+).
     */
    private static void gcLocker(GcFacts f) {
        int locker = 0;
        int young = 0;
        for (GcEvent e : f.events) {
            locker += GcCauseKind.of(e.cause()) == GcCauseKind.GC_LOCKER ? 1 : 0;
            young += e.kind() == GcKind.YOUNG || e.kind() == GcKind.MIXED ? 1 : 0;
        }
        int worst = f.worstWindow(e -> GcCauseKind.of(e.cause()) == GcCauseKind.GC_LOCKER);
        double share = young > 0 ? locker / (double) young : 0;
        if (worst < GC_LOCKER_PER_MINUTE || share < GC_LOCKER_SHARE) {
            return;
        }
        GcPressureDetail d = GcPressureDetail.byCause(GcCauseKind.GC_LOCKER, null, locker, worst, null, null, null, null, null, null,
                "JNI critical regions (GetPrimitiveArrayCritical: java.util.zip's Deflater/Inflater on byte[],"
                + " image and crypto natives, some JDBC drivers) hold collections back while threads wait for memory: give"
                + " zip direct ByteBuffers (no critical region, JDK 11+) or make the calls shorter; G1 on JDK 22+ pins"
                + " regions instead. More heap does not change it");
        f.add(FindingKind.GC_PRESSURE, Severity.WARNING, String.format(Locale.ROOT,
                "%d collections waited for JNI critical regions (GCLocker Initiated GC, %d within 60 s, %.0f%% of young"
                        + " collections)", locker, worst, share * 100), d);
    }

    private static boolean explicitGc(GcEvent e) {
        return GcCauseKind.of(e.cause()) == GcCauseKind.EXPLICIT;
    }

    /**
     * The explicit collections less the young ones that only opened a call's full GC: Parallel scavenges the young
     * generation before a full collection (-XX:+ScavengeBeforeFullGC, its default up to JDK 22), so one System.gc()
     * logs "Pause Young (System.gc())" and then "Pause Full (System.gc())"; counted as two, a loop of 14 calls read as
     * 28. A young explicit collection with no full one after it (G1's -XX:+ExplicitGCInvokesConcurrent: "Pause Young
     * (Concurrent Start) (System.gc())") is the whole call and counts.
     */
    private static java.util.Set<GcEvent> explicitCalls(GcFacts f) {
        java.util.Set<GcEvent> calls = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < f.events.size(); i++) {
            GcEvent e = f.events.get(i);
            boolean opensFull = e.kind() == GcKind.YOUNG && i + 1 < f.events.size()
                    && f.events.get(i + 1).kind() == GcKind.FULL && explicitGc(f.events.get(i + 1));
            if (explicitGc(e) && !opensFull) {
                calls.add(e);
            }
        }
        return calls;
    }

    /**
     * Explicit collections. Each is a whole-heap collection whatever the heap holds, so their number is set by the code
     * that calls them, not by the heap's size; what one costs depends on the collector:
     * <ul>
     * <li>Serial, Parallel, G1 (and CMS): a stop-the-world full GC ("Pause Full (System.gc())"; Parallel scavenges the
     * young generation first up to JDK 22), whose pause grows with the live set it marks and compacts;</li>
     * <li>G1 with -XX:+ExplicitGCInvokesConcurrent: a concurrent-start young pause and a marking cycle the caller waits
     * for ("Pause Young (Concurrent Start) (System.gc())");</li>
     * <li>ZGC: a whole concurrent cycle ("Garbage Collection (System.gc())"; generational ZGC a major collection,
     * young and old), always concurrent — ExplicitGCInvokesConcurrent does not apply — the caller waiting for it and
     * the GC threads taking CPU from the application;</li>
     * <li>Shenandoah: a concurrent cycle too ("Trigger: Explicit GC request (System.gc())", JDK 25 "GC request"):
     * Shenandoah turns ExplicitGCInvokesConcurrent on by default (checked: JDK 17 and 25 report it true under
     * -XX:+UseShenandoahGC, false under ZGC); with it off, a "Pause Full (System.gc())".</li>
     * </ul>
     * The finding is made by the calls' pace ({@link #EXPLICIT_PER_MINUTE}); its severity by what they cost, as the
     * other pressure rules judge it: the calls' own pauses against the time — critical from
     * {@link #EXPLICIT_CRITICAL_SHARE} of it (the GC-time rule's critical line), a warning from
     * {@link #EXPLICIT_WARNING_SHARE} (its warning line) or from a single call's pause of
     * {@link GcFindings#LONG_PAUSE_MS} (the long-pause rule's) — and info below, where removing the call is still the
     * advice but nothing the application feels is at stake yet. A count alone made 29 full GCs of a 41 MB heap
     * (16 ms at most, 0.7 % of the run) critical, next to a real full-GC storm.
     */
    private static void explicit(GcFacts f) {
        java.util.Set<GcEvent> calls = explicitCalls(f);
        int worst = f.worstWindow(calls::contains);
        if (worst < EXPLICIT_PER_MINUTE) {
            return;
        }
        int count = calls.size();
        int fulls = 0;
        double pauseMs = 0;
        List<Long> heldAfter = new ArrayList<>();
        for (GcEvent e : f.events) {
            if (explicitGc(e)) {
                // every pause of the calls, the scavenge that opened a full GC included
                fulls += e.kind() == GcKind.FULL ? 1 : 0;
                pauseMs += e.kind().isPause() && !Double.isNaN(e.durationMs()) ? e.durationMs() : 0;
                if (e.kind() == GcKind.FULL && e.heapAfter() >= 0) {
                    heldAfter.add(e.heapAfter());
                }
            }
        }
        // the calls' own pauses over the whole log's time, as the GC-time rule measures all of them
        PauseStats cost = PauseStats.of(f.events, f.t, CauseRules::explicitGc);
        boolean timed = f.timed && cost.spanSec() > 0;
        String collector = f.settings.collector();
        // G1's (and CMS's) System.gc() is a full GC unless -XX:+ExplicitGCInvokesConcurrent makes it a concurrent cycle
        // ("Pause Young (Concurrent Start) (System.gc())"): calls that never gave a full GC on a collector that could
        // have are that flag at work already, and suggesting it again is advice the user has taken. A terse log does not
        // name the collector: explicit young pauses with no full GC say G1 as well.
        boolean g1Like = collector.equals("G1") || collector.equals("CMS")
                || collector.isEmpty() && calls.stream().anyMatch(e -> e.kind() == GcKind.YOUNG);
        boolean alreadyConcurrent = g1Like && fulls == 0;
        boolean concurrentCapable = g1Like && !alreadyConcurrent;
        String flags = concurrentCapable ? "-XX:+ExplicitGCInvokesConcurrent (a concurrent cycle instead of a full GC),"
                + " or -XX:+DisableExplicitGC" : "-XX:+DisableExplicitGC";
        String what = fulls > 0 ? "each a stop-the-world collection of the whole heap"
                : "each a whole collection cycle the calling thread waits for";
        heldAfter.sort(null);
        long live = heldAfter.isEmpty() ? -1 : heldAfter.get(heldAfter.size() / 2);
        String size = live < 0 ? "" : live < 1 << 20 ? " on a live set under 1 MB" : " on a " + HeapFloorTrend.mb(live) + " live set";
        List<String> costs = new ArrayList<>();
        // ZGC's and Shenandoah's pauses name no cause: their calls' cost is the cycle, not a pause the log ties to them
        if (timed && cost.count() > 0) {
            costs.add(String.format(Locale.ROOT, "%.1f%% of the time in their pauses", cost.gcTimeShare() * 100));
        }
        if (cost.count() > 0) {
            costs.add("longest " + GcFindings.ms(cost.maxMs()) + size);
        }
        String costText = costs.isEmpty() ? "" : " (" + String.join(", ", costs) + ")";
        GcPressureDetail d = GcPressureDetail.byCause(GcCauseKind.EXPLICIT, null, count, worst, fulls, Numbers.round(pauseMs), null, null,
                null, flags, "remove the System.gc() call (a JFR recording's jdk.SystemGC event names the caller); or " + flags
                + (alreadyConcurrent ? " (they already run as concurrent cycles: -XX:+ExplicitGCInvokesConcurrent is in effect)" : "")
                + ". " + whatACallDoes(collector, fulls > 0, alreadyConcurrent)
                + " More heap (-Xmx) changes nothing: each call collects the whole heap however much room is left."
                + " If the caller is java.nio.Bits.reserveMemory, direct buffers reached -XX:MaxDirectMemorySize: release"
                + " them (or raise the limit) rather than disable the call, which would turn it into"
                + " OutOfMemoryError: Direct buffer memory");
        if (timed) {
            d = d.withTimeShares(Numbers.round(cost.gcTimeShare()), Numbers.round(cost.worstWindowShare()));
        }
        double share = timed ? Math.max(cost.gcTimeShare(), cost.worstWindowShare()) : 0;
        Severity sev = share >= EXPLICIT_CRITICAL_SHARE ? Severity.CRITICAL
                : share >= EXPLICIT_WARNING_SHARE || cost.maxMs() >= GcFindings.LONG_PAUSE_MS ? Severity.WARNING : Severity.INFO;
        f.add(FindingKind.GC_PRESSURE, sev, String.format(Locale.ROOT,
                "System.gc() called %d times (%d within 60 s), %s%s: remove the call or %s", count, worst, what, costText,
                concurrentCapable ? "-XX:+ExplicitGCInvokesConcurrent" : "-XX:+DisableExplicitGC"), d);
    }

    /** What one System.gc() does on the log's collector, for the advice (see {@link #explicit}). */
    private static String whatACallDoes(String collector, boolean stopsTheWorld, boolean concurrentG1) {
        if (collector.contains("ZGC")) {
            return "On ZGC each call is a whole concurrent cycle (a major collection on generational ZGC): the"
                    + " application keeps running, but the caller waits for the cycle and the GC threads take CPU from the"
                    + " others; -XX:+ExplicitGCInvokesConcurrent does not apply (ZGC's are always concurrent).";
        }
        if (collector.equals("Shenandoah")) {
            return stopsTheWorld ? "On Shenandoah with -XX:-ExplicitGCInvokesConcurrent each call is a stop-the-world full"
                    + " GC; its default (on) makes it a concurrent cycle."
                    : "On Shenandoah each call is a concurrent cycle (ExplicitGCInvokesConcurrent is on by default there):"
                    + " the caller waits for it and the GC threads take CPU from the others.";
        }
        if (concurrentG1) {
            return "Each call is a concurrent-start pause and a marking cycle the caller waits for.";
        }
        return stopsTheWorld ? "Each call stops every thread for a full collection, whose pause grows with the live set it"
                + " marks and compacts." : "";
    }

    /**
     * G1 humongous allocations. An object of more than half a region is allocated straight into whole old regions
     * (G1CollectedHeap::is_humongous: over G1HeapRegion::GrainWords / 2); when that would take the old generation past
     * the marking threshold (IHOP), G1 first runs a young pause and starts a concurrent cycle ("G1 Humongous
     * Allocation"). A pattern that allocates such objects all the time therefore sets G1's pace: young pauses before
     * eden is full, a marking cycle after each. Larger regions make the same objects ordinary young ones; so do smaller
     * (chunked, pooled) buffers. Without that pattern, humongous regions in a few collections are worth knowing only
     * (info).
     *
     * <p><b>Which region size.</b> An object becomes ordinary in regions of at least twice its size, so the advice
     * needs the objects' sizes, which the info-level log never gives: gc+heap's "Humongous regions: 136->0" counts
     * regions, not objects, and as objects of different sizes share the count no number of regions per object follows
     * from it (a GCD of counts bounds nothing). The size is only in G1's {@code gc+humongous} debug line, one per
     * humongous object at the start of every young collection (JDK 17 and 25: "Humongous region 40 (object size 3911848
     * @ …)"), read here as {@link GcFacts#humongousObjectMax}. With it the advice names the smallest power-of-two region
     * of at least twice the largest object, when the running JDK allows it: 32m at most up to JDK 17, 512m from JDK 18
     * (JDK-8275056; checked: JDK 17 refuses 64m, JDK 25 accepts 512m and refuses 1g); beyond that only smaller buffers
     * help. Without it the advice says what the log shows (objects over half the region) and how to learn the size
     * (that debug tag, or JFR's jdk.ObjectAllocationOutsideTLAB with allocationSize and the stack) rather than guess a
     * size: the fixed "four times the region" step it replaces told 3-4 MB objects in 1 MB regions to try 4m, under
     * which they stay humongous, and then, rerun at 4m, to try 16m.
     */
    private static void humongous(GcFacts f) {
        int started = 0;
        int startedYoung = 0;
        int young = 0;
        int withRegions = 0;
        long maxRegions = 0;
        for (GcEvent e : f.events) {
            boolean byHumongous = GcCauseKind.of(e.cause()) == GcCauseKind.HUMONGOUS;
            started += byHumongous ? 1 : 0;
            boolean youngKind = e.kind() == GcKind.YOUNG || e.kind() == GcKind.MIXED;
            young += youngKind ? 1 : 0;
            startedYoung += byHumongous && youngKind ? 1 : 0;
            Generation h = e.generation("Humongous");
            if (h != null) {
                maxRegions = Math.max(maxRegions, Math.max(h.before(), h.after()));
            }
            withRegions += e.flags().contains(GcFlag.HUMONGOUS) ? 1 : 0;
        }
        if (withRegions == 0 && started == 0) {
            return;
        }
        long region = f.settings.regionSize();
        int worst = f.worstWindow(e -> GcCauseKind.of(e.cause()) == GcCauseKind.HUMONGOUS);
        // a share of the young collections, so only young ones count above the line: an event of another kind with the
        // cause (a full GC for an allocation G1 could not place; JFR's concurrent cycle, before it was given no cause)
        // is one of the started, not a young collection: counted, it pushed the share to 1.4, the detail refused it,
        // and that ended the whole analysis
        double share = young > 0 ? startedYoung / (double) young : 0;
        boolean pace = worst >= HUMONGOUS_PER_MINUTE && share >= HUMONGOUS_SHARE;
        Humongous h = Humongous.of(withRegions, started, worst, share, pace, region, maxRegions,
                f.humongousObjectMax, false, null, jdkFeature(f.settings.jvmVersion()));
        f.add(FindingKind.GC_PRESSURE, h.severity, h.title, h.detail);
    }

    /**
     * The humongous finding of collections whose objects brink-gc could not size (a JFR recording's, read as the
     * observer's lines), sized by what the recording saw: the largest humongous object its
     * jdk.ObjectAllocationOutsideTLAB events gave (-1: none), in {@code region}-byte regions (-1: unknown), the
     * application frame that allocated the most humongous bytes (null: none), on JDK {@code jdk} (its feature release,
     * -1 unknown). The same counts and severity as the finding, and the advice a log sized by gc+humongous debug lines
     * gets; without a size, how to record one.
     */
    public static Finding sized(Finding f, long region, long largest, String site, int jdk) {
        GcPressureDetail d = Detail.of(f, GcPressureDetail.class);
        Humongous h = Humongous.of(d.collections(), d.count(), d.collectionsWorst60s(), d.humongousShareOfYoung(),
                f.severity() == Severity.WARNING, region, d.humongousRegionsMax(),
                largest, true, site, jdk);
        return new Finding(f.kind(), h.severity, h.title, f.subject(), f.evidence(), Detail.map(h.detail));
    }

    /**
     * The humongous rule's finding from its counts, the region size, the most humongous regions at once (null: not
     * counted) and the largest object sized (-1: unknown).
     */
    private record Humongous(Severity severity, String title, GcPressureDetail detail) {
        static Humongous of(int withRegions, int started, int worst, double share, boolean pace, long region,
                            Long maxRegions, long largest, boolean recorded, String site, int jdk) {
            String objects = region > 0 ? "objects over " + sizeText(region / 2) + " (half a " + sizeText(region) + " region)"
                    : "objects over half a region";
            RegionAdvice a = RegionAdvice.of(region, largest, jdk, recorded, site);
            GcPressureDetail d = GcPressureDetail.byCause(GcCauseKind.HUMONGOUS, withRegions, started, worst, null, null,
                    Numbers.round(share), region > 0 ? region : null, region > 0 ? maxRegions : null, a.flags,
                    objects + " are humongous: each takes whole old regions at once and can start a concurrent cycle; "
                    + a.advice + ". Humongous regions that fill once and stay are not a leak.");
            if (largest > 0) {
                d = d.withHumongousObjectBytesMax(largest);
            }
            if (!pace) {
                // a recording or log without region counts (JFR without jdk.G1HeapRegionTypeChange or heap summaries, a
                // log at info level) still names the cause of the collections the humongous allocations started
                return new Humongous(Severity.INFO, withRegions > 0
                        ? String.format(Locale.ROOT, "Humongous allocations in %d collections (%s)", withRegions, objects)
                        : String.format(Locale.ROOT, "G1 humongous allocations started %d collections (%s)", started,
                        objects), d);
            }
            return new Humongous(Severity.WARNING, String.format(Locale.ROOT,
                    "G1 humongous allocations started %d collections (%d within 60 s, %.0f%% of young collections): %s; %s",
                    started, worst, share * 100, objects, a.title), d);
        }
    }

    /** The JDK's feature release from the log's version line ("17.0.15+6-…", "25.0.3+9-LTS"), -1 when it does not say. */
    static int jdkFeature(String version) {
        int i = 0;
        while (i < version.length() && Character.isDigit(version.charAt(i))) {
            i++;
        }
        if (i == 0 || i > 3) {
            return -1;
        }
        int v = Integer.parseInt(version.substring(0, i));
        return v >= 9 ? v : -1; // "1.8.0_332": JDK 8, whose limit is JDK 17's
    }

    /**
     * What to change for humongous objects: the flags, the advice's clause and the title's, from the region size, the
     * largest object the log sized (-1: unknown) and the JDK (-1: unknown, held to the 32m every release allows).
     */
    record RegionAdvice(String flags, String advice, String title) {
        /** The largest region JDK 9-17 accept (G1HeapRegionBounds::max_size). */
        static final long MAX_REGION_17 = 32L << 20;
        /** The largest region JDK 18+ accept (JDK-8275056); G1 still picks at most 32m by itself. */
        static final long MAX_REGION_18 = 512L << 20;
        static final String HOW_TO_SIZE = "-Xlog:gc*,gc+humongous=debug";

        /**
         * The JFR option that records every object too big for a TLAB, humongous ones among them, with its size and
         * stack: jdk.ObjectAllocationOutsideTLAB is off in both default.jfc and profile.jfc (JDK 17 and 25; profile's
         * gc=high turns it on, with every new TLAB beside it). Checked on both: the option is accepted and the events
         * are written.
         */
        static final String RECORD_SIZES = "-XX:StartFlightRecording:jdk.ObjectAllocationOutsideTLAB#enabled=true";

        /**
         * {@code recorded}: the sizes came from a JFR recording rather than a log; {@code site}: the application frame
         * that allocated the most humongous bytes, null when unknown.
         */
        static RegionAdvice of(long region, long largest, int jdk, boolean recorded, String site) {
            long limit = jdk >= 18 ? MAX_REGION_18 : MAX_REGION_17;
            String limitText = "a power of two up to " + (limit >> 20) + "m" + (jdk >= 18 ? " on JDK " + jdk
                    : jdk > 0 ? " on JDK " + jdk + "; 512m from JDK 18" : "; 512m from JDK 18");
            String then = ", then set -XX:G1HeapRegionSize to at least twice the largest object (" + limitText + "), or"
                    + " allocate smaller buffers (chunked or pooled)";
            String debugLines = HOW_TO_SIZE + " (each young collection then lists every humongous object, \"Humongous"
                    + " region N (object size B @ …)\")";
            String allocations = RECORD_SIZES + " (allocationSize and the allocating stack of each)";
            if (largest <= 0 && recorded) {
                return new RegionAdvice(RECORD_SIZES + " (the objects' sizes), then -XX:G1HeapRegionSize of at least twice"
                        + " the largest", "the recording sizes no humongous object (jdk.ObjectAllocationOutsideTLAB is"
                        + " off in default.jfc and profile.jfc), so no region size follows from it: record with "
                        + allocations + " or run with " + debugLines + then,
                        "sizes not recorded: record jdk.ObjectAllocationOutsideTLAB to choose -XX:G1HeapRegionSize");
            }
            if (largest <= 0) {
                return new RegionAdvice(HOW_TO_SIZE + " (the objects' sizes), then -XX:G1HeapRegionSize of at least twice"
                        + " the largest", "the log does not size the objects, so no region size follows from"
                        + " it: run with " + debugLines + " or record JFR's " + allocations + then,
                        "sizes not logged: rerun with " + HOW_TO_SIZE + " to choose -XX:G1HeapRegionSize");
            }
            long need = Math.max(1L << 20, Long.highestOneBit(2 * largest - 1) << 1);
            String at = site == null ? "" : ", allocated in " + site;
            String biggest = "the largest, " + sizeText(largest);
            if (need <= limit) {
                String flag = "-XX:G1HeapRegionSize=" + (need >> 20) + "m";
                return new RegionAdvice(flag, "regions of " + (need >> 20) + "m (" + flag + ", " + limitText + ") make"
                        + " objects up to " + sizeText(need / 2) + " ordinary young objects, " + biggest + " (" + largest
                        + " bytes" + at + ") among them;"
                        + " or allocate smaller buffers (chunked or pooled)",
                        "try " + flag + " (objects up to " + sizeText(need / 2) + ", " + biggest + (recorded ? " recorded" : " logged") + at + ", become ordinary)");
            }
            String later = jdk > 0 && jdk < 18 && need <= MAX_REGION_18
                    ? " (JDK 18 and later accept " + (need >> 20) + "m regions)" : "";
            return new RegionAdvice(null, biggest + at + ", needs regions of " + (need >> 20) + "m, beyond the " + (limit >> 20)
                    + "m this JDK allows" + later + ": allocate smaller buffers (chunked or pooled)",
                    biggest + ", needs " + (need >> 20) + "m regions, beyond the " + (limit >> 20) + "m allowed"
                            + later + ": allocate smaller buffers");
        }
    }

    /** "2 MB", "512 KB". */
    private static String sizeText(long bytes) {
        if (bytes >= 1 << 20 && bytes % (1 << 20) != 0) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1 << 20));
        }
        return bytes >= 1 << 20 ? (bytes >> 20) + " MB" : (bytes >> 10) + " KB";
    }
}
