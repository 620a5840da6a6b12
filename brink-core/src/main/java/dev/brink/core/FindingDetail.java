package dev.brink.core;

import java.util.List;
import java.util.Map;

/**
 * The keys of a finding's {@code detail} map, per finding kind (DESIGN.md "Run directory"), by name. Each kind's
 * detail is a record ({@link dev.brink.core.detail.Detail#TYPES}) whose components are these keys ({@code DetailTest}):
 * analysers write the record and readers read it back, never a key by its name; these names serve DESIGN.md's tables
 * and the tests that hold the records to them. A detail may omit a key it has no value for.
 */
public final class FindingDetail {
    private FindingDetail() {
    }

    /**
     * leak-suspect from one heap dump, and memory-leak from two (brink-heap): what retains the memory, where it
     * accumulates, and its path from a GC root.
     */
    public static final class HeapLeak {
        public static final String RETAINED_BYTES = "retained_bytes";
        public static final String HEAP_BYTES = "heap_bytes";
        public static final String SHARE_OF_HEAP = "share_of_heap";
        public static final String SUSPECT = "suspect";
        public static final String ACCUMULATION_CLASS = "accumulation_class";
        public static final String ACCUMULATION_OBJECT = "accumulation_object";
        public static final String ACCUMULATION_RETAINED_BYTES = "accumulation_retained_bytes";
        public static final String ROOT_KIND = "root_kind";
        public static final String PATH_FROM_GC_ROOT = "path_from_gc_root";
        /** A {@link dev.brink.core.detail.LeakShape} word: spread-class, generated-classes or many-loaders. */
        public static final String LEAK_SHAPE = "leak_shape";
        /** How many objects of one class hold the spread instances. */
        public static final String HOLDERS = "holders";
        /** Class-loader leaks: the loader's class, the loader object, how many loaders of that type live. */
        public static final String LOADER_CLASS = "loader_class";
        public static final String LOADER_OBJECT = "loader_object";
        public static final String LOADERS = "loaders";
        /** Class-loader leaks: how many classes the loader defined, and their generated-name pattern. */
        public static final String CLASSES = "classes";
        public static final String CLASS_PATTERN = "class_pattern";
        /** The holder: "static pkg.Class.field", "pkg.Class.field", "thread-local … of threads 'pool-#'", … */
        public static final String HOLDER = "holder";
        /** What kind of place the holder is: a {@code dev.brink.core.summary.HolderKind} word. */
        public static final String HOLDER_KIND = "holder_kind";
        /** A framework's or the JDK's structure, named as what it is ("Spring bean factory (…)"); absent for the application's. */
        public static final String STRUCTURE = "structure";
        /** Thread-local and thread-stack holders: how many threads of the pool hold it, and the pool ("worker-#"). */
        public static final String THREADS = "threads";
        public static final String POOL = "pool";
        /** leak-suspect: how to tell a cache from a leak (a second dump, a soak), in one line. */
        public static final String NEXT_STEP = "next_step";

        private HeapLeak() {
        }
    }

