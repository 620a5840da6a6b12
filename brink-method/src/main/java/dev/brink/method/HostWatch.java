package dev.brink.method;

import dev.brink.core.JsonlWriter;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.HostHealth;
import dev.brink.load.host.HostSampler;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Watches the machine beside the load, one host.jsonl line per engine interval, and judges each step on it: a
 * step in which other processes saturated the host for more than {@link #MAX_SATURATED_SHARE} of its seconds
 * measured the machine, not the service, and is host-saturated (see {@link HostHealth#isSaturated}). Its reason
 * says who was short of CPU (the target, Brink's generator, or neither of them) and which processes took it. On a
 * virtual machine the hypervisor may take it too: steal is time this machine's CPUs ran other machines, counted in
 * "others" like any process, and named first when it was a real part of them, since no process of this host did it.
 *
 * <p>{@link #onInterval} runs on the engine's reporting thread; {@link #begin} and {@link #saturation} on the
 * method's thread between steps: the counters are only read once the step's intervals are in.
 */
final class HostWatch implements IntervalListener, Closeable {
    /** The same tolerance as for a generator-bound step: one busy second (a neighbour's compile) is not the step. */
    static final double MAX_SATURATED_SHARE = 1.0 / 3;
    /** Steal is named among those who took the CPU from this many cores on average over the saturated seconds. */
    static final double STEAL_NAMED_CORES = 0.1;

    private final HostSampler sampler;
    private final JsonlWriter out;
    private volatile String step;
    private int seconds;
    private int saturated;
    private int generatorShort;
    private int targetShort;
    private double othersCores;
    private double stealCores;
    private double busy;
    private int cpus;
    private double generatorWaitMs;
    private double targetWaitMs;
    private Map<Long, HostSampler.ProcessCpu> processes = Map.of();
    private final Map<Long, Long> used = new HashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    /** Every process seen as the target's during the step: a pre-fork worker that exited before the end is no "other". */
    private final java.util.Set<Long> targetProcesses = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private long begunNanos;

    /** @param hostJsonl where host.jsonl goes; null for no file (a one-liner without --out) */
    static HostWatch open(Path hostJsonl, LongSupplier targetPid) throws dev.brink.core.BrinkUserException {
        try {
            return new HostWatch(hostJsonl, targetPid);
        } catch (IOException e) {
            throw new dev.brink.core.BrinkUserException("cannot write " + hostJsonl + ": " + e.getMessage());
        }
    }

    private HostWatch(Path hostJsonl, LongSupplier targetPid) throws IOException {
        this.sampler = new HostSampler(targetPid);
        this.out = hostJsonl == null ? null : new JsonlWriter(hostJsonl);
    }

    void begin(String stepName) {
        seconds = 0;
        saturated = 0;
        generatorShort = 0;
        targetShort = 0;
        othersCores = 0;
        stealCores = 0;
        busy = 0;
        generatorWaitMs = 0;
        targetWaitMs = 0;
        used.clear();
        names.clear();
        processes = HostSampler.processes();
        sampler.adoptFamily(processes);
        targetProcesses.clear();
        targetProcesses.addAll(sampler.targetFamily());
        begunNanos = System.nanoTime();
        step = stepName;
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth generator) {
        HostHealth h = sampler.sample();
        if (out != null) out.append(h);
        count(h, interval.step());
    }

    /** Counts one host.jsonl line of the step being measured (a line of another step, or of none, is left out). */
    void count(HostHealth h, String intervalStep) {
        if (intervalStep == null || !intervalStep.equals(step)) {
            return;
        }
        seconds++;
        cpus = h.cpus();
        if (h.saturated()) {
            // Every process's CPU is read in saturated seconds only: the hogs are wanted for a saturated step's reason,
            // and the read is every /proc/PID/stat on the host (about 95 on a quiet machine), the bulk of the main
            // thread's 9 ms a second beside a run. Added since the last read, the differences telescope, so a hog's CPU
            // in a saturated second is counted even when the seconds before it were quiet, and one that ends during
            // the step is still named when it ran in a saturated second (when it did not, it took no CPU that mattered).
            // the same snapshot tells which processes are the target's now: a worker its server started since the last
            // one counts as the target's from the next second on, and is never named among the others
            Map<Long, HostSampler.ProcessCpu> now = HostSampler.processes();
            HostSampler.add(processes, now, used, names);
            processes = now;
            sampler.adoptFamily(now);
            targetProcesses.addAll(sampler.targetFamily());
            saturated++;
            othersCores += h.othersCores();
            stealCores += h.steal() * h.cpus();
            busy += h.busy();
            generatorWaitMs += h.generatorWaitMs();
            targetWaitMs += Math.max(0, h.targetWaitMs());
            generatorShort += h.generatorShort() ? 1 : 0;
            targetShort += h.targetShort() ? 1 : 0;
        }
    }

    /** Why the step just measured was host-saturated, or null when it was not. */
    String saturation() {
        if (seconds == 0 || (double) saturated / seconds <= MAX_SATURATED_SHARE) {
            return null;
        }
        double sec = (System.nanoTime() - begunNanos) / 1e9;
        List<String> top = new ArrayList<>();
        if (stealCores / saturated >= STEAL_NAMED_CORES) {
            top.add(String.format(Locale.ROOT, "the hypervisor (steal: %.1f cores ran other virtual machines)", stealCores / saturated));
        }
        top.addAll(HostSampler.topOthers(used, names, sec, targetProcesses, 3));
        List<String> shortOf = new ArrayList<>();
        if (targetShort * 2 >= saturated) {
            shortOf.add(String.format(Locale.ROOT, "the target (its threads waited %.0f ms per second for a CPU)", targetWaitMs / saturated));
        }
        if (generatorShort * 2 >= saturated) {
            shortOf.add(String.format(Locale.ROOT, "Brink's generator (its threads waited %.0f ms per second for a CPU)", generatorWaitMs / saturated));
        }
        return String.format(Locale.ROOT, "the host was saturated by other processes in %d of %d s: %.0f %% of %d CPUs busy,"
                        + " %.1f cores used by others (limits: busy ≥ %.0f %% or CPU pressure ≥ %.0f %%, others ≥ %.0f %% of the CPUs);"
                        + " short of CPU: %s; took the CPU: %s",
                saturated, seconds, busy / saturated * 100, cpus, othersCores / saturated, HostHealth.BUSY_LIMIT * 100,
                HostHealth.PRESSURE_LIMIT * 100, HostHealth.OTHERS_SHARE_LIMIT * 100,
                shortOf.isEmpty() ? "neither the target nor the generator (someone else)" : String.join(" and ", shortOf),
                top.isEmpty() ? "unknown" : String.join(", ", top));
    }

    @Override
    public void close() {
        try {
            if (out != null) out.close();
        } catch (IOException e) {
            // every line was flushed when written: nothing is lost
        }
    }
}
