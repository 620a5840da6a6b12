package dev.brink.jfr;

import dev.brink.core.AppPackages;
import dev.brink.core.LibraryFamily;
import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.detail.LockWait;
import dev.brink.core.evidence.GcFailure;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JFR analysis: a recording in, a {@link JfrReport} out. Hot methods (top frame and first application frame,
 * self and total share of execution samples, native samples apart), allocation by class and by site, lock
 * contention by class and site (monitors with the previous owner, and java.util.concurrent locks from the parks in
 * their acquire: {@link LockParks}), park and sleep sites, class loading rate and class-loader
 * lock waits, exceptions by type and site, GC pauses and heap after GC (through brink-gc), CPU load, socket I/O by
 * remote address, and findings from them ({@link JfrFindings}).
 *
 * <p>One streaming pass with {@link RecordingFile#readEvent()}: memory grows with the distinct methods, classes
 * and sites (tallies), never with the events. Chunk headers are checked first ({@link JfrFileCheck}) so a bad file
 * is one line with its byte offset. Not thread-safe; one analyser per pass.
 */
public final class JfrAnalyzer {
    static final int TOP = 20;

    private final Path file;
    private final AppPackages app;
    private final MethodNames names = new MethodNames();
    private final StackView stack;
    /** The CPU samples of either source, tallied apart until the report picks one ({@link CpuSamples#chosen}). */
    private final CpuSamples execution = new CpuSamples(CpuSampleSource.EXECUTION_SAMPLE);
    private final CpuSamples cpuTime = new CpuSamples(CpuSampleSource.CPU_TIME_SAMPLE);
    private final Tally natives = new Tally();
    private final AllocationSites sampledAllocations = new AllocationSites();
    private final AllocationSites tlabAllocations = new AllocationSites();
    private final LockWaits monitors = new LockWaits(LockWait.ENTER);
    private final LockWaits lockParks = new LockWaits(LockWait.PARK);
    private final Tally parks = new Tally();
    private final Tally sleeps = new Tally();
    private final Tally defines = new Tally();
    private final ExceptionTally exceptions = new ExceptionTally();
    private final Tally reads = new Tally();
    private final Tally writes = new Tally();
    private final JfrGc gc = new JfrGc();
    /** Started by a launcher whose application class could not be read: the packages the frames say; else null. */
    private final InferredPackages inferred;
    /** Hardware threads of the machine (jdk.CPUInformation), 0 when not recorded: jdk.CPULoad is a share of them. */
    private int hwThreads;
    private long events;
    private long loadedFirst = -1;
    private long loadedLast = -1;
    private Instant loadedFirstAt;
    private Instant loadedLastAt;
    private long cpuSamples;
    private double jvmSum;
    private double jvmMax;
    private double machineSum;
    private double machineMax;
    private String jvm = "";
    private Instant first;
    private Instant last;

    private JfrAnalyzer(Path file, AppPackages app, boolean inferPackages) {
        this.file = file;
        this.app = app;
        this.inferred = inferPackages ? new InferredPackages() : null;
        this.stack = new StackView(names, app);
    }

    /**
     * Reads {@code file} once and analyses the events {@code filter} keeps; the application's packages are those of
     * the recorded JVM's main class ({@link JfrAppPackages}).
     *
     * @throws BrinkUserException the file is missing, not JFR, truncated or corrupt (one line with the byte offset)
     */
    public static JfrReport analyze(Path file, JfrFilter filter) throws BrinkUserException {
        return analyze(file, filter, AppPackages.UNKNOWN);
    }

    /**
     * As {@link #analyze(Path, JfrFilter)} with the application's packages given ({@link AppPackages#declared}, the
     * user's {@code --app-package}); {@link AppPackages#UNKNOWN} reads them from the recording.
     */
    public static JfrReport analyze(Path file, JfrFilter filter, AppPackages packages) throws BrinkUserException {
        Gunzipped g = Gunzipped.of(file);
        try (g) {
            return analyze(file, g.path(), filter, packages);
        } catch (BrinkUserException e) {
            throw g.named(e);
        }
    }

    /** Analyses {@code read}, the recording as the parser reads it (gunzipped), reporting it as the user's {@code file}. */
    private static JfrReport analyze(Path file, Path read, JfrFilter filter, AppPackages packages) throws BrinkUserException {
        List<JfrFileCheck.Chunk> chunks = JfrFileCheck.chunks(read);
        JfrFilter f = filter.resolve(Instant.ofEpochSecond(0, chunks.get(0).startNanos()));
        if (f.from() != null && f.to() != null && !f.from().isBefore(f.to())) {
            throw new BrinkUserException("an empty time window: it starts at " + f.from() + " (--from) and ends at " + f.to()
                    + " (--to); expected --from before --to");
        }
        JfrAppPackages.Detected d = packages == AppPackages.UNKNOWN ? JfrAppPackages.detect(read, file)
                : new JfrAppPackages.Detected(packages, false);
        JfrAnalyzer a = new JfrAnalyzer(file, d.packages(), d.launcher());
        ReadPosition at = new ReadPosition();
        try (RecordingFile rf = new RecordingFile(read)) {
            at.open();
            while (rf.hasMoreEvents()) {
                at.reading();
                RecordedEvent e = rf.readEvent();
                at.returned();
                a.accept(e, f);
            }
        } catch (IOException | RuntimeException | StackOverflowError | InternalError | OutOfMemoryError e) {
            // the JDK's parser throws whatever its reading hits on corrupt bytes: say where, in the user's terms
            throw JfrFileCheck.damaged(read, chunks, at);
        }
        return a.report(chunks.size());
    }

    private void accept(RecordedEvent e, JfrFilter f) {
        String type = EventTypes.name(e);
        if (type.equals("jdk.JVMInformation")) {
            gc.jvmInformation(e); // the JVM's start dates a window's collections in any window
        }
        if (!f.inWindow(e.getStartTime())) {
            return;
        }
        // jdk.CPUTimeSample names its thread eventThread, as other events do
        boolean sample = type.equals("jdk.ExecutionSample") || type.equals("jdk.NativeMethodSample");
        String threadField = sample ? "sampledThread" : "eventThread";
        // JVM-wide events (GC, CPU load, class counts) have no thread: they stay as the context of any thread's view
        if (f.thread() != null && e.hasField(threadField) && !f.threadAccepted(threadName(e, threadField))) {
            return;
        }
        events++;
        if (first == null || e.getStartTime().isBefore(first)) {
            first = e.getStartTime();
        }
        if (last == null || e.getEndTime().isAfter(last)) {
            last = e.getEndTime();
        }
        switch (type) {
            case "jdk.ExecutionSample" -> cpuSample(execution, e, e.getStackTrace(), "sampledThread", 0);
            case "jdk.CPUTimeSample" -> cpuSample(cpuTime, e, e.getBoolean("failed") ? null : e.getStackTrace(), "eventThread",
                    e.getDuration("samplingPeriod").toNanos() / 1e9);
            case "jdk.CPUTimeSamplesLost" -> cpuTime.lost += e.getInt("lostSamples");
            case "jdk.CPUInformation" -> hwThreads = Math.max(hwThreads, e.getInt("hwThreads"));
            case "jdk.NativeMethodSample" -> natives.add(stack.read(e.getStackTrace(), false).top, 1, stack.appFrame);
            case "jdk.ObjectAllocationSample" -> {
                sampledAllocations.add(e, "weight", stack);
                if (inferred != null) {
                    inferred.frame(stack.appFrame);
                }
                RecordedClass c = e.getClass("objectClass");
                exceptions.allocation(c == null ? "(unknown)" : c.getName(), e.getLong("weight"), stack);
            }
            case "jdk.ObjectAllocationInNewTLAB" -> tlabAllocations.add(e, "tlabSize", stack);
            case "jdk.ObjectAllocationOutsideTLAB" -> {
                tlabAllocations.add(e, "allocationSize", stack);
                gc.humongous.allocation(e, stack);
            }
            case "jdk.JavaMonitorEnter" -> monitorEnter(e);
            case "jdk.ThreadPark" -> park(e);
            case "jdk.ThreadSleep" -> sleeps.add(siteOutside(e, "java.lang.Thread.", "java.lang.VirtualThread."), ms(e), null);
            case "jdk.ClassLoadingStatistics" -> classLoading(e);
            case "jdk.ClassDefine" -> defines.add(loaderName(e.getValue("definingClassLoader")), 1, null);
            case "jdk.JavaExceptionThrow" -> exceptions.thrown(e, stack, false);
            case "jdk.JavaErrorThrow" -> exceptions.thrown(e, stack, true);
            case "jdk.ExceptionStatistics" -> exceptions.statistics(e);
            case "jdk.GarbageCollection" -> gc.collection(e);
            case "jdk.GCHeapSummary" -> gc.heapSummary(e);
            case "jdk.G1GarbageCollection" -> gc.g1Collection(e);
            case "jdk.ZAllocationStall" -> gc.stall(e);
            case "jdk.EvacuationFailed" -> gc.failure(e, GcFailure.EVACUATION_FAILED);
            case "jdk.PromotionFailed" -> gc.failure(e, GcFailure.PROMOTION_FAILED);
            case "jdk.ConcurrentModeFailure" -> gc.failure(e, GcFailure.CONCURRENT_MODE_FAILURE);
            case "jdk.GCConfiguration" -> gc.configuration(e);
            case "jdk.SystemGC" -> gc.systemGc(e, stack);
            case "jdk.MetaspaceSummary" -> gc.metaspace.summary(e);
            case "jdk.MetaspaceOOM" -> gc.metaspace.oom(e, stack);
            case "jdk.UnsignedLongFlag" -> {
                gc.metaspace.flag(e);
                gc.humongous.flag(e);
            }
            case "jdk.ClassLoaderStatistics" -> gc.metaspace.loaderStatistics(e);
            case "jdk.CPULoad" -> cpu(e);
            case "jdk.SocketRead" -> reads.add(address(e), ms(e), null);
            case "jdk.SocketWrite" -> writes.add(address(e), ms(e), null);
            case "jdk.JVMInformation" -> jvm = jvmVersion(e.getString("jvmVersion"));
            default -> {
                // every other event type only counts towards the window
            }
        }
    }

    /** The first frame outside the mechanism ({@code prefixes}): for a park or a sleep, the code that waited. */
    private String siteOutside(RecordedEvent e, String... prefixes) {
        stack.read(e.getStackTrace(), false);
        frames:
        for (RecordedFrame fr : stack.frames) {
            String n = stack.name(fr);
            for (String p : prefixes) {
                if (n.startsWith(p)) {
                    continue frames;
                }
            }
            return n;
        }
        return stack.top;
    }

    /**
     * A CPU sample of {@code into}'s source. A CPU-time sample whose stack the sampler failed to walk ({@code failed})
     * still stands for its period of CPU: it counts, without a stack, so every share stays a share of the CPU.
     */
    private void cpuSample(CpuSamples into, RecordedEvent e, RecordedStackTrace trace, String threadField, double seconds) {
        stack.read(trace, false);
        into.add(stack, HotPaths.pool(threadName(e, threadField)), seconds);
        exceptions.sample(stack, into.source);
        if (inferred != null) {
            inferred.frame(stack.appFrame);
        }
    }

    private void monitorEnter(RecordedEvent e) {
        String cls = className(e.getClass("monitorClass"));
        stack.read(e.getStackTrace(), false);
        RecordedThread owner = e.getThread("previousOwner");
        monitors.add(cls, stack.top, ms(e), owner == null ? null : threadName(owner), stack.appFrame);
    }

    /**
     * LockSupport frames are the mechanism, not the site: the site is the caller (a queue, a pool, a latch). A park in
     * a lock's acquire is also that lock's contention ({@link LockParks}).
     */
    private void park(RecordedEvent e) {
        String site = siteOutside(e, "java.util.concurrent.locks.LockSupport.", "jdk.internal.misc.Unsafe.");
        RecordedClass parked = e.getClass("parkedClass");
        String blocker = parked == null ? null : parked.getName();
        parks.add(site, ms(e), blocker);
        if (LockParks.acquiring(blocker)) {
            lockPark(blocker, ms(e));
        }
    }

    /** A park waiting to acquire {@code lock}, whose stack {@link #siteOutside} has read. */
    private void lockPark(String lock, double ms) {
        List<String> frames = new ArrayList<>(stack.frames.size());
        for (RecordedFrame fr : stack.frames) {
            frames.add(stack.name(fr));
        }
        LockParks.Acquire a = LockParks.at(lock, frames);
        if (a != null) {
            lockParks.add(a.lockClass(), a.site(), ms, null, stack.appFrame);
        }
    }

    private void classLoading(RecordedEvent e) {
        long loaded = e.getLong("loadedClassCount");
        if (loadedFirst < 0) {
            loadedFirst = loaded;
            loadedFirstAt = e.getStartTime();
        }
        loadedLast = loaded;
        loadedLastAt = e.getStartTime();
    }

    private void cpu(RecordedEvent e) {
        double jvmLoad = e.getFloat("jvmUser") + e.getFloat("jvmSystem");
        double machine = e.getFloat("machineTotal");
        cpuSamples++;
        jvmSum += jvmLoad;
        machineSum += machine;
        jvmMax = Math.max(jvmMax, jvmLoad);
        machineMax = Math.max(machineMax, machine);
    }

    private static String address(RecordedEvent e) {
        String a = e.getString("address");
        String host = a == null || a.isEmpty() ? e.getString("host") : a;
        return host + ":" + e.getInt("port");
    }

    /** "OpenJDK 64-Bit Server VM (25.0.3+9-LTS) for linux-amd64 JRE …, built on …" without the build line. */
    private static String jvmVersion(String v) {
        if (v == null) {
            return "";
        }
        int cut = v.indexOf(" for ");
        return cut > 0 ? v.substring(0, cut) : v;
    }

    private static double ms(RecordedEvent e) {
        return e.getDuration().toNanos() / 1e6;
    }

    private static String className(RecordedClass c) {
        return c == null ? "(unknown)" : c.getName();
    }

    private static String loaderName(Object loader) {
        if (!(loader instanceof jdk.jfr.consumer.RecordedClassLoader l)) {
            return "bootstrap";
        }
        return l.getType() == null ? "bootstrap" : l.getType().getName();
    }

    private static String threadName(RecordedEvent e, String field) {
        RecordedThread t = e.getThread(field);
        return t == null ? null : threadName(t);
    }

    /**
     * A virtual thread without a name, as its events name it: Executors.newVirtualThreadPerTaskExecutor() and
     * Thread.startVirtualThread start their threads unnamed (JFR writes "" and marks the thread virtual, JDK 21+).
     */
    static final String UNNAMED_VIRTUAL = "(virtual thread)";

    private static String threadName(RecordedThread t) {
        String name = t.getJavaName() != null ? t.getJavaName() : t.getOSName();
        // read by field: the consumer API this module compiles against (JDK 17) has no isVirtual()
        if ((name == null || name.isEmpty()) && t.hasField("virtual") && t.getBoolean("virtual")) {
            return UNNAMED_VIRTUAL; // an empty name would read as a finding "of the CPU samples of  (…)"
        }
        return name;
    }

    /**
     * A class loader's lock: a non-parallel-capable loader is locked by the JVM itself around loadClass (the
     * waiter's top frame is the native Class.forName0 or a loadClass), and ClassLoader.loadClass locks
     * getClassLoadingLock(name) of a parallel-capable one. Either way the waiters queue for class loading.
     */
    static boolean classLoaderLock(String monitorClass, String site) {
        return site.startsWith("java.lang.ClassLoader.loadClass") || site.equals("java.lang.Class.forName0")
                || site.startsWith("jdk.internal.loader.") || monitorClass.endsWith("ClassLoader");
    }

    private JfrReport report(int chunkCount) throws BrinkUserException {
        double windowSec = first == null ? 0 : Math.max(1e-3, (last.toEpochMilli() - first.toEpochMilli()) / 1000.0);
        CpuSamples chosen = CpuSamples.chosen(execution, cpuTime);
        long samples = chosen.count;
        JfrReport.CpuLoad cpu = new JfrReport.CpuLoad(cpuSamples, cpuSamples == 0 ? 0 : jvmSum / cpuSamples, jvmMax,
                cpuSamples == 0 ? 0 : machineSum / cpuSamples, machineMax);
        double jvmCores = jvmCores(chosen, cpu, windowSec);
        List<JfrReport.HotPath> hotPaths = new ArrayList<>();
        for (Ranked r : chosen.paths.top(TOP)) {
            String[] k = r.key().split("\u0000", 2);
            Tally pools = chosen.pools;
            Ranked pool = chosen.pathPools.get(r.key()).top(1).get(0);
            Tally entries = chosen.pathEntries.get(r.key());
            hotPaths.add(new JfrReport.HotPath(k[0], LibraryFamily.valueOf(k[1]), r.count(), share(r.count(), samples),
                    chosen.pathTops.get(r.key()).top(1).get(0).key(), pool.key(), share(pool.count(), pools.count(pool.key())),
                    share(pools.count(pool.key()), samples), entries == null ? null : entries.top(1).get(0).key(),
                    jvmCores < 0 ? -1 : jvmCores * share(r.count(), samples)));
        }
        Map<LibraryFamily, Double> shares = new EnumMap<>(LibraryFamily.class);
        chosen.categories.forEach((c, n) -> shares.put(c, share(n, samples)));
        AllocationSites allocations = sampledAllocations.empty() ? tlabAllocations : sampledAllocations;
        Tally byClass = allocations.byClass();
        Tally bySite = allocations.bySite();
        List<JfrReport.ContentionSite> contention = new ArrayList<>(monitors.sites());
        long loaderWaits = 0;
        double loaderWaitMs = 0;
        for (JfrReport.ContentionSite c : contention) {
            if (c.classLoading()) {
                loaderWaits += c.count();
                loaderWaitMs += c.totalMs();
            }
        }
        contention.addAll(lockParks.sites());
        contention.sort(Comparator.comparingDouble(JfrReport.ContentionSite::totalMs).reversed()
                .thenComparing(Comparator.comparingLong(JfrReport.ContentionSite::count).reversed()));
        double perSec = loadedFirstAt != null && loadedLastAt.isAfter(loadedFirstAt)
                ? (loadedLast - loadedFirst) / ((loadedLastAt.toEpochMilli() - loadedFirstAt.toEpochMilli()) / 1000.0) : 0;
        JfrReport.ClassLoading cl = new JfrReport.ClassLoading(loadedFirst, loadedLast, perSec, defines.totalCount(),
                defines.top(TOP), loaderWaits, loaderWaitMs);
        List<Finding> findings = new ArrayList<>();
        JfrReport.GcSummary gcSummary = gc.summarize(windowSec, findings, file.toString(), perSec);
        JfrReport draft = new JfrReport(file.toString(), jvm, first, last, chunkCount, events, samples, chosen.source, chosen.lost,
                natives.totalCount(), chosen.self.top(TOP), totalShares(chosen), hotPaths, shares, natives.top(TOP),
                byClass.top(TOP), bySite.top(TOP), allocations.appSites(TOP), byClass.totalWeight() / Math.max(windowSec, 1e-3),
                List.copyOf(contention.subList(0, Math.min(TOP, contention.size()))), parks.top(TOP), sleeps.top(TOP), cl, exceptions.byType().top(TOP), exceptions.bySite().top(TOP),
                exceptions.created(), exceptions.summary(samples, chosen.source), inferred == null ? app.packages() : inferred.packages(app),
                inferred == null ? app.source() : inferred.source(app), gcSummary, cpu,
                reads.top(TOP), writes.top(TOP), List.of());
        findings.addAll(0, JfrFindings.of(draft, windowSec));
        return draft.withFindings(findings);
    }

    /** Total (inclusive) shares are of the CPU samples, not of the tally's sum (a sample counts many methods). */
    private static List<Ranked> totalShares(CpuSamples s) {
        List<Ranked> out = new ArrayList<>();
        for (Ranked r : s.total.top(TOP)) {
            out.add(new Ranked(r.key(), r.count(), r.weight(), r.max(), share(r.count(), s.count), r.top()));
        }
        return out;
    }

    /**
     * The CPU the JVM's sampled threads used, in cores on average over the window, -1 when the recording cannot say.
     * CPU-time samples say it themselves: each is one sampling period of its thread's CPU time. Execution samples do
     * not (a thread in Java is sampled once a period whether it runs or waits for a CPU), so the JVM's CPU is read from
     * jdk.CPULoad, a share of the machine's hardware threads (jdk.CPUInformation): that counts the JVM's own threads
     * (GC, JIT) too, so a path's part of it is if anything too high, and the floor it meets ({@link HotPaths#MIN_CORES})
     * too easy.
     */
    private double jvmCores(CpuSamples s, JfrReport.CpuLoad cpu, double windowSec) {
        if (s.source == CpuSampleSource.CPU_TIME_SAMPLE) {
            return windowSec > 0 ? s.cpuSecondsWithLost() / windowSec : -1;
        }
        return cpu.samples() > 0 && hwThreads > 0 ? cpu.jvmAvg() * hwThreads : -1;
    }

    private static double share(long n, long of) {
        return of == 0 ? 0 : (double) n / of;
    }
}