    /**
     * memory-leak from two heap dumps of one application (brink heap diff, the soak's dumps): a holder that grew,
     * with the {@link HeapLeak} keys of the later dump (retained_bytes, accumulation, path) besides these.
     */
    public static final class HeapGrowth {
        public static final String RETAINED_BYTES_BEFORE = "retained_bytes_before";
        public static final String GROWTH_BYTES = "growth_bytes";
        /** Growth over the time between the dumps' HPROF time stamps; absent when they are equal. */
        public static final String GROWTH_BYTES_PER_HOUR = "growth_bytes_per_hour";
        public static final String HOURS_BETWEEN_DUMPS = "hours_between_dumps";
        /** Element counts (a collection's size, a pool's threads, loaders) in the earlier and the later dump; -1 unknown. */
        public static final String ELEMENTS_BEFORE = "elements_before";
        public static final String ELEMENTS_AFTER = "elements_after";
        /** True when the earlier dump had no such holder worth tracking (under the holder floor). */
        public static final String NEW_HOLDER = "new_holder";
        /**
         * Native memory outside the heap the holder keeps alive (direct buffers that own their memory) in the later
         * dump, in the earlier one, and its growth; absent when it kept none at either.
         */
        public static final String NATIVE_BYTES = "native_bytes";
        public static final String NATIVE_BYTES_BEFORE = "native_bytes_before";
        public static final String NATIVE_GROWTH_BYTES = "native_growth_bytes";
        /**
         * True when the holder is a LinkedHashMap subclass whose eviction bound the dump does not show: it may be a
         * cache filling toward it (a third dump tells); absent otherwise.
         */
        public static final String BOUND_UNREAD = "bound_unread";
        /**
         * A cache whose bound the dump shows but that fills the heap before it reaches it: the bound in entries, what
         * it would retain there (its entries' mean size in the later dump), and the heap's maximum the later dump
         * shows ({@code Runtime.maxMemory()}); absent otherwise.
         */
        public static final String ELEMENTS_BOUND = "elements_bound";
        public static final String BOUND_BYTES = "bound_bytes";
        public static final String MAX_HEAP_BYTES = "max_heap_bytes";
        /** The two dumps, as given. */
        public static final String DUMP_BEFORE = "dump_before";
        public static final String DUMP_AFTER = "dump_after";

        private HeapGrowth() {
        }
    }

    /** memory-leak from the class histograms at the soak's start and end (brink-method). */
    public static final class HistogramGrowth {
        public static final String GROWN_CLASSES = "grown_classes";
        /** Keys of each row of {@link #GROWN_CLASSES}. */
        public static final String CLASS = "class";
        public static final String INSTANCES_BEFORE = "instances_before";
        public static final String INSTANCES_AFTER = "instances_after";
        public static final String BYTES_BEFORE = "bytes_before";
        public static final String BYTES_AFTER = "bytes_after";
        public static final String LIVE_BYTES_BEFORE = "live_bytes_before";
        public static final String LIVE_BYTES_AFTER = "live_bytes_after";
        /** A {@link dev.brink.core.detail.GrowthSource} word: heap-dump-diff or class-histogram-diff. */
        public static final String SOURCE = "source";

        private HistogramGrowth() {
        }
    }

    /** lock-contention from thread dumps (brink-threads). */
    public static final class LockContention {
        public static final String LOCK = "lock";
        public static final String LOCK_CLASS = "lock_class";
        public static final String WAIT = "wait";
        public static final String HOLDER_THREAD = "holder_thread";
        public static final String HOLDER_STATE = "holder_state";
        public static final String HOLDER_FRAME = "holder_frame";
        public static final String HOLDER_FRAMES = "holder_frames";
        public static final String HOLDERS_SEEN = "holders_seen";
        public static final String WAITER_COUNT = "waiter_count";
        public static final String WAITERS = "waiters";
        public static final String WAITER_GROUP = "waiter_group";
        public static final String WAITERS_X_DUMPS = "waiters_x_dumps";
        public static final String DUMPS_SEEN = "dumps_seen";
        public static final String DUMPS_TOTAL = "dumps_total";

        private LockContention() {
        }
    }

    /** pool-starvation from thread dumps (brink-threads); each {@link #HOLDERS} row has the {@code HOLDER_} keys. */
    public static final class Pools {
        /** The thread pool's name pattern ("report-worker-*"), or the resource pool ("HikariCP", "the Semaphore taken in …"). */
        public static final String POOL = "pool";
        /** A {@link dev.brink.core.detail.PoolKind} word: thread-pool, connection-pool, object-pool or semaphore. */
        public static final String POOL_KIND = "pool_kind";
        public static final String WORKERS = "workers";
        public static final String IDLE_WORKERS = "idle_workers";
        public static final String WAITER_COUNT = "waiter_count";
        public static final String WAITERS = "waiters";
        /** The call they wait in ("java.util.concurrent.FutureTask.get", "com.zaxxer.hikari.pool.HikariPool.getConnection"). */
        public static final String WAIT_FRAME = "wait_frame";
        /** The application method that waits (the first application frame below the wait). */
        public static final String APP_FRAME = "app_frame";
        public static final String HOLDERS = "holders";
        public static final String HOLDER_THREAD = "thread";
        public static final String HOLDER_STATE = "state";
        public static final String HOLDER_FRAME = "frame";
        public static final String HOLDER_APP_FRAME = "app_frame";
        public static final String DUMPS_SEEN = "dumps_seen";
        public static final String DUMPS_TOTAL = "dumps_total";
        public static final String ADVICE = "advice";
        /** A thread pool held by one blocking call: a {@link dev.brink.core.detail.BlockingCall} word (socket-read, sleep, …). */
        public static final String BLOCKING_CALL = "blocking_call";
        /** A thread pool held by one blocking call: the wall time, in seconds, from the first dump of the run to the last. */
        public static final String HELD_SECONDS = "held_seconds";
        /**
         * A thread pool held by one blocking call: a held worker's CPU in ms per second of that time (0: one call that does
         * not answer; above 0: call after call of a downstream that answers slowly).
         */
        public static final String WORKER_CPU_MS_PER_S = "worker_cpu_ms_per_s";

