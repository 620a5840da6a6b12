package dev.brink.jfr;

import dev.brink.core.detail.ExceptionSource;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;

/**
 * Exceptions over a window: how many throwables the JVM created (jdk.ExceptionStatistics, on in every JFR setting),
 * and which type the application's code throws where — from the most complete source the recording has:
 * <ol>
 *   <li>jdk.JavaExceptionThrow: an event per throwable built (in {@code Throwable}'s constructor), errors included.
 *   Off in JDK 17's "default" and "profile" settings (an event per throw is too costly for an application that throws
 *   a lot); on in JDK 25's, throttled to 100 (default) or 300 (profile) a second — a sample of every throwable, which
 *   names the type as well as all of them would. A source once one of them is not an Error: JDK 25 also writes one
 *   for each error where the settings turn the event off.</li>
 *   <li>jdk.JavaErrorThrow (on in every setting, unthrottled): errors only, so they speak for the window only when
 *   they are at least half of what it created (an error storm).</li>
 *   <li>Samples that caught a throwable: execution samples taken while one was being built (its constructor chain
 *   NumberFormatException.&lt;init&gt; … Throwable.&lt;init&gt; on the stack: the outermost constructor is the type,
 *   the first application frame below it the site), and jdk.ObjectAllocationSample events (JDK 16+; on in "default"
 *   at 150 and "profile" at 300 a second on JDK 17 and 25) of a throwable — the throwable object itself (its class is
 *   the type, the frame that ran {@code new} the throwing frame) or the backtrace arrays that
 *   {@code Throwable.fillInStackTrace} allocates (the constructor chain on the stack again), by weight (bytes).
 *   Execution samples miss constructions easily: most of a throwable's cost is the stack walk, which runs inside the
 *   VM in the native {@code fillInStackTrace} where the sampler, walking Java frames at 10–20 ms intervals, sees few
 *   of them — a CI run with 657,000 NumberFormatExceptions a second had none. Allocation samples are drawn by bytes,
 *   and a thread that throws that much allocates mostly throwables and their backtraces. The two are samples of the
 *   same throwables; the one with more observations names the type.</li>
 *   <li>Else the rate alone: no type is invented.</li>
 * </ol>
 * Every source drops the errors the JVM throws and catches about itself while it links method handles
 * ({@link ThrowableTypes#jvmLinking}): they are never the application's exceptions, and without them a storm of
 * exceptions in a recording whose only throw events are errors is named by the samples. The samples inside a
 * construction, as a share of all execution samples, are the CPU the exceptions cost in Java code (the stack walk
 * runs in the VM, unsampled, so it is a floor).
 */
final class ExceptionTally {
    private static final String SEP = "\u0000";
    private final ThrowableTypes types = new ThrowableTypes();
    /** "type\0site", weight 1 each: throw events of either kind, execution samples inside a construction. */
    private final Tally exceptionEvents = new Tally();
    private final Tally errorEvents = new Tally();
    /** Per CPU-sample source: "type\0site" of the samples inside a construction (one source is reported: {@link CpuSamples#chosen}). */
    private final Map<CpuSampleSource, Tally> sampledAt = new EnumMap<>(CpuSampleSource.class);
    /** "type\0site" weighted by bytes: allocation samples of a known throwable or inside a construction. */
    private final Tally allocatedAt = new Tally();
    /**
     * Allocation samples of classes the JDK does not know, kept by "class\0site" until the end: those the recording
     * showed being constructed as throwables count then (an application's exception class allocated by its
     * {@code new} before any sample saw its constructor chain).
     */
    private final Tally allocatedUnknown = new Tally();
    /** The tables (by type, by site): from the exception events, or the error events when they are all errors. */
    private final Tally exceptionTypes = new Tally();
    private final Tally exceptionSites = new Tally();
    private final Tally errorTypes = new Tally();
    private final Tally errorSites = new Tally();
    /**
     * The JVM's linkage errors by the millisecond they were built, from the error events and from the exception events
     * apart: JDK 25 writes both for one error, so the distinct errors are the larger of the two.
     */
    private final NavigableMap<Long, Long> linkageByErrorEvents = new TreeMap<>();
    private final NavigableMap<Long, Long> linkageByExceptionEvents = new TreeMap<>();
    /**
     * jdk.JavaExceptionThrow events of a throwable that is not an Error. JDK 25 writes one such event for each error
     * even when the settings turn that event off (ThrowableTracer.traceError asks only the throttle), so exception
     * events that are all errors do not show that every throwable was recorded: they say no more than the error events.
     */
    private long exceptionsNotErrors;
    private long first = -1;
    private long last = -1;
    private Instant firstAt;
    private Instant lastAt;

