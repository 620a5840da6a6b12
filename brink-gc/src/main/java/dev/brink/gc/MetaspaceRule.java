package dev.brink.gc;

import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Severity;
import dev.brink.core.Sizes;
import dev.brink.core.detail.MetaspaceDetail;
import java.util.Locale;

/**
 * The metaspace finding: class metadata that does not fit. How HotSpot behaves:
 * <ul>
 *   <li>Metaspace grows until a high-water mark; reaching it starts a collection with the cause "Metadata GC
 *   Threshold", which unloads the classes of dead class loaders (only a full GC, a G1 remark or a ZGC/Shenandoah
 *   cycle unloads). After it the mark is raised so that MinMetaspaceFreeRatio (40 %) is free: each start-up threshold
 *   collection finds the metaspace about 1.7 times fuller than the last, so a booting service has a few and then
 *   none.</li>
 *   <li>At -XX:MaxMetaspaceSize (or a full compressed class space) the mark cannot rise: every class loaded
 *   starts another threshold collection at the same level, then "Metadata GC Clear Soft References", and when that
 *   frees nothing the JVM logs "Metaspace (data) allocation failed" and throws OutOfMemoryError: Metaspace.</li>
 * </ul>
 * So: <b>critical</b> when the log holds that OutOfMemoryError, or the JVM's last attempt before it (a "Clear Soft
 * References" collection for metadata that freed under {@link #FREED_LITTLE} of the metaspace: the classes are
 * alive, held by live loaders — what a log cut before the error, or the live observer, shows); <b>warning</b> for {@link #AT_LIMIT} metadata full GCs within a minute
 * after start-up in a log that does not say the metaspace's size. Classes that keep being loaded and never unloaded
 * are a class-loader leak (a registry, a thread or a ThreadLocal holding a loader) far more often than a metaspace
 * too small for what the application needs; either way the heap's size is not the question, and -Xmx or NewRatio
 * advice (what a heap rule would say of these full GCs) would be wrong.
 */
final class MetaspaceRule {
    static final int AT_LIMIT = 3;
    static final double FREED_LITTLE = 0.10;

    private MetaspaceRule() {
    }

    static boolean metadata(GcEvent e) {
        return GcCauseKind.of(e.cause()) == GcCauseKind.METADATA;
    }

    /** A metadata collection that could unload classes: a full GC or a concurrent collector's whole cycle. */
    private static boolean unloads(GcEvent e) {
        return metadata(e) && (e.kind() == GcKind.FULL || e.kind() == GcKind.CONCURRENT || e.kind() == GcKind.DEGENERATED);
    }

    /**
     * The JVM's last attempt before OutOfMemoryError: Metaspace — a "Metadata GC Clear Soft References" (JDK 8: "Last
     * ditch collection") that unloaded under a tenth of the metaspace. HotSpot runs it only after a "Metadata GC
     * Threshold" collection left no room for the class being loaded, and throws when it frees nothing either.
     */
    private static boolean lastAttemptFailed(GcEvent e) {
        String c = e.cause();
        return unloads(e) && (c.equals("Metadata GC Clear Soft References") || c.equals("Last ditch collection"))
                && e.metaspaceBefore() > 0 && e.metaspaceAfter() >= (1 - FREED_LITTLE) * e.metaspaceBefore();
    }

    /**
     * A "Metadata GC Threshold" collection that unloaded at least half the metaspace: class churn. At start-up such a
     * collection frees nothing (the classes are in use) and at MaxMetaspaceSize with a class-loader leak it frees little
     * ({@link #lastAttemptFailed}); freeing most of it means the classes had died since the last one — classes
     * generated for one use and dropped. Serial, Parallel and the full GCs of any collector log the metaspace before
     * and after the unloading; G1 unloads at the cycle's remark, after the young pause that logs the cause, and ZGC's
     * metaspace row comes before its unloading, so neither shows it in the collection's own sizes.
     */
    private static boolean unloadedMost(GcEvent e) {
        return ForeignCollections.METADATA_THRESHOLD.equals(e.cause()) && e.metaspaceBefore() > 0
                && e.metaspaceAfter() >= 0 && e.metaspaceAfter() <= CHURN_LEFT * e.metaspaceBefore();
    }

    /** A threshold collection that left at most this share of the metaspace unloaded most of it. */
    static final double CHURN_LEFT = 0.5;