        private Pools() {
        }
    }

    /** deadlock from thread dumps (brink-threads); each {@link #CYCLE} member has the {@code MEMBER_} keys. */
    public static final class Deadlock {
        public static final String THREADS = "threads";
        public static final String CYCLE = "cycle";
        public static final String FOUND_IN_LOCK_GRAPH = "found_in_lock_graph";
        public static final String REPORTED_BY_JVM = "reported_by_jvm";
        public static final String DUMPS_SEEN = "dumps_seen";
        public static final String MEMBER_THREAD = "thread";
        public static final String MEMBER_STATE = "state";
        public static final String MEMBER_WAITS_FOR = "waits_for";
        public static final String MEMBER_LOCK = "lock";
        public static final String MEMBER_HELD_BY = "held_by";
        public static final String MEMBER_FRAME = "frame";

        private Deadlock() {
        }
    }

    /** busy-thread from thread dumps (brink-threads); each {@link #THREADS} row has the {@code THREAD_} keys. */
    public static final class BusyThread {
        public static final String FRAME = "frame";
        public static final String THREADS = "threads";
        public static final String DUMPS = "dumps";
        public static final String THREAD_NAME = "thread";
        public static final String THREAD_NID = "nid";
        public static final String THREAD_CPU_DELTA_MS = "cpu_delta_ms";
        public static final String THREAD_CPU_SHARE = "cpu_share";
        public static final String THREAD_TOP_CPU_PCT = "top_cpu_pct";
        public static final String THREAD_TOP_FRAME = "top_frame";
        /** The deepest application frame common to the group's samples ("class.method(File.java:12)"). */
        public static final String WHERE = "where";
        /** Samples per library the CPU went to: {"regex": 3, "formatting": 1}. */
        public static final String LIBRARIES = "libraries";
        /** The library most samples ran in ("regex", "formatting", "crypto", …, "application", "other"). */
        public static final String MAIN_LIBRARY = "main_library";
        /** CPU of the whole group over the interval, in cores (1.0 = one core). */
        public static final String CPU_SHARE = "cpu_share";

        private BusyThread() {
        }
    }

    /** generator-bound (brink-method): the multiplier the generator stopped the search at. */
    public static final class GeneratorBound {
        public static final String MULTIPLIER = "multiplier";
        /** brink merge: the shards ("2/4") whose generator fell behind. */
        public static final String SHARDS = "shards";
        /** brink merge: the steps in which any shard's generator fell behind. */
        public static final String STEPS = "steps";

        private GeneratorBound() {
        }
    }

    /** shard-incomplete (brink merge): a shard whose process died before its load ended. */
    public static final class ShardIncomplete {
        /** "2/4". */
        public static final String SHARD = "shard";
        /** The shard's run directory as given to brink merge. */
        public static final String DIR = "dir";
        /** What shows it: {@code no-summary}, {@code truncated-line}, {@code no-load-close}. */
        public static final String SIGNS = "signs";
        /** The end of its last recorded second (epoch ms), 0 when it recorded none. */
        public static final String LAST_EPOCH_MS = "last_epoch_ms";
        /** Seconds of load it recorded (kept in the merge). */
        public static final String SECONDS_RECORDED = "seconds_recorded";
        /** brink run --shards: the step a worker vanished in ("capacity-x3"). */
        public static final String STEP = "step";
        /** brink run --shards: what the coordinator saw, in words ("no word for 10 s", "its process exited with 137"). */
        public static final String WHY = "why";

