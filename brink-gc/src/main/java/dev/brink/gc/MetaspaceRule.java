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

    static void check(GcFacts f) {
        int ooms = f.metaspaceOoms.size();
        int stuck = (int) f.events.stream().filter(MetaspaceRule::lastAttemptFailed).count();
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
