package dev.brink.core.line;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * The machine's own health over one interval (a host.jsonl line), read from /proc: how busy all its CPUs were and
 * on what, how many tasks were runnable, the kernel's CPU pressure, and who used the CPU: Brink's generator, the
 * target (when it runs on this machine) and everything else. CPU amounts are in cores (1.0 = one CPU for the whole
 * interval); shares are 0..1 of all CPUs. Part of the run-directory contract ({@link dev.brink.core.RunLines}): written
 * by brink-load's host sampler.
 *
 * @param cpus              CPUs of the host (/proc/stat's cpuN lines)
 * @param busy              share of all CPUs not idle (user + nice + system + irq + softirq + steal)
 * @param user              share in user mode (with nice)
 * @param system            share in the kernel (with irq and softirq)
 * @param iowait            share idle while waiting for I/O
 * @param steal             share the hypervisor gave to other machines
 * @param runQueue          tasks runnable at the end of the interval (/proc/stat procs_running), Brink's included
 * @param load1             the 1-minute load average
 * @param cpuPressure       share of the interval in which some runnable task waited for a CPU (/proc/pressure/cpu
 *                          "some"); -1 where the kernel has no PSI
 * @param generatorCores    CPU Brink's own process used
 * @param targetCores       CPU the target process used; -1 when the target is not a process on this machine
 * @param othersCores       CPU everything else used, steal included
 * @param generatorWaitMs   ms per second Brink's threads were runnable but waited for a CPU (/proc/PID/task/TID/schedstat)
 * @param targetWaitMs      the same for the target's threads; -1 when unknown
 * @param saturated         the host was saturated by other processes this interval (see {@link #isSaturated})
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HostHealth(long epochMs, int cpus, double busy, double user, double system, double iowait, double steal,
                         int runQueue, double load1, double cpuPressure, double generatorCores, double targetCores,
                         double othersCores, double generatorWaitMs, double targetWaitMs, boolean saturated) {
    /** The host counts as busy from this share of all its CPUs: above it runnable tasks start to queue. */
    public static final double BUSY_LIMIT = 0.90;
    /**
     * ... or from this share of an interval in which some task waited for a CPU (PSI "some"), which also catches a
     * host kept just under {@link #BUSY_LIMIT} by many short bursts.
     */
    public static final double PRESSURE_LIMIT = 0.50;
    /** Other processes must take at least this share of all CPUs before a busy host is blamed on them, not on Brink or the target. */
    public static final double OTHERS_SHARE_LIMIT = 0.25;
    /** A process waited for a CPU this many ms per second or more (10 % of a core): it was short of CPU. */
    public static final double SHORT_OF_CPU_WAIT_MS = 100;

    /**
     * Saturated by others: the host was busy (or its tasks waited, by PSI) and processes other than Brink's
     * generator and the target used a real share of it. A host Brink and the target fill themselves is not
     * saturated: that is the target's (or the generator's) own limit, for the other rules to judge.
     */
    public static boolean isSaturated(int cpus, double busy, double cpuPressure, double othersCores) {
        return (busy >= BUSY_LIMIT || cpuPressure >= PRESSURE_LIMIT) && othersCores >= OTHERS_SHARE_LIMIT * cpus;
    }

    public boolean generatorShort() {
        return generatorWaitMs >= SHORT_OF_CPU_WAIT_MS;
    }

    public boolean targetShort() {
        return targetWaitMs >= SHORT_OF_CPU_WAIT_MS;
    }
}
