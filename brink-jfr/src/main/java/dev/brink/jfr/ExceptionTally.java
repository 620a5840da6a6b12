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
    /** Which constructors create which objects: where an application's constructor throws rather than extends. */
    private final Creators creators = new Creators();
    private long first = -1;
    private long last = -1;
    private Instant firstAt;
    private Instant lastAt;

    /** A throw event ({@code error}: jdk.JavaErrorThrow, else jdk.JavaExceptionThrow). */
    void thrown(RecordedEvent e, StackView stack, boolean error) {
        RecordedClass c = e.getClass("thrownClass");
        String cls = c == null ? "(unknown)" : c.getName();
        stack.readPastConstructorOf(e.getStackTrace(), cls);
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
        if (!types.jvmLinking(c.base, c.throwingFrame)) {
            sampledAt.computeIfAbsent(source, k -> new Tally()).add(c.key(), 1, null);
        }
    }

    /** A jdk.ObjectAllocationSample already read into {@code stack}, of {@code objectClass}, {@code bytes} of weight. */
    void allocation(String objectClass, long bytes, StackView stack) {
        Construction c = Construction.of(stack, types);
        if (c != null) {
            if (!types.jvmLinking(c.base, c.throwingFrame)) {
                allocatedAt.add(c.key(), bytes, null); // a backtrace array, or an object the constructor made
            }
            return;
        }
        // the throwable object itself: allocated by the frame that runs `new`, before its constructor is on the stack
        creators.saw(objectClass, stack);
        String site = AllocationSites.key(stack);
        if (types.throwable(objectClass)) {
            if (!types.jvmLinking(objectClass, stack.top)) {
                allocatedAt.add(Construction.known(objectClass, site), bytes, null);
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
            Tally sampled = resolved(sampledAt);
            Tally allocated = allocatedThrowables(resolved(allocatedAt));
            boolean allocations = allocated.totalCount() > sampled.totalCount();
            from = allocations ? allocated : sampled;
            source = from.totalCount() == 0 ? ExceptionSource.STATISTICS
                    : allocations ? ExceptionSource.ALLOCATION_SAMPLES
                    : samplesSource == CpuSampleSource.CPU_TIME_SAMPLE ? ExceptionSource.CPU_TIME_SAMPLES : ExceptionSource.EXECUTION_SAMPLES;
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

    /**
     * {@code constructions} ("type\0site" by {@link Construction#key}) with each chain cut where the recording showed
     * an application's constructor creating, not extending, the throwable ({@link Creators}); the types it leaves are
     * the recording's throwables from then on.
     */
    private Tally resolved(Tally constructions) {
        Tally out = new Tally();
        for (Ranked r : constructions.top(Integer.MAX_VALUE)) {
            String typeAndSite = Construction.resolve(r.key(), creators);
            types.constructed(typeAndSite.substring(0, typeAndSite.indexOf(SEP)));
            out.add(typeAndSite, r.count(), r.weight());
        }
        return out;
    }

    /** The allocation samples of throwables, with those of application classes the recording showed being built. */
    private Tally allocatedThrowables(Tally allocatedResolved) {
        Tally all = new Tally();
        for (Tally t : java.util.List.of(allocatedResolved, allocatedUnknown)) {
            for (Ranked r : t.top(Integer.MAX_VALUE)) {
                if (t == allocatedResolved || types.throwable(r.key().substring(0, r.key().indexOf(SEP)))) {
                    all.add(r.key(), r.count(), r.weight());
                }
            }
        }
        return all;
    }

    /**
     * A throwable being constructed, read from a stack: its constructor chain ends in {@code Throwable}'s; the JDK's
     * part of it names a type for certain ({@code base}, the outermost JDK constructor), and the application's
     * constructors below that ({@code chain}, innermost first) may extend it or may be code that threw it: a sample
     * cannot tell {@code class InvalidAmount extends RuntimeException}'s constructor calling {@code super(…)} from
     * {@code Amount}'s constructor running {@code throw new InvalidAmount(…)}; both put one constructor below the
     * other. The chain is therefore kept whole and cut when the summary is made ({@link #resolve}), once the
     * recording has said which constructors create which objects. {@code throwingFrame} and {@code site} are those of
     * the whole chain: the first frame below it, and the first application frame from there (else the throwing frame
     * in parentheses).
     */
    private record Construction(String base, java.util.List<String> chain, String throwingFrame, String site) {
        /** Between the parts of a key: no class or method name holds it. */
        private static final String PART = "\u0001";

        static Construction of(StackView stack, ThrowableTypes types) {
            String base = null;
            java.util.List<String> chain = new java.util.ArrayList<>();
            String throwing = null;
            boolean inThrowable = false;
            for (RecordedFrame f : stack.frames) {
                String n = stack.name(f);
                if (throwing == null) {
                    if (n.startsWith("java.lang.Throwable.")) {
                        inThrowable = true;
                        base = n.endsWith(".<init>") ? "java.lang.Throwable" : base;
                    } else if (inThrowable && base != null && n.endsWith(".<init>") && chain.isEmpty()
                            && jdkThrowable(n.substring(0, n.length() - ".<init>".length()), types)) {
                        base = n.substring(0, n.length() - ".<init>".length()); // the JDK's own subclasses
                    } else if (inThrowable && base != null && n.endsWith(".<init>") && subclassConstructor(n, types)) {
                        chain.add(n.substring(0, n.length() - ".<init>".length()));
                    } else if (inThrowable) {
                        if (base == null) {
                            return null; // Throwable's other methods (getStackTrace, printStackTrace): no construction
                        }
                        throwing = n; // past the constructor chain
                    }
                }
                if (throwing != null && stack.application(f)) {
                    return new Construction(base, chain, throwing, n); // the first application frame below the chain threw it
                }
            }
            if (base != null && throwing != null && stack.lambdaOnly) {
                return new Construction(base, chain, throwing, stack.appFrame); // thrown in a pool's task: the application's lambda
            }
            return base == null ? null : new Construction(base, chain, throwing, "(" + (throwing != null ? throwing : stack.top) + ")");
        }

        /**
         * A constructor below the JDK's chain continues it when its class can be a throwable: an application class (it
         * may be; a sample cannot say). {@code new BigDecimal("n/a")} builds its NumberFormatException inside
         * BigDecimal's constructor, a JDK class that is no throwable: the throwing frame, not the type.
         */
        private static boolean subclassConstructor(String frame, ThrowableTypes types) {
            String cls = frame.substring(0, frame.length() - ".<init>".length());
            return types.throwable(cls) || !types.jdkOrArray(cls);
        }

        private static boolean jdkThrowable(String cls, ThrowableTypes types) {
            return types.jdkOrArray(cls) && types.throwable(cls);
        }

        /** The key a tally keeps until {@link #resolve}. */
        String key() {
            return base + PART + String.join(PART, chain) + SEP + throwingFrame + SEP + site;
        }

        /** The key of a throwable whose type is known (an allocation sample of the object itself). */
        static String known(String type, String site) {
            return type + PART + SEP + type + SEP + site;
        }

        /**
         * "type\0site" of a {@link #key}: the chain continues through each application constructor unless the
         * recording saw that constructor create an object of the type reached so far — then it threw it, the type is
         * that one and the site is that constructor. Without such evidence (no allocation samples of the throwables
         * themselves) the whole chain stands, as before: an application constructor is taken for a subclass's.
         */
        static String resolve(String key, Creators creators) {
            String[] k = key.split(SEP, 3);
            String[] parts = k[0].split(PART, -1);
            String type = parts[0];
            for (int i = 1; i < parts.length; i++) {
                if (parts[i].isEmpty()) {
                    continue;
                }
                if (creators.created(parts[i], type)) {
                    return type + SEP + parts[i] + ".<init>";
                }
                type = parts[i];
            }
            return type + SEP + k[2];
        }
    }

    /**
     * Which application constructors create which objects, from allocation samples of an object whose stack's top
     * frame is another class's constructor: {@code new InvalidAmount(…)} run by {@code Amount.<init>} allocates an
     * InvalidAmount there, while a subclass's constructor never allocates its superclass — its {@code super(…)} call
     * initialises the object the caller's {@code new} allocated. Only objects that may be throwables (the JDK's
     * throwables, the application's classes) are kept, the first {@value #MAX} pairs.
     */
    private final class Creators {
        static final int MAX = 16384;
        private final java.util.Set<String> pairs = new java.util.HashSet<>();

        void saw(String objectClass, StackView stack) {
            if (stack.frames.isEmpty() || pairs.size() >= MAX || types.jdkOrArray(objectClass) && !types.throwable(objectClass)) {
                return;
            }
            String top = stack.name(stack.frames.get(0));
            if (top.endsWith(".<init>")) {
                String creator = top.substring(0, top.length() - ".<init>".length());
                if (!creator.equals(objectClass)) {
                    pairs.add(creator + SEP + objectClass);
                }
            }
        }

        boolean created(String creator, String objectClass) {
            return pairs.contains(creator + SEP + objectClass);
        }
    }
}