        private ShardIncomplete() {
        }
    }

    /** target-died (brink-method): during the soak, or in a capacity step or the confirmation hold. */
    public static final class TargetDied {
        public static final String SOAK_SECONDS = "soak_seconds";
        public static final String MESSAGE = "message";
        /** The step the target died in, in words ("capacity step N=2"), when it died in a measured step. */
        public static final String STEP = "step";

        private TargetDied() {
        }
    }

    /** memory-leak, gc-pressure, heap-too-small and long-pause from GC logs or the live observer's gc.jsonl (brink-gc). */
    public static final class Gc {
        public static final String SLOPE_BYTES_PER_MIN = "slope_bytes_per_min";
        public static final String R2 = "r2";
        public static final String FLOOR_START_BYTES = "floor_start_bytes";
        public static final String FLOOR_END_BYTES = "floor_end_bytes";
        public static final String REASON = "reason";
        public static final String ADVICE = "advice";
        public static final String FULL_GCS = "full_gcs";
        public static final String FULL_GCS_WORST_60S = "full_gcs_worst_60s";
        public static final String MEDIAN_FREED_SHARE = "median_freed_share";
        public static final String NOT_COUNTED = "not_counted";
        public static final String LIVE_SET_BYTES = "live_set_bytes";
        public static final String MAX_HEAP_BYTES = "max_heap_bytes";
        public static final String GC_TIME_SHARE = "gc_time_share";
        public static final String FLAGS = "flags";
        public static final String NOTE = "note";
        public static final String OLD_GEN_BYTES = "old_gen_bytes";
        public static final String YOUNG_GEN_BYTES = "young_gen_bytes";
        public static final String HEAP_BYTES = "heap_bytes";
        public static final String PROMOTED_BYTES_PER_S = "promoted_bytes_per_s";
        public static final String FULL_GCS_PER_S = "full_gcs_per_s";
        public static final String WORST_60S_SHARE = "worst_60s_share";
        public static final String WORST_60S_START_S = "worst_60s_start_s";
        public static final String PAUSES = "pauses";
        public static final String MAX_MS = "max_ms";
        public static final String P99_MS = "p99_ms";
        public static final String PAUSES_OVER_1S = "pauses_over_1s";
        public static final String AT = "at";
        public static final String STALLS = "stalls";
        public static final String STALL_MS_TOTAL = "stall_ms_total";
        /** heap-too-small: share of the time a concurrent whole-heap cycle (G1's marking, a ZGC cycle) ran. */
        public static final String CONCURRENT_SHARE = "concurrent_share";
        /** heap-too-small: allocation stalls summed over threads, as a share of the time. */
        public static final String STALL_SHARE = "stall_share";
        public static final String COLLECTIONS = "collections";
        public static final String COUNT = "count";
        public static final String MEANING = "meaning";
        /** What started the collections a finding is about: a {@link dev.brink.core.GcCauseKind} word ("explicit"). */
        public static final String CAUSE = "cause";
        /** The JVM's cause words of the collections a finding counted, with how many: {"System.gc()": 25}. */
        public static final String CAUSES = "causes";
        public static final String COLLECTIONS_WORST_60S = "collections_worst_60s";
        public static final String PAUSE_TOTAL_MS = "pause_total_ms";
        /** gc-pressure (humongous): G1's region size, the most humongous regions at a collection, their share of young GCs. */
        public static final String REGION_SIZE_BYTES = "region_size_bytes";
        public static final String HUMONGOUS_REGIONS_MAX = "humongous_regions_max";
        /** gc-pressure (humongous): the largest humongous object the log sized (G1's gc+humongous debug lines). */
        public static final String HUMONGOUS_OBJECT_BYTES_MAX = "humongous_object_bytes_max";
        public static final String HUMONGOUS_SHARE_OF_YOUNG = "humongous_share_of_young";
        /** metaspace: collections for class metadata, metaspace used at the first collection and at most, the cap, OOMs. */
        public static final String METADATA_COLLECTIONS = "metadata_collections";
        public static final String METASPACE_START_BYTES = "metaspace_start_bytes";
        public static final String METASPACE_PEAK_BYTES = "metaspace_peak_bytes";
        public static final String MAX_METASPACE_BYTES = "max_metaspace_bytes";
        public static final String OUT_OF_MEMORY_ERRORS = "out_of_memory_errors";
        /** The stack that called System.gc(), from a JFR recording's jdk.SystemGC events ("app.Exporter.flush"). */
        public static final String CALLER = "caller";
        /** metaspace (JFR): classes loaded per second over the window. */
        public static final String CLASSES_LOADED_PER_SEC = "classes_loaded_per_sec";

