package dev.brink.load.host;

import dev.brink.core.line.HostHealth;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Samples the machine Brink runs on, once per interval: /proc/stat (CPU by mode, procs_running), /proc/loadavg,
 * /proc/pressure/cpu when the kernel has PSI, and the CPU and run-queue wait of Brink's own process and of the
 * target when it runs here (its whole {@link ProcessFamily}: a pre-fork server's workers, a launcher's JVM, the
 * container behind Docker's port proxy). A load test on a machine other processes keep busy measures that machine,
 * not the service (field report: capacities from 100 to 800 req/s minutes apart on a shared CI runner).
 *
 * <p>Not thread-safe: one caller (the engine's reporting thread). Cost per sample: a handful of small /proc reads
 * plus one schedstat file per thread of Brink and of the target, well under a millisecond for a few hundred
 * threads. {@link #processes()} reads every process's stat and is meant for step boundaries only. On a system
 * without /proc every sample is zeros and never saturated.
 */
public final class HostSampler {
    private static final Path STAT = Path.of("/proc/stat");
    private static final Path LOADAVG = Path.of("/proc/loadavg");
    private static final Path PRESSURE = Path.of("/proc/pressure/cpu");

    private final long self = ProcessHandle.current().pid();
    private final LongSupplier targetPid;
    private long[] lastStat;
    private long lastPressure;
    private long lastSelfTicks;
    private long lastSelfWait;
    private final ProcessFamily family = new ProcessFamily(self);
    private long lastNanos;

    /** @param targetPid the target's PID when it runs on this machine, else -1; asked at every sample (a relaunch changes it) */
    public HostSampler(LongSupplier targetPid) {
        this.targetPid = targetPid;
        reset();
    }

    /** Starts a new interval now. */
    public void reset() {
        lastNanos = System.nanoTime();
        lastStat = ProcFiles.stat(ProcFiles.read(STAT));
        lastPressure = ProcFiles.pressureSomeMicros(ProcFiles.read(PRESSURE));
        long target = targetPid.getAsLong() == self ? -1 : targetPid.getAsLong();
        lastSelfTicks = generatorTicks(target);
        lastSelfWait = generatorWait(target);
        // the target alone until a snapshot of every process says who else is its (adoptFamily: the watch takes one at
        // each step's start anyway, and two full reads of /proc at start-up are one too many)
        if (target != family.root()) family.adopt(target, Map.of());
        else family.mark();
    }

    /**
     * Re-reads which processes are the target's from {@code all} (a snapshot the caller took anyway): a worker a
     * pre-fork server started since is counted as the target's from the next sample on.
     */
    public void adoptFamily(Map<Long, ProcessCpu> all) {
        family.adopt(family.root(), all);
    }

    /** The target's processes as last read (empty when the target is not a process here). */
    public Set<Long> targetFamily() {
        return family.members();
    }

    /** The health of the interval since the last sample (or {@link #reset}), and starts the next one. */
    public HostHealth sample() {
        long now = System.nanoTime();
        double sec = Math.max(1e-3, (now - lastNanos) / 1e9);
        long[] stat = ProcFiles.stat(ProcFiles.read(STAT));
        long pressure = ProcFiles.pressureSomeMicros(ProcFiles.read(PRESSURE));
        long target = targetPid.getAsLong();
        if (target == self) {
            target = -1; // a service inside Brink's own JVM (tests, embedded): its CPU is already the generator's
        }
        long selfTicks = generatorTicks(target);
        long selfWait = generatorWait(target);
        // the family's root is the target of the last sample (or reset): the same one, or a relaunch
        boolean sameTarget = target > 0 && target == family.root();
        if (target != family.root()) family.adopt(target, target > 0 ? processes() : Map.of());
        long[] targetUsed = target > 0 ? family.advance() : new long[] {-1, -1};

        int cpus = stat == null ? Runtime.getRuntime().availableProcessors() : (int) Math.max(1, stat[6]);
        double busy = 0, user = 0, system = 0, iowait = 0, steal = 0;
        if (stat != null && lastStat != null && stat[5] > lastStat[5]) {
            double total = stat[5] - lastStat[5];
            user = (stat[0] - lastStat[0]) / total;
            system = (stat[1] - lastStat[1]) / total;
            iowait = (stat[3] - lastStat[3]) / total;
            steal = (stat[4] - lastStat[4]) / total;
            busy = Math.min(1, Math.max(0, 1 - (stat[2] - lastStat[2] + stat[3] - lastStat[3]) / total));
        }
        double psi = pressure >= 0 && lastPressure >= 0 ? Math.min(1, (pressure - lastPressure) / 1e6 / sec) : -1;
        // a worker that exited takes its ticks with it: never a negative share
        double genCores = selfTicks >= 0 && lastSelfTicks >= 0 ? Math.max(0, (selfTicks - lastSelfTicks) / ProcFiles.TICKS_PER_SEC / sec) : 0;
        double targetCores = sameTarget && targetUsed[0] >= 0 ? targetUsed[0] / ProcFiles.TICKS_PER_SEC / sec : -1;
        double others = Math.max(0, busy * cpus - genCores - Math.max(0, targetCores));
        double genWait = selfWait >= 0 && lastSelfWait >= 0 ? Math.max(0, (selfWait - lastSelfWait) / 1e6 / sec) : 0;
        double targetWaitMs = sameTarget && targetUsed[1] >= 0 ? targetUsed[1] / 1e6 / sec : -1;

        lastNanos = now;
        lastStat = stat;
        lastPressure = pressure;
        lastSelfTicks = selfTicks;
        lastSelfWait = selfWait;
        return new HostHealth(System.currentTimeMillis(), cpus, r(busy), r(user), r(system), r(iowait), r(steal),
                stat == null ? 0 : (int) stat[7], ProcFiles.loadAverage(ProcFiles.read(LOADAVG)), r(psi), r(genCores),
                r(targetCores), r(others), r(genWait), r(targetWaitMs), HostHealth.isSaturated(cpus, busy, psi, others));
    }

    /** Processes that send this run's load besides this JVM: the local workers of {@code brink run --shards N}. */
    private static final java.util.Set<Long> WORKERS = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Counts {@code pid}'s CPU as the generator's until {@link #forgetWorker}: a local worker sends the load this
     * process would otherwise send, so its CPU is Brink's, not another process's saturating the host.
     */
    public static void countAsGenerator(long pid) {
        WORKERS.add(pid);
    }

    public static void forgetWorker(long pid) {
        WORKERS.remove(pid);
    }

    /** CPU ticks of Brink's generator: this JVM and its local workers. */
    private long generatorTicks(long target) {
        long t = ProcFiles.ticksOf(self);
        if (t < 0) return t;
        for (long child : generatorChildren(target)) t += Math.max(0, ProcFiles.ticksOf(child));
        return t;
    }

    private long generatorWait(long target) {
        long w = ProcFiles.processWaitNanos(self);
        if (w < 0) return w;
        for (long child : generatorChildren(target)) w += Math.max(0, ProcFiles.processWaitNanos(child));
        return w;
    }

    private static long[] generatorChildren(long target) {
        return WORKERS.stream().mapToLong(Long::longValue).filter(p -> p != target).toArray();
    }

    /**
     * The PID of the process listening on this loopback TCP port, or -1: a target the plan does not name as a JVM
     * (no target.jvm) but that runs here is still the target, not "another process" saturating the host. For a port
     * Docker publishes this is its proxy; the service behind it joins the target's family ({@link PortProxy}).
     */
    public static long listeningPid(int port) {
        return ProcFiles.listeningPid(port);
    }

    /** One process's CPU so far: utime + stime in ticks, its command name and its parent's PID. */
    public record ProcessCpu(long ticks, String name, long parent) {
    }

    /**
     * Every process now, by PID. Reads /proc/PID/stat of each (a few ms for a few hundred processes): call it once
     * per interval of a judged step at most, and diff two with {@link #add}.
     */
    public static Map<Long, ProcessCpu> processes() {
        Map<Long, ProcessCpu> out = new HashMap<>();
        for (long pid : ProcFiles.allPids()) {
            String stat = ProcFiles.processStat(pid);
            long t = ProcFiles.processTicks(stat);
            if (t >= 0) out.put(pid, new ProcessCpu(t, ProcFiles.processName(stat), ProcFiles.processParent(stat)));
        }
        return out;
    }

    /**
     * Adds what each process used between two snapshots to {@code used} (ticks by PID, names kept in
     * {@code names}). A process born in between used all its ticks in between; one that died is not in {@code after}
     * and keeps what earlier snapshots saw of it, so a short-lived CPU hog is still named when sampled every second.
     */
    public static void add(Map<Long, ProcessCpu> before, Map<Long, ProcessCpu> after, Map<Long, Long> used, Map<Long, String> names) {
        for (Map.Entry<Long, ProcessCpu> e : after.entrySet()) {
            ProcessCpu was = before.get(e.getKey());
            long d = e.getValue().ticks() - (was == null ? 0 : was.ticks());
            if (d > 0) {
                used.merge(e.getKey(), d, Long::sum);
                names.put(e.getKey(), e.getValue().name());
            }
        }
    }

    /**
     * The processes other than Brink and the target's ({@code target}: its family, see {@link #targetFamily}) that used
     * the most CPU, as "pid 4242 stress 1.6 cores", at most {@code limit}, heaviest first, only those above 0.05 core
     * over {@code seconds}.
     */
    public static List<String> topOthers(Map<Long, Long> used, Map<Long, String> names, double seconds, Set<Long> target, int limit) {
        long self = ProcessHandle.current().pid();
        List<Map.Entry<Long, Long>> sorted = new ArrayList<>(used.entrySet());
        java.util.Set<Long> mine = new java.util.HashSet<>();
        for (long c : generatorChildren(-1)) mine.add(c);
        sorted.removeIf(e -> e.getKey() == self || target.contains(e.getKey()) || mine.contains(e.getKey()));
        sorted.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        List<String> out = new ArrayList<>();
        for (Map.Entry<Long, Long> e : sorted) {
            double cores = e.getValue() / ProcFiles.TICKS_PER_SEC / Math.max(1e-3, seconds);
            if (out.size() >= limit || cores < 0.05) {
                break;
            }
            out.add(String.format(Locale.ROOT, "pid %d %s %.1f cores", e.getKey(), names.getOrDefault(e.getKey(), "?"), cores));
        }
        return out;
    }


    private static double r(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