    /** A throw event ({@code error}: jdk.JavaErrorThrow, else jdk.JavaExceptionThrow). */
    void thrown(RecordedEvent e, StackView stack, boolean error) {
        RecordedClass c = e.getClass("thrownClass");
        String cls = c == null ? "(unknown)" : c.getName();
        stack.read(e.getStackTrace(), true);
        if (types.jvmLinking(cls, e.getStackTrace() == null ? null : stack.top)) {
            (error ? linkageByErrorEvents : linkageByExceptionEvents).merge(e.getStartTime().toEpochMilli(), 1L, Long::sum);
            return;
        }
        types.constructed(cls);
        if (!error && !types.error(cls)) {
            exceptionsNotErrors++;
        }
        (error ? errorTypes : exceptionTypes).add(cls, 1, null);
        (error ? errorSites : exceptionSites).add(stack.top, 1, cls);
        (error ? errorEvents : exceptionEvents).add(cls + SEP + AllocationSites.key(stack), 1, null);
    }

    /** A CPU sample of {@code source} already read into {@code stack}: counted when a throwable was being constructed. */
    void sample(StackView stack, CpuSampleSource source) {
        Construction c = Construction.of(stack, types);
        if (c == null) {
            return;
        }
        types.constructed(c.type);
        if (!types.jvmLinking(c.type, c.throwingFrame)) {
            sampledAt.computeIfAbsent(source, k -> new Tally()).add(c.type + SEP + c.site, 1, null);
        }
    }

    /** A jdk.ObjectAllocationSample already read into {@code stack}, of {@code objectClass}, {@code bytes} of weight. */
    void allocation(String objectClass, long bytes, StackView stack) {
        Construction c = Construction.of(stack, types);
        if (c != null) {
            types.constructed(c.type);
            if (!types.jvmLinking(c.type, c.throwingFrame)) {
                allocatedAt.add(c.type + SEP + c.site, bytes, null); // a backtrace array, or an object the constructor made
            }
            return;
        }
        // the throwable object itself: allocated by the frame that runs `new`, before its constructor is on the stack
        String site = AllocationSites.key(stack);
        if (types.throwable(objectClass)) {
            if (!types.jvmLinking(objectClass, stack.top)) {
                allocatedAt.add(objectClass + SEP + site, bytes, null);
            }
        } else if (!types.jdkOrArray(objectClass)) {
            allocatedUnknown.add(objectClass + SEP + site, bytes, null);
        }
    }

    void statistics(RecordedEvent e) {
        long n = e.getLong("throwables");
        if (first < 0) {
            first = n;
            firstAt = e.getStartTime();
        }
        last = n;
        lastAt = e.getStartTime();
    }

    Tally byType() {
        return exceptionsNotErrors > 0 ? exceptionTypes : errorTypes;
    }

    Tally bySite() {
        return exceptionsNotErrors > 0 ? exceptionSites : errorSites;
    }

    /**
     * Throwables created between the first and last statistics in the window, less the JVM's own linkage errors
     * among them; -1 when not recorded. jdk.ExceptionStatistics counts each Error twice — Throwable's constructor and
     * Error's both count it (624 linkage errors raised the count by 1,248 on JDK 17, 650 by 1,300 on JDK 25) — so
     * twice the linkage errors built between the two statistics are taken off: a start-up that links a few hundred
     * method-handle shapes a second would otherwise read as a thousand exceptions a second.
     */
    long created() {
        if (first < 0) {
            return -1;
        }
        NavigableMap<Long, Long> linkage = linkageByErrorEvents.isEmpty() ? linkageByExceptionEvents : linkageByErrorEvents;
        long between = linkage.subMap(firstAt.toEpochMilli(), true, lastAt.toEpochMilli(), false).values().stream()
                .mapToLong(Long::longValue).sum();
        return Math.max(0, last - first - 2 * between);
    }

    /** The JVM's linkage errors in the window (the events' distinct errors). */
    private long jvmLinkage() {
        return Math.max(sum(linkageByErrorEvents), sum(linkageByExceptionEvents));
    }