        private Gc() {
        }
    }

    /** hot-method, lock-contention and allocation-hotspot from a JFR recording, and the step comparison of two recordings (brink-jfr). */
    public static final class Jfr {
        public static final String STEP = "step";
        public static final String SHARE = "share";
        public static final String CATEGORY = "category";
        public static final String METHOD = "method";
        public static final String APP_FRAME = "app_frame";
        /** hot-method: the thread pool (name pattern) that ran most of the path's samples. */
        public static final String THREADS = "threads";
        /** hot-method: the path's samples over all samples of that pool. */
        public static final String THREADS_SHARE = "threads_share";
        public static final String RATE_GROWTH = "rate_growth";
        public static final String LOAD_GROWTH = "load_growth";
        public static final String MONITOR_CLASS = "monitor_class";
        public static final String SITE = "site";
        public static final String WAIT_MS = "wait_ms";
        public static final String OWNER = "owner";
        public static final String CAUSE = "cause";
        public static final String SAMPLES = "samples";
        public static final String EXECUTION_SAMPLES = "execution_samples";
        public static final String WAITS = "waits";
        public static final String MAX_WAIT_MS = "max_wait_ms";
        public static final String THREADS_BLOCKED_AVG = "threads_blocked_avg";
        public static final String CLASSES_LOADED_PER_SEC = "classes_loaded_per_sec";
        public static final String CLASS = "class";
        public static final String BYTES_PER_SEC = "bytes_per_sec";
        /** hot-method without an application frame: where the stacks entered the family (a framework's method). */
        public static final String ENTRY = "entry";
        /** allocation-hotspot: the JDK or library call the application frame made ("java.lang.StringBuilder.toString"). */
        public static final String VIA = "via";
        /** exceptions: throwables created per second, in the window, the type thrown most and its share, their CPU. */
        public static final String EXCEPTIONS_PER_SEC = "exceptions_per_sec";
        public static final String THROWABLES = "throwables";
        public static final String EXCEPTION_TYPE = "exception_type";
        public static final String CPU_SHARE = "cpu_share";
        /** exceptions: what named the type, an {@link dev.brink.core.detail.ExceptionSource} word. */
        public static final String SOURCE = "source";
        public static final String ADVICE = "advice";
        /** exceptions in a capacity step: throwables per request of the step. */
        public static final String PER_REQUEST = "per_request";

        private Jfr() {
        }
    }

