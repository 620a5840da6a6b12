package dev.brink.gc;

import dev.brink.core.FindingKind;
import dev.brink.core.GcCauseKind;
import dev.brink.core.Severity;
import dev.brink.core.Sizes;
import dev.brink.core.detail.MetaspaceDetail;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
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
 * after start-up in a log that does not say the metaspace's size, and for a metaspace that keeps growing with no
 * limit to stop it ({@link #leak}: threshold collections at an ever higher mark that unload nothing). Classes that
 * keep being loaded and never unloaded are a class-loader leak (a registry, a thread or a ThreadLocal holding a loader) far more often than a metaspace
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
     * metaspace row comes before its unloading, so neither shows it in the collection's own sizes ({@link
     * #unloadedOften} reads G1's from the rows after).
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
     * churn's level makes the collections rarer. Neither a leak (the classes are unloaded) nor a heap matter. Where a
     * threshold collection does not show its unloading in its own sizes: {@link #unloadedOften} (G1) and {@link
     * #emptiedEachTime} (ZGC on JDK 17). Not seen: generational ZGC (JDK 21+), whose major collections unloaded next
     * to none of ReportTemplates' hidden classes on JDK 25 (1 → 46 MB in 19 s, then one fall to 20 MB).
     */
    private static boolean churn(GcFacts f) {
        int worst = f.worstWindow(MetaspaceRule::unloadedMost);
        if (worst < AT_LIMIT) {
            return unloadedOften(f) || emptiedEachTime(f);
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
        addChurn(f, worst, left, peak, String.format(Locale.ROOT,
                "Class churn: %d Metadata GC Threshold collections (%d within 60 s%s) each unloaded most of the metaspace"
                        + " (up to %s, down to %s): cache the generated classes", count, worst,
                fulls > 0 ? ", " + fulls + " of them full GCs" : "", Sizes.mb(peak), Sizes.mb(left)));
        return true;
    }

    /** A fall of the metaspace between two logged rows by this share of it or more: a cycle unloaded classes in bulk. */
    static final double CHURN_DROP = 0.2;

    /**
     * Class churn on a collector whose threshold collection does not unload in itself. G1's is the young pause that
     * starts a concurrent cycle ("Concurrent Start"); the classes go at that cycle's remark, which logs no metaspace, and
     * heap-driven cycles unload churned classes too. So no collection's own sizes show the unloading, only the fall of
     * the metaspace from one logged row to the next (-Xlog:gc* logs a "Metaspace:" row with every pause). An application
     * whose classes live as long as it does unloads next to nothing (a few reflection accessors and lambda forms), and
     * between unloading cycles the rows only rise as classes load. A fall by {@link #CHURN_DROP} of the metaspace or more
     * says a fifth of all class metadata had died since the last cycle. So: within 60 s, {@link #AT_LIMIT} or more
     * threshold collections and {@link #AT_LIMIT} or more such falls. Each collection is not asked to unload most, as
     * on Serial and Parallel: a G1 remark left 40-80 % of the churned classes to a later cycle on JDK 17 and 25
     * (ReportTemplates, -XX:MetaspaceSize=4m: 11 MB falling to 6-7 MB, where a full GC leaves 1 MB).
     */
    private static boolean unloadedOften(GcFacts f) {
        int thresholds = f.worstWindow(e -> ForeignCollections.METADATA_THRESHOLD.equals(e.cause()));
        if (thresholds < AT_LIMIT) {
            return false;
        }
        // every metaspace row in order, "before" then "after"; the events after which the metaspace fell in bulk
        Map<GcEvent, Boolean> fell = new IdentityHashMap<>();
        long prev = -1;
        long peak = -1;
        long low = Long.MAX_VALUE;
        long unloaded = 0;
        for (GcEvent e : f.events) {
            for (long m : new long[] {e.metaspaceBefore(), e.metaspaceAfter()}) {
                if (m < 0) {
                    continue;
                }
                // a row of "0M" after another (JDK 17's ZGC prints whole MB) is no fall
                if (prev > 0 && m < prev && m <= (1 - CHURN_DROP) * prev) {
                    fell.put(e, true);
                    unloaded += prev - m;
                }
                prev = m;
                peak = Math.max(peak, m);
                low = Math.min(low, m);
            }
        }
        int falls = f.worstWindow(fell::containsKey);
        if (falls < AT_LIMIT) {
            return false;
        }
        addChurn(f, thresholds, low, peak, String.format(Locale.ROOT,
                "Class churn: %d Metadata GC Threshold collections within 60 s, and the metaspace fell by a fifth or more %d"
                        + " times (up to %s, down to %s; %s unloaded in all): cache the generated classes", thresholds,
                fell.size(), Sizes.mb(peak), Sizes.mb(low), Sizes.mb(unloaded)));
        return true;
    }

    /** How much the level left by threshold cycles may differ and still be the same level: ZGC prints whole MB. */
    static final long SAME_LEVEL = 1L << 20;

    /**
     * Class churn on a collector that logs only what its cycle left: JDK 17's ZGC prints one "Metaspace: 0M used" row
     * per cycle, after the cycle unloaded, never the level the threshold was reached at. A "Metadata GC Threshold"
     * cycle starts only when the committed metaspace has grown to the high-water mark, which the last cycle set at
     * -XX:MetaspaceSize or above and at 1.67 times what it left committed or above (MinMetaspaceFreeRatio). So threshold
     * cycles that each leave the metaspace at the same level mean the JVM loaded up to the mark and unloaded all of it
     * again, over and over: churn. A leak leaves each one higher (at least to the last mark), a service that has booted
     * has none, and one at its -XX:MaxMetaspaceSize also runs "Clear Soft References" cycles, which the critical
     * finding reads first. So: {@link #AT_LIMIT} or more such cycles within 60 s at the lowest level left, give or take
     * {@link #SAME_LEVEL}.
     */
    private static boolean emptiedEachTime(GcFacts f) {
        List<GcEvent> cycles = f.events.stream().filter(e -> ForeignCollections.METADATA_THRESHOLD.equals(e.cause())
                && e.kind() == GcKind.CONCURRENT && e.metaspaceAfter() >= 0 && e.metaspaceBefore() == e.metaspaceAfter()).toList();
        if (cycles.size() < AT_LIMIT) {
            return false;
        }
        long base = cycles.stream().mapToLong(GcEvent::metaspaceAfter).min().orElse(0);
        Map<GcEvent, Boolean> same = new IdentityHashMap<>();
        cycles.stream().filter(e -> e.metaspaceAfter() <= base + SAME_LEVEL).forEach(e -> same.put(e, true));
        int worst = f.worstWindow(same::containsKey);
        if (worst < AT_LIMIT) {
            return false;
        }
        addChurn(f, worst, base, null, String.format(Locale.ROOT,
                "Class churn: %d Metadata GC Threshold cycles (%d within 60 s) each left the metaspace at %s or under:"
                        + " it was filled to its high-water mark and emptied again each time; cache the generated classes",
                same.size(), worst, Sizes.mb(base + SAME_LEVEL)));
        return true;
    }

    /**
     * The class-churn warning, as each collector's form of it says it: the metaspace's lowest level and, where the log
     * shows it, its peak, which the advice names as the -XX:MetaspaceSize to pass.
     */
    private static void addChurn(GcFacts f, int worst, long low, Long peak, String title) {
        String advice = "classes are defined and dropped continuously (class churn): cache what generates them — a"
                + " java.lang.reflect.Proxy or hidden class per call, a script or template compiled per use, CGLIB/ByteBuddy"
                + " proxies built per request — or raise -XX:MetaspaceSize" + (peak != null ? " above " + Sizes.mb(peak) : "")
                + " so the threshold is reached less often. The classes are unloaded, so this is no class-loader leak; the"
                + " heap's size (-Xmx) is not the question";
        MetaspaceDetail d = MetaspaceDetail.fromLog((int) f.events.stream().filter(MetaspaceRule::metadata).count(), worst,
                low, peak, f.settings.maxMetaspace() > 0 ? f.settings.maxMetaspace() : null, 0, advice, null);
        f.add(FindingKind.METASPACE, Severity.WARNING, title, d);
    }

    /** Threshold collections in a row, each at a raised mark and unloading little, that make a class-loader leak. */
    static final int LEAK_CHAIN = 3;
    /**
     * How much higher each threshold collection of the chain must find the metaspace than the last. HotSpot sets the
     * next mark so that MinMetaspaceFreeRatio (40 %) of what is committed is free, about 1.67 times the committed
     * metaspace: a metaspace that keeps what it loads reaches each new mark that much fuller. 1.2 leaves room for the
     * commit granules and for a little unloading.
     */
    static final double RAISED = 1.2;
    /** Loading after the chain's last collection at under this share of the chain's own rate: it stopped (a boot). */
    static final double STILL_LOADING = 0.5;

    /**
     * A class-loader leak while the metaspace is unbounded (no -XX:MaxMetaspaceSize, the default), long before any
     * OutOfMemoryError. HotSpot's high-water mark starts at -XX:MetaspaceSize (about 21 MB); reaching it starts a
     * "Metadata GC Threshold" collection that unloads every class whose loader is unreachable, and then
     * ({@code MetaspaceGC::compute_new_size}) raises the mark so that MinMetaspaceFreeRatio (40 %) of the committed
     * metaspace is free, or lowers it when over MaxMetaspaceFreeRatio (70 %) is. So with loaders kept, each threshold
     * collection finds the metaspace about 1.67 times fuller than the last and unloads almost nothing; with loaders
     * dropped (plugins reloaded, templates compiled per use) the same collections unload most of it and the mark
     * stays put (that is {@link #churn}).
     *
     * <p>A service's boot does the same for a while: it loads its classes once, a few threshold collections at 21, 35
     * and 58 MB for a large Spring application, and then stops. So the collections before the load began (when the
     * caller says) are left out, and the chain counts only when the loading goes on after its last collection at
     * {@link #STILL_LOADING} of the chain's rate or more: a boot's loading falls to nothing once it is up, a leak's
     * goes on at the rate of the work that creates the loaders; a log that ends at the chain's last collection does
     * not say which, and gets no finding. What the metaspace keeps is read from everything
     * logged after a collection up to the log's end (G1 unloads at the remark after its threshold young pause, which
     * logs no metaspace; the next pause shows what is left). Not seen here: collectors whose own cycles move the
     * mark before the metaspace reaches it (ZGC's every cycle unloads and resizes, so a ZGC heap busy enough has no
     * threshold collection at all).
     */
    private static boolean leak(GcFacts f) {
        List<GcEvent> ev = f.events;
        int n = ev.size();
        // the least metaspace logged from each event on: what was never unloaded afterwards
        long[] kept = new long[n + 1];
        kept[n] = Long.MAX_VALUE;
        int lastSample = -1;
        for (int i = n - 1; i >= 0; i--) {
            GcEvent e = ev.get(i);
            long m = kept[i + 1];
            if (e.metaspaceAfter() >= 0) {
                m = Math.min(m, e.metaspaceAfter());
                lastSample = lastSample < 0 ? i : lastSample;
            }
            if (e.metaspaceBefore() >= 0) {
                m = Math.min(m, e.metaspaceBefore());
            }
            kept[i] = m;
        }
        List<Integer> chain = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            GcEvent e = ev.get(i);
            if (!ForeignCollections.METADATA_THRESHOLD.equals(e.cause()) || e.metaspaceBefore() <= 0
                    || f.loadStartEpochMs > 0 && e.epochMs() > 0 && e.epochMs() < f.loadStartEpochMs) {
                continue;
            }
            long level = e.metaspaceBefore();
            long left = Math.min(e.metaspaceAfter() >= 0 ? e.metaspaceAfter() : level, kept[i + 1]);
            boolean little = left >= (1 - FREED_LITTLE) * level;
            boolean raised = !chain.isEmpty() && level >= RAISED * ev.get(chain.get(chain.size() - 1)).metaspaceBefore();
            if (!little) {
                chain.clear();
            } else if (raised || chain.isEmpty()) {
                chain.add(i);
            } else {
                // a threshold at the same level that unloaded little: the mark did not rise (MaxMetaspaceSize, or a
                // collection the JVM repeated); the chain goes on from it
                chain.set(chain.size() - 1, i);
            }
        }
        if (chain.size() < LEAK_CHAIN || lastSample < 0) {
            return false;
        }
        int first = chain.get(0);
        int last = chain.get(chain.size() - 1);
        double span = f.t[last] - f.t[first];
        double after = f.t[lastSample] - f.t[last];
        long from = ev.get(first).metaspaceBefore();
        long lastLevel = ev.get(last).metaspaceBefore();
        long end = ev.get(lastSample).metaspaceAfter();
        if (span <= 0 || after <= 0 || Double.isNaN(span) || Double.isNaN(after)) {
            return false;
        }
        double chainRate = (lastLevel - from) / span;
        double rate = (end - lastLevel) / after;
        if (rate < STILL_LOADING * chainRate) {
            return false;
        }
        double perMin = (end - from) / (f.t[lastSample] - f.t[first]) * 60;
        String advice = "classes are loaded and never unloaded: a class-loader leak. Something keeps each loader"
                + " reachable: a thread it started or whose context class loader it is, a ThreadLocal holding one of its"
                + " objects, a registry, listener list or cache keeping its classes or instances, a JDBC driver it"
                + " registered with DriverManager; `brink heap` on a heap dump names the loaders and what holds them."
                + " Without -XX:MaxMetaspaceSize (the default) nothing stops it short of the machine's memory; a limit"
                + " turns it into an OutOfMemoryError: Metaspace, and setting or raising one only changes when. The heap's"
                + " size (-Xmx) is not the question";
        MetaspaceDetail d = MetaspaceDetail.fromLog((int) ev.stream().filter(MetaspaceRule::metadata).count(),
                f.worstWindow(MetaspaceRule::metadata), from, Math.max(end, lastLevel),
                f.settings.maxMetaspace() > 0 ? f.settings.maxMetaspace() : null, 0, advice, null);
        f.add(FindingKind.METASPACE, Severity.WARNING, String.format(Locale.ROOT,
                "Metaspace keeps growing: %s → %s (%s/min); %d Metadata GC Threshold collections in a row each found it"
                        + " fuller and unloaded under %.0f%%: a class-loader leak", Sizes.mb(from), Sizes.mb(end),
                Sizes.mb((long) perMin), chain.size(), FREED_LITTLE * 100), d);
        return true;
    }

    static void check(GcFacts f) {
        int ooms = f.metaspaceOoms.size();
        int stuck = (int) f.events.stream().filter(MetaspaceRule::lastAttemptFailed).count();
        if (ooms == 0 && stuck == 0 && (churn(f) || leak(f))) {
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