    private static long sum(NavigableMap<Long, Long> m) {
        return m.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The window's summary; {@code samples} of {@code samplesSource}, the CPU tables' samples, are the denominator of the CPU share. */
    JfrReport.Exceptions summary(long samples, CpuSampleSource samplesSource) {
        Tally sampledAt = this.sampledAt.getOrDefault(samplesSource, new Tally());
        double seconds = firstAt == null || !lastAt.isAfter(firstAt) ? 0 : (lastAt.toEpochMilli() - firstAt.toEpochMilli()) / 1000.0;
        double perSec = seconds > 0 ? created() / seconds : 0;
        Tally from;
        ExceptionSource source;
        if (exceptionsNotErrors > 0) {
            from = exceptionEvents;
            source = ExceptionSource.THROW_EVENTS;
        } else if (errorEvents.totalCount() > 0 && (first < 0 || 2 * errorEvents.totalCount() >= 0.5 * created())) {
            // an error storm: counted twice by the statistics, the errors are at least half of what was created
            from = errorEvents;
            source = ExceptionSource.THROW_EVENTS;
        } else {
            Tally allocated = allocatedThrowables();
            boolean allocations = allocated.totalCount() > sampledAt.totalCount();
            from = allocations ? allocated : sampledAt;
            source = from.totalCount() == 0 ? ExceptionSource.STATISTICS
                    : allocations ? ExceptionSource.ALLOCATION_SAMPLES : ExceptionSource.EXECUTION_SAMPLES;
        }
        String type = null;
        String site = null;
        double share = 0;
        if (from.totalCount() > 0) {
            Ranked top = from.top(1).get(0);
            String[] k = top.key().split(SEP, 2);
            type = k[0];
            site = k[1];
            share = top.weight() / from.totalWeight();
        }
        double cpu = samples > 0 ? (double) sampledAt.totalCount() / samples : 0;
        return new JfrReport.Exceptions(created(), perSec, type, site, share, cpu, source, jvmLinkage());
    }

    /** The allocation samples of throwables, with those of application classes the recording showed being built. */
    private Tally allocatedThrowables() {
        Tally all = new Tally();
        for (Tally t : java.util.List.of(allocatedAt, allocatedUnknown)) {
            for (Ranked r : t.top(Integer.MAX_VALUE)) {
                if (t == allocatedAt || types.throwable(r.key().substring(0, r.key().indexOf(SEP)))) {
                    all.add(r.key(), r.count(), r.weight());
                }
            }
        }
        return all;
    }

    /**
     * A throwable being constructed, read from a stack: the type (the outermost constructor of the chain that ends
     * in {@code Throwable}'s), the throwing frame (the first frame below the chain) and the site (the first
     * application frame below it, else the throwing frame in parentheses).
     */
    private record Construction(String type, String throwingFrame, String site) {
        static Construction of(StackView stack, ThrowableTypes types) {
            String type = null;
            String throwing = null;
            boolean inThrowable = false;
            for (RecordedFrame f : stack.frames) {
                String n = stack.name(f);
                if (throwing == null) {
                    if (n.startsWith("java.lang.Throwable.")) {
                        inThrowable = true;
                        type = n.endsWith(".<init>") ? "java.lang.Throwable" : type;
                    } else if (inThrowable && n.endsWith(".<init>") && subclassConstructor(n, types)) {
                        type = n.substring(0, n.length() - ".<init>".length());
                    } else if (inThrowable) {
                        if (type == null) {
                            return null; // Throwable's other methods (getStackTrace, printStackTrace): no construction
                        }
                        throwing = n; // past the constructor chain: the outermost constructor was the thrown type's
                    }
                }
                if (throwing != null && stack.application(f)) {
                    return new Construction(type, throwing, n); // the first application frame below the chain threw it
                }
            }
            if (type != null && throwing != null && stack.lambdaOnly) {
                return new Construction(type, throwing, stack.appFrame); // thrown in a pool's task: the application's lambda
            }
            return type == null ? null : new Construction(type, throwing, "(" + (throwing != null ? throwing : stack.top) + ")");
        }

        /**
         * A constructor below Throwable's continues the chain when its class can be a throwable: a JDK class that is
         * one, or an application class (it may be; a sample cannot say). {@code new BigDecimal("n/a")} builds its
         * NumberFormatException inside BigDecimal's constructor, which is the throwing frame, not the type.
         */
        private static boolean subclassConstructor(String frame, ThrowableTypes types) {
            String cls = frame.substring(0, frame.length() - ".<init>".length());
            return types.throwable(cls) || !types.jdkOrArray(cls);
        }
    }
}