    /**
     * port-exhaustion (brink-load's PortExhaustion): one side (the generator's ephemeral ports, or the local target's
     * listen queue), the step where it was first seen, the socket counts and connect errors of that step.
     */
    public static final class PortExhaustion {
        /** "generator" or "target" ({@link #SIDE_GENERATOR}, {@link #SIDE_TARGET}). */
        public static final String SIDE = "side";
        public static final String SIDE_GENERATOR = "generator";
        public static final String SIDE_TARGET = "target";
        public static final String STEP = "step";
        /** Most local TCP sockets in the ephemeral range in any second of the step (the host's, or the namespace's). */
        public static final String PORTS_IN_USE = "ports_in_use";
        /** ip_local_port_range as "low-high", and its size. */
        public static final String PORT_RANGE = "port_range";
        public static final String PORT_RANGE_SIZE = "port_range_size";
        /** Most sockets in TIME_WAIT in any second of the step. */
        public static final String TIME_WAIT = "time_wait";
        /** Connects of the step that failed with EADDRNOTAVAIL, were refused, timed out. */
        public static final String CONNECT_NO_LOCAL_PORT = "connect_no_local_port";
        public static final String CONNECT_REFUSED = "connect_refused";
        public static final String CONNECT_TIMEOUT = "connect_timeout";
        /** TcpExt ListenOverflows / ListenDrops of /proc/net/netstat over the step (a local target's listen queue). */
        public static final String LISTEN_OVERFLOWS = "listen_overflows";
        public static final String LISTEN_DROPS = "listen_drops";
        /** The plan's gRPC connection policy (shared, per-user, per-call), or keep-alive for HTTP. */
        public static final String CONNECTION_POLICY = "connection_policy";
        /** net.ipv4.tcp_tw_reuse as the generator's host has it (0, 1, 2), -1 unreadable. */
        public static final String TCP_TW_REUSE = "tcp_tw_reuse";
        public static final String ADVICE = "advice";

        private PortExhaustion() {
        }
    }

