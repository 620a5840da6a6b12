package dev.brink.jfr;

import dev.brink.core.LibraryFamily;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import dev.brink.core.detail.ExceptionSource;
import dev.brink.core.detail.LockWait;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one recording (or one window of it) says, tables first ranked by weight. Units are in the field names.
 *
 * @param file               the recording read
 * @param jvm                the recorded JVM's name and version (jdk.JVMInformation), "" when not recorded
 * @param start              first event start in the window read
 * @param end                last event end in the window read
 * @param chunks             chunks in the file
 * @param events             events read in the window (after the thread filter)
 * @param executionSamples   the CPU samples every CPU table is drawn from (JSON {@code execution_samples}, its name from
 *                           before JDK 25): jdk.ExecutionSample events, or jdk.CPUTimeSample when the recording has them
 * @param cpuSampleSource    which of the two ({@link CpuSamples#chosen}: CPU-time samples when present, never both)
 * @param cpuSamplesLost     CPU-time samples the JVM lost (jdk.CPUTimeSamplesLost; 0 for execution samples, which JFR
 *                           does not count when it drops them)
 * @param nativeSamples      jdk.NativeMethodSample events: threads in native code (often waiting in I/O), apart
 * @param hotMethodsSelf     methods on top of execution samples (weight: samples), top: most frequent app frame
 * @param hotMethodsTotal    methods anywhere on the stack of execution samples (weight: samples, once per sample)
 * @param hotPaths           samples grouped by application frame and the library family it called
 * @param categoryShares     share of execution samples per library family
 * @param nativeMethods      methods on top of native samples (weight: samples)
 * @param allocationByClass  allocated class (weight: bytes, estimated from the samples' weights)
 * @param allocationBySite   top frame of the allocation (weight: bytes), top: the allocated class with the most bytes
 * @param allocationByAppFrame the first application frame of the allocations (or the framework entry), by bytes
 * @param allocationBytesPerSec estimated allocation rate over the window
 * @param contention         lock waits by lock class and site, heaviest first: monitor enters (jdk.JavaMonitorEnter) and
 *                           parks to acquire a java.util.concurrent lock ({@link LockParks})
 * @param parksBySite        jdk.ThreadPark by top frame outside LockSupport (weight: ms), top: parked-on class
 * @param sleepsBySite       jdk.ThreadSleep by site (weight: ms)
 * @param classLoading       loaded-class counts, rate and class-loader lock waits
 * @param exceptionsByType   thrown class (jdk.JavaExceptionThrow/JavaErrorThrow when enabled; weight: count)
 * @param exceptionsBySite   first frame below the constructors (weight: count), top: most frequent type
 * @param throwablesCreated  throwables created in the window (jdk.ExceptionStatistics), -1 when not recorded
 * @param exceptions         the rate of throwables and which type is thrown where most
 * @param appPackages        the application's packages as far as known ({@link dev.brink.core.AppPackages})
 * @param appPackagesSource  where they came from ("declared", "main class …"), "" when only the library list decides
 * @param gc                 collections, pauses, heap after GC (the brink-gc analysis of the recorded GCs)
 * @param cpu                CPU load of the JVM and the machine (jdk.CPULoad)
 * @param socketReads        jdk.SocketRead by remote address (weight: ms)
 * @param socketWrites       jdk.SocketWrite by remote address (weight: ms)
 * @param findings           what to look at first
 */
public record JfrReport(String file, String jvm, @JsonIgnore Instant start, @JsonIgnore Instant end, int chunks, long events,
                        @JsonProperty("execution_samples") long executionSamples,
                        @JsonProperty("cpu_sample_source") CpuSampleSource cpuSampleSource,
                        @JsonProperty("cpu_samples_lost") long cpuSamplesLost,
                        @JsonProperty("native_samples") long nativeSamples,
                        @JsonProperty("hot_methods_self") List<Ranked> hotMethodsSelf,
                        @JsonProperty("hot_methods_total") List<Ranked> hotMethodsTotal,
                        @JsonProperty("hot_paths") List<HotPath> hotPaths,
                        @JsonProperty("category_shares") Map<LibraryFamily, Double> categoryShares,
                        @JsonProperty("native_methods") List<Ranked> nativeMethods,
                        @JsonProperty("allocation_by_class_bytes") List<Ranked> allocationByClass,
                        @JsonProperty("allocation_by_site_bytes") List<Ranked> allocationBySite,
                        @JsonProperty("allocation_by_app_frame") List<AllocationSite> allocationByAppFrame,
                        @JsonProperty("allocation_bytes_per_sec") double allocationBytesPerSec,
                        List<ContentionSite> contention,
                        @JsonProperty("parks_by_site_ms") List<Ranked> parksBySite,
                        @JsonProperty("sleeps_by_site_ms") List<Ranked> sleepsBySite,
                        @JsonProperty("class_loading") ClassLoading classLoading,
                        @JsonProperty("exceptions_by_type") List<Ranked> exceptionsByType,
                        @JsonProperty("exceptions_by_site") List<Ranked> exceptionsBySite,
                        @JsonProperty("throwables_created") long throwablesCreated,
                        Exceptions exceptions,
                        @JsonProperty("app_packages") List<String> appPackages,
                        @JsonProperty("app_packages_source") String appPackagesSource,
                        GcSummary gc, CpuLoad cpu,
                        @JsonProperty("socket_reads_ms") List<Ranked> socketReads,
                        @JsonProperty("socket_writes_ms") List<Ranked> socketWrites,
                        List<Finding> findings) {

    /** This report with {@code all} as its findings (the findings are drawn from the tables, so they come last). */
    JfrReport withFindings(List<Finding> all) {
        return new JfrReport(file, jvm, start, end, chunks, events, executionSamples, cpuSampleSource, cpuSamplesLost, nativeSamples, hotMethodsSelf,
                hotMethodsTotal, hotPaths, categoryShares, nativeMethods, allocationByClass, allocationBySite,
                allocationByAppFrame, allocationBytesPerSec, contention, parksBySite, sleepsBySite, classLoading,
                exceptionsByType, exceptionsBySite, throwablesCreated, exceptions, appPackages, appPackagesSource, gc, cpu,
                socketReads, socketWrites, List.copyOf(all));
    }

    /** ISO-8601 start of the window read (JSON carries instants as text, as the rest of Brink does). */
    @JsonProperty("start")
    public String startText() {
        return start == null ? null : start.toString();
    }

    /** ISO-8601 end of the window read. */
    @JsonProperty("end")
    public String endText() {
        return end == null ? null : end.toString();
    }

    /** Seconds between the window's first and last event. */
    @JsonProperty("duration_s")
    public double durationSec() {
        return start == null || end == null ? 0 : Math.max(0, (end.toEpochMilli() - start.toEpochMilli()) / 1000.0);
    }

    /**
     * CPU samples ({@link JfrReport#cpuSampleSource}) of one application frame calling one library family.
     *
     * @param appFrame   first application frame from the top ("(no application frame)" for JDK-only stacks)
     * @param category   the family of the library API it called; none when the time is in the application's own code
     * @param samples    CPU samples
     * @param share      of all CPU samples in the window
     * @param topMethod  the method most often on top of these samples
     * @param threads    the thread pool (name pattern, "BookThread-*") that ran most of these samples
     * @param threadsShare these samples of that pool over all of that pool's samples ({@link HotPaths})
     * @param threadsOfAll that pool's samples over all execution samples
     * @param entry      without an application frame: where the stacks entered the family (the framework path), else null
     * @param cores      the CPU the path used, in cores on average over the window ({@link HotPaths#MIN_CORES}); -1 when
     *                   the recording cannot say
     */
    public record HotPath(@JsonProperty("app_frame") String appFrame, LibraryFamily category, long samples, double share,
                          @JsonProperty("top_method") String topMethod, String threads,
                          @JsonProperty("threads_share") double threadsShare,
                          @JsonProperty("threads_of_all") double threadsOfAll, String entry, double cores) {
    }

    /**
     * Bytes allocated under one application frame.
     *
     * @param frame       the first application frame, or (not the application's) where the stacks entered a framework
     * @param application true when {@code frame} is the application's
     * @param via         the call the frame made that allocated (the JDK or library API), null when it allocated itself
     * @param topClass    the class with the most allocated bytes there
     * @param bytes       estimated bytes in the window
     * @param share       of all allocated bytes
     */
    public record AllocationSite(String frame, boolean application, String via, @JsonProperty("class") String topClass,
                                 double bytes, double share) {
    }

    /**
     * Throwables over the window.
     *
     * @param created  throwables the JVM created (jdk.ExceptionStatistics) less its own linkage errors, -1 when not
     *                 recorded
     * @param perSec   their rate
     * @param type     the type thrown most, null when neither throw events nor samples say
     * @param appFrame where it is thrown: the first application frame below its constructors ("(frame)" when none)
     * @param share    of that type at that frame among the throws seen (or the samples' count or bytes)
     * @param cpuShare execution samples taken inside a throwable's construction, of all samples (a floor: the stack walk
     *                 runs in the VM)
     * @param source   what named the type ({@link ExceptionTally}): the words of an {@code exceptions} finding's source
     * @param jvmLinkageErrors errors the JVM threw and caught about itself while linking method handles, seen in the
     *                 window's throw events and left out of every table and source ({@link ThrowableTypes#jvmLinking})
     */
    public record Exceptions(long created, @JsonProperty("per_sec") double perSec, String type,
                             @JsonProperty("app_frame") String appFrame, double share,
                             @JsonProperty("cpu_share") double cpuShare, ExceptionSource source,
                             @JsonProperty("jvm_linkage_errors") long jvmLinkageErrors) {
    }

    /**
     * Waits to enter one monitor class, or to acquire one kind of java.util.concurrent lock, at one site.
     *
     * @param monitorClass class of the contended object (for a parked acquire: {@link LockParks#at})
     * @param site         the frame that tried to enter or lock
     * @param appFrame     the most frequent first application frame of the waiters
     * @param owner        the most frequent previous owner thread (the holder the waiters queued behind); a park
     *                     does not record one, so null there
     * @param classLoading true when the monitor is a class loader's lock (entered by the JVM or ClassLoader.loadClass)
     * @param waitKind     ({@code wait}) {@code enter} (jdk.JavaMonitorEnter) or {@code park} (jdk.ThreadPark in a
     *                     lock's acquire)
     */
    public record ContentionSite(@JsonProperty("monitor_class") String monitorClass, String site,
                                 @JsonProperty("app_frame") String appFrame, long count,
                                 @JsonProperty("total_ms") double totalMs, @JsonProperty("max_ms") double maxMs,
                                 String owner, @JsonProperty("class_loading") boolean classLoading,
                                 @JsonProperty("wait") LockWait waitKind) {
    }

    /**
     * Class loading over the window.
     *
     * @param loadedAtStart   loaded-class count at the first jdk.ClassLoadingStatistics in the window, -1 when none
     * @param loadedAtEnd     at the last one
     * @param perSec          classes loaded per second between them
     * @param defined         jdk.ClassDefine events (when enabled), by defining loader in {@code definedByLoader}
     * @param loaderLockWaits monitor waits on class-loader locks
     * @param loaderLockWaitMs their total
     */
    public record ClassLoading(@JsonProperty("loaded_at_start") long loadedAtStart, @JsonProperty("loaded_at_end") long loadedAtEnd,
                               @JsonProperty("per_sec") double perSec, long defined,
                               @JsonProperty("defined_by_loader") List<Ranked> definedByLoader,
                               @JsonProperty("loader_lock_waits") long loaderLockWaits,
                               @JsonProperty("loader_lock_wait_ms") double loaderLockWaitMs) {
    }

    /**
     * Collections in the window (jdk.GarbageCollection joined with jdk.GCHeapSummary).
     *
     * @param collector       from jdk.GCConfiguration, "" when not recorded
     * @param collections     collections
     * @param pauseTotalMs    sum of their pauses
     * @param pauseMaxMs      longest pause
     * @param pauseShare      pause time / window length
     * @param heapAfterGc     brink-gc's verdict on the heap-after-GC floor
     */
    public record GcSummary(String collector, long collections, @JsonProperty("pause_total_ms") double pauseTotalMs,
                            @JsonProperty("pause_max_ms") double pauseMaxMs, @JsonProperty("pause_share") double pauseShare,
                            @JsonProperty("heap_after_gc") String heapAfterGc) {
    }

    /**
     * jdk.CPULoad over the window, fractions of all CPUs (0..1).
     *
     * @param samples events read
     */
    public record CpuLoad(long samples, @JsonProperty("jvm_avg") double jvmAvg, @JsonProperty("jvm_max") double jvmMax,
                          @JsonProperty("machine_avg") double machineAvg, @JsonProperty("machine_max") double machineMax) {
    }
}