    /**
     * Class churn: {@link #AT_LIMIT} or more threshold collections within a minute that each unloaded most of the
     * metaspace. Code that defines classes per call (a java.lang.reflect.Proxy or a hidden class per request, a script
     * or template compiled per render, CGLIB/ByteBuddy proxies built per call) fills the metaspace to its high-water
     * mark again and again; each time the JVM collects to unload them — a full GC on Serial and Parallel, a concurrent
     * cycle on the others — however empty the heap. The cure is to cache what is generated; -XX:MetaspaceSize above the
     * churn's level makes the collections rarer. Neither a leak (the classes are unloaded) nor a heap matter.
     */
    private static boolean churn(GcFacts f) {
        int worst = f.worstWindow(MetaspaceRule::unloadedMost);
        if (worst < AT_LIMIT) {
            return false;
        }
        int count = 0;
        int fulls = 0;
        long peak = -1;
        long left = Long.MAX_VALUE;
        for (GcEvent e : f.events) {
            if (unloadedMost(e)) {
                count++;
                fulls += e.kind() == GcKind.FULL ? 1 : 0;
                peak = Math.max(peak, e.metaspaceBefore());
                left = Math.min(left, e.metaspaceAfter());
            }
        }
        String advice = "classes are defined and dropped continuously (class churn): cache what generates them — a"
                + " java.lang.reflect.Proxy or hidden class per call, a script or template compiled per use, CGLIB/ByteBuddy"
                + " proxies built per request — or raise -XX:MetaspaceSize above " + Sizes.mb(peak) + " so the threshold is"
                + " reached less often. The classes are unloaded, so this is no class-loader leak; the heap's size (-Xmx) is"
                + " not the question";
        MetaspaceDetail d = MetaspaceDetail.fromLog((int) f.events.stream().filter(MetaspaceRule::metadata).count(), worst,
                left, peak, f.settings.maxMetaspace() > 0 ? f.settings.maxMetaspace() : null, 0, advice, null);
        f.add(FindingKind.METASPACE, Severity.WARNING, String.format(Locale.ROOT,
                "Class churn: %d Metadata GC Threshold collections (%d within 60 s%s) each unloaded most of the metaspace"
                        + " (up to %s, down to %s): cache the generated classes", count, worst,
                fulls > 0 ? ", " + fulls + " of them full GCs" : "", Sizes.mb(peak), Sizes.mb(left)), d);
        return true;
    }

    static void check(GcFacts f) {
        int ooms = f.metaspaceOoms.size();
        int stuck = (int) f.events.stream().filter(MetaspaceRule::lastAttemptFailed).count();
        if (ooms == 0 && stuck == 0 && churn(f)) {
            return;
        }
        boolean sized = f.events.stream().anyMatch(e -> e.metaspaceAfter() >= 0);
        // without metaspace sizes: full GCs for metadata after start-up (the start-up ones are ForeignCollections')
        int fullsAfterStartUp = sized ? 0 : f.worstWindow(e -> e.kind() == GcKind.FULL && metadata(e)
                && ForeignCollections.why(e, f.loadStartEpochMs) == null);
        if (ooms == 0 && stuck == 0 && fullsAfterStartUp < AT_LIMIT) {
            return;
        }
        // the first size known, and the highest: after an OutOfMemoryError a program may drop what it held, so the
        // last size can be back near the first
        long first = -1;
        long peak = -1;
        for (GcEvent e : f.events) {
            if (e.metaspaceAfter() >= 0) {
                first = first < 0 ? (e.metaspaceBefore() >= 0 ? e.metaspaceBefore() : e.metaspaceAfter()) : first;
                peak = Math.max(peak, Math.max(e.metaspaceBefore(), e.metaspaceAfter()));
            }
        }
        int collections = (int) f.events.stream().filter(MetaspaceRule::metadata).count();
        long max = f.settings.maxMetaspace();
        String advice = "classes are loaded and not unloaded: look for a class-loader leak (a registry, a thread or a"
                + " ThreadLocal that keeps a loader: `brink heap` on a heap dump names class-loader leaks), or, if every"
                + " class is needed, raise -XX:MaxMetaspaceSize. The heap's size (-Xmx, -XX:NewRatio) is not the question";
        MetaspaceDetail d = MetaspaceDetail.fromLog(collections, f.worstWindow(MetaspaceRule::metadata), first >= 0 ? first : null,
                first >= 0 ? peak : null, max > 0 ? max : null, ooms, advice, ooms > 0 ? f.metaspaceOoms.get(0).source() : null);
        String growth = first >= 0 ? String.format(Locale.ROOT, "; metaspace %s, up to %s", Sizes.mb(first), Sizes.mb(peak)) : "";
        String limit = max > 0 ? " of -XX:MaxMetaspaceSize " + Sizes.mb(max) : "";
        if (ooms > 0) {
            MetaspaceOom o = f.metaspaceOoms.get(0);
            f.add(FindingKind.METASPACE, Severity.CRITICAL, String.format(Locale.ROOT,
                    "OutOfMemoryError: %s (%d×): class metadata filled the space%s%s; %d collections for metadata",
                    o.space(), ooms, limit, growth, collections), d);
        } else if (stuck > 0) {
            f.add(FindingKind.METASPACE, Severity.CRITICAL, String.format(Locale.ROOT,
                    "Metaspace full: the JVM's last collection before OutOfMemoryError: Metaspace (Clear Soft References)"
                            + " unloaded under %.0f%% of it%s%s; the classes are still referenced", FREED_LITTLE * 100,
                    limit, growth), d);
        } else {
            f.add(FindingKind.METASPACE, Severity.WARNING, String.format(Locale.ROOT,
                    "%d full GCs for class metadata within 60 s after start-up (Metadata GC Threshold): classes keep"
                            + " being loaded", fullsAfterStartUp), d);
        }
    }
}