    /**
     * The top-level detail keys each finding kind may carry (rows of nested lists excluded), for DESIGN.md and the
     * test that checks a real run's findings against it. The GC analyser's keys (brink-gc) are listed here too.
     */
    public static final Map<FindingKind, List<String>> KEYS = Map.ofEntries(
            Map.entry(FindingKind.MEMORY_LEAK, List.of(HeapLeak.RETAINED_BYTES, HeapLeak.HEAP_BYTES, HeapLeak.SHARE_OF_HEAP,
                    HeapLeak.SUSPECT, HeapLeak.ACCUMULATION_CLASS, HeapLeak.ACCUMULATION_OBJECT, HeapLeak.ACCUMULATION_RETAINED_BYTES,
                    HeapLeak.ROOT_KIND, HeapLeak.PATH_FROM_GC_ROOT, HeapLeak.LEAK_SHAPE, HeapLeak.HOLDERS, HeapLeak.LOADER_CLASS,
                    HeapLeak.LOADER_OBJECT, HeapLeak.LOADERS, HeapLeak.CLASSES, HeapLeak.CLASS_PATTERN, HeapLeak.HOLDER, HeapLeak.HOLDER_KIND,
                    HeapLeak.STRUCTURE, HeapLeak.THREADS, HeapLeak.POOL, HeapGrowth.RETAINED_BYTES_BEFORE, HeapGrowth.GROWTH_BYTES,
                    HeapGrowth.GROWTH_BYTES_PER_HOUR, HeapGrowth.HOURS_BETWEEN_DUMPS, HeapGrowth.ELEMENTS_BEFORE, HeapGrowth.ELEMENTS_AFTER,
                    HeapGrowth.NEW_HOLDER, HeapGrowth.DUMP_BEFORE, HeapGrowth.DUMP_AFTER,
                    HistogramGrowth.GROWN_CLASSES, HistogramGrowth.LIVE_BYTES_BEFORE,
                    HistogramGrowth.LIVE_BYTES_AFTER, HistogramGrowth.SOURCE,
                    Gc.SLOPE_BYTES_PER_MIN, Gc.R2, Gc.FLOOR_START_BYTES, Gc.FLOOR_END_BYTES, Gc.REASON, Gc.ADVICE,
                    HeapGrowth.NATIVE_BYTES, HeapGrowth.NATIVE_BYTES_BEFORE, HeapGrowth.NATIVE_GROWTH_BYTES, HeapGrowth.BOUND_UNREAD,
                    HeapGrowth.ELEMENTS_BOUND, HeapGrowth.BOUND_BYTES, HeapGrowth.MAX_HEAP_BYTES)),
            Map.entry(FindingKind.LEAK_SUSPECT, List.of(HeapLeak.RETAINED_BYTES, HeapLeak.HEAP_BYTES, HeapLeak.SHARE_OF_HEAP,
                    HeapLeak.SUSPECT, HeapLeak.ACCUMULATION_CLASS, HeapLeak.ACCUMULATION_OBJECT, HeapLeak.ACCUMULATION_RETAINED_BYTES,
                    HeapLeak.ROOT_KIND, HeapLeak.PATH_FROM_GC_ROOT, HeapLeak.LEAK_SHAPE, HeapLeak.HOLDERS, HeapLeak.LOADER_CLASS,
                    HeapLeak.LOADER_OBJECT, HeapLeak.LOADERS, HeapLeak.CLASSES, HeapLeak.CLASS_PATTERN, HeapLeak.HOLDER, HeapLeak.HOLDER_KIND,
                    HeapLeak.STRUCTURE, HeapLeak.THREADS, HeapLeak.POOL, HeapLeak.NEXT_STEP)),
            Map.entry(FindingKind.LOCK_CONTENTION, List.of(LockContention.LOCK, LockContention.LOCK_CLASS, LockContention.WAIT,
                    LockContention.HOLDER_THREAD, LockContention.HOLDER_STATE, LockContention.HOLDER_FRAME, LockContention.HOLDER_FRAMES,
                    LockContention.HOLDERS_SEEN, LockContention.WAITER_COUNT, LockContention.WAITERS, LockContention.WAITER_GROUP,
                    LockContention.WAITERS_X_DUMPS, LockContention.DUMPS_SEEN, LockContention.DUMPS_TOTAL,
                    Jfr.MONITOR_CLASS, Jfr.SITE, Jfr.APP_FRAME, Jfr.WAITS, Jfr.WAIT_MS, Jfr.MAX_WAIT_MS, Jfr.THREADS_BLOCKED_AVG, Jfr.OWNER, Jfr.CAUSE,
                    Jfr.CLASSES_LOADED_PER_SEC, Jfr.STEP, Jfr.RATE_GROWTH, Jfr.LOAD_GROWTH)),
            Map.entry(FindingKind.POOL_STARVATION, List.of(Pools.POOL, Pools.POOL_KIND, Pools.WORKERS, Pools.IDLE_WORKERS,
                    Pools.WAITER_COUNT, Pools.WAITERS, Pools.WAIT_FRAME, Pools.APP_FRAME, Pools.HOLDERS, Pools.DUMPS_SEEN,
                    Pools.DUMPS_TOTAL, Pools.ADVICE, Pools.BLOCKING_CALL, Pools.HELD_SECONDS, Pools.WORKER_CPU_MS_PER_S)),
            Map.entry(FindingKind.DEADLOCK, List.of(Deadlock.THREADS, Deadlock.CYCLE, Deadlock.FOUND_IN_LOCK_GRAPH,
                    Deadlock.REPORTED_BY_JVM, Deadlock.DUMPS_SEEN)),
            Map.entry(FindingKind.BUSY_THREAD, List.of(BusyThread.FRAME, BusyThread.WHERE, BusyThread.LIBRARIES, BusyThread.MAIN_LIBRARY,
                    BusyThread.CPU_SHARE, BusyThread.THREADS, BusyThread.DUMPS)),
            Map.entry(FindingKind.GENERATOR_BOUND, List.of(GeneratorBound.MULTIPLIER, GeneratorBound.SHARDS, GeneratorBound.STEPS)),
            Map.entry(FindingKind.SHARD_INCOMPLETE, List.of(ShardIncomplete.SHARD, ShardIncomplete.DIR, ShardIncomplete.SIGNS,
                    ShardIncomplete.LAST_EPOCH_MS, ShardIncomplete.SECONDS_RECORDED, ShardIncomplete.STEP, ShardIncomplete.WHY)),
            Map.entry(FindingKind.TARGET_DIED, List.of(TargetDied.SOAK_SECONDS, TargetDied.MESSAGE, TargetDied.STEP)),
            Map.entry(FindingKind.GC_PRESSURE, List.of(Gc.FULL_GCS, Gc.FULL_GCS_WORST_60S, Gc.MEDIAN_FREED_SHARE, Gc.GC_TIME_SHARE,
                    Gc.WORST_60S_SHARE, Gc.WORST_60S_START_S, Gc.PAUSES, Gc.STALLS, Gc.STALL_MS_TOTAL, Gc.COLLECTIONS, Gc.COUNT, Gc.MEANING,
                    Gc.FLAGS, Gc.ADVICE, Gc.NOT_COUNTED, Gc.CAUSE, Gc.CAUSES, Gc.COLLECTIONS_WORST_60S, Gc.PAUSE_TOTAL_MS,
                    Gc.REGION_SIZE_BYTES, Gc.HUMONGOUS_REGIONS_MAX, Gc.HUMONGOUS_OBJECT_BYTES_MAX, Gc.HUMONGOUS_SHARE_OF_YOUNG, Gc.CALLER, Jfr.STEP)),
            Map.entry(FindingKind.METASPACE, List.of(Gc.CAUSE, Gc.METADATA_COLLECTIONS, Gc.COLLECTIONS_WORST_60S,
                    Gc.METASPACE_START_BYTES, Gc.METASPACE_PEAK_BYTES, Gc.MAX_METASPACE_BYTES, Gc.OUT_OF_MEMORY_ERRORS, Gc.AT,
                    Gc.ADVICE, Gc.CLASSES_LOADED_PER_SEC, HeapLeak.LOADER_CLASS, HeapLeak.LOADERS, HeapLeak.CLASSES, Jfr.STEP)),
            Map.entry(FindingKind.HEAP_TOO_SMALL, List.of(Gc.LIVE_SET_BYTES, Gc.MAX_HEAP_BYTES, Gc.FULL_GCS, Gc.GC_TIME_SHARE, Gc.FLAGS,
                    Gc.REASON, Gc.NOTE, Gc.OLD_GEN_BYTES, Gc.YOUNG_GEN_BYTES, Gc.PROMOTED_BYTES_PER_S,
                    Gc.HEAP_BYTES, Gc.FULL_GCS_PER_S, Gc.COUNT, Gc.CONCURRENT_SHARE, Gc.STALL_SHARE)),
            Map.entry(FindingKind.LONG_PAUSE, List.of(Gc.MAX_MS, Gc.P99_MS, Gc.PAUSES_OVER_1S, Gc.AT, Gc.ADVICE)),
            Map.entry(FindingKind.HOT_METHOD, List.of(Jfr.SHARE, Jfr.SAMPLES, Jfr.EXECUTION_SAMPLES, Jfr.CATEGORY, Jfr.METHOD, Jfr.APP_FRAME,
                    Jfr.THREADS, Jfr.THREADS_SHARE, Jfr.ENTRY, Jfr.STEP, Jfr.RATE_GROWTH, Jfr.LOAD_GROWTH)),
            Map.entry(FindingKind.ALLOCATION_HOTSPOT, List.of(Jfr.SITE, Jfr.APP_FRAME, Jfr.VIA, Jfr.SHARE, Jfr.CLASS, Jfr.BYTES_PER_SEC,
                    Jfr.STEP)),
            Map.entry(FindingKind.EXCEPTIONS, List.of(Jfr.EXCEPTIONS_PER_SEC, Jfr.THROWABLES, Jfr.EXCEPTION_TYPE, Jfr.APP_FRAME,
                    Jfr.SHARE, Jfr.CPU_SHARE, Jfr.SOURCE, Jfr.ADVICE, Jfr.PER_REQUEST, Jfr.STEP)),
            Map.entry(FindingKind.HOST_SATURATED, List.of()),
            Map.entry(FindingKind.PORT_EXHAUSTION, List.of(PortExhaustion.SIDE, PortExhaustion.STEP, PortExhaustion.PORTS_IN_USE,
                    PortExhaustion.PORT_RANGE, PortExhaustion.PORT_RANGE_SIZE, PortExhaustion.TIME_WAIT,
                    PortExhaustion.CONNECT_NO_LOCAL_PORT, PortExhaustion.CONNECT_REFUSED, PortExhaustion.CONNECT_TIMEOUT,
                    PortExhaustion.LISTEN_OVERFLOWS, PortExhaustion.LISTEN_DROPS, PortExhaustion.CONNECTION_POLICY,
                    PortExhaustion.TCP_TW_REUSE, PortExhaustion.ADVICE)));
}
