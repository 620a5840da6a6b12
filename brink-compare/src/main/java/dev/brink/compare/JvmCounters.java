package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.JsonlReader;
import dev.brink.core.line.JvmSample;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The target JVM's cumulative counters from jvm.jsonl (JvmSample: {@code cpu.process_cpu_ns}, {@code cpu.jit_cpu_ns},
 * and the sum of {@code gc.*.time_ms} and of {@code gc.*.count} over its collectors), so that the CPU and GC time spent in any window can be read as the
 * difference of the counters, interpolated linearly between the samples around its ends. A window that a counter
 * goes backwards across (the target was relaunched, as for a small-heap soak) or that no sample covers has no
 * figure (NaN).
 */
final class JvmCounters {
    private long[] epochMs = new long[256];
    private double[] cpuMs = new double[256];
    private double[] gcMs = new double[256];
    private double[] gcCount = new double[256];
    private double[] jitMs = new double[256];
    /** Whether every sample kept had the compiler threads' CPU (a local target, a run from this version on). */
    private boolean jitKnown = true;
    private int n;

    static JvmCounters read(Path jvmJsonl) throws BrinkUserException {
        JvmCounters c = new JvmCounters();
        JsonlReader.forEach(jvmJsonl, JvmSample.class, c::add);
        return c;
    }

    private void add(JvmSample sample) {
        long t = sample.epochMs();
        // a line without the process's CPU (hand-made, or cut) counts nothing: skipped, as a line without a time is
        long cpuNs = sample.cpu() == null ? -1 : sample.cpu().processCpuNs();
        if (t <= 0 || cpuNs < 0 || (n > 0 && t <= epochMs[n - 1])) {
            return;
        }
        long jitNs = sample.cpu().jitCpuNs();
        jitKnown &= jitNs >= 0;
        double gc = sample.gcTimeMs();
        double count = sample.gcCount();
        if (n == epochMs.length) {
            epochMs = Arrays.copyOf(epochMs, n * 2);
            cpuMs = Arrays.copyOf(cpuMs, n * 2);
            gcMs = Arrays.copyOf(gcMs, n * 2);
            gcCount = Arrays.copyOf(gcCount, n * 2);
            jitMs = Arrays.copyOf(jitMs, n * 2);
        }
        epochMs[n] = t;
        cpuMs[n] = cpuNs / 1e6;
        gcMs[n] = gc;
        gcCount[n] = count;
        jitMs[n] = Math.max(jitNs, 0) / 1e6;
        n++;
    }

    boolean isEmpty() {
        return n < 2;
    }

    /** Milliseconds of target CPU between {@code fromMs} and {@code toMs}; NaN when not covered. */
    double cpuMs(long fromMs, long toMs) {
        return delta(cpuMs, fromMs, toMs);
    }

    /** Whether {@link #cpuOutsideJitMs} can be read: every sample has the compiler threads' CPU. */
    boolean jitKnown() {
        return n > 0 && jitKnown;
    }

    /**
     * Milliseconds of target CPU between {@code fromMs} and {@code toMs} outside its JIT compiler threads: the CPU that
     * ran the service's code and its GC; NaN when not covered or the compiler's CPU is not known ({@link #jitKnown}).
     */
    double cpuOutsideJitMs(long fromMs, long toMs) {
        return jitKnown() ? delta(cpuMs, fromMs, toMs) - delta(jitMs, fromMs, toMs) : Double.NaN;
    }

    /** Milliseconds of GC between {@code fromMs} and {@code toMs}; NaN when not covered. */
    double gcMs(long fromMs, long toMs) {
        return delta(gcMs, fromMs, toMs);
    }

    /**
     * Collections (of every collector) between {@code fromMs} and {@code toMs}, rounded down, over the part of it the
     * samples cover; -1 when they cover none of it or the counter went back (a new JVM). The
     * counter moves by whole collections at the samples, so the interpolation inside a second is only an estimate of
     * where in it a collection fell.
     */
    long gcCount(long fromMs, long toMs) {
        // the target's last sample may come before the step's last second ends (it was stopped after the last step,
        // and its sampler ticks out of phase with the load's seconds): count the collections the samples cover, as
        // many as the step had to within the sampler's period, rather than none at all
        if (n < 2) {
            return -1;
        }
        long from = Math.max(fromMs, epochMs[0]);
        long to = Math.min(toMs, epochMs[n - 1]);
        if (to <= from) {
            return -1;
        }
        double d = delta(gcCount, from, to);
        return Double.isNaN(d) ? -1 : (long) Math.floor(d + 1e-9);
    }

    private double delta(double[] counter, long fromMs, long toMs) {
        double a = at(counter, fromMs);
        double b = at(counter, toMs);
        double d = b - a;
        return d < 0 ? Double.NaN : d;
    }

    private double at(double[] counter, long t) {
        int i = Arrays.binarySearch(epochMs, 0, n, t);
        if (i >= 0) {
            return counter[i];
        }
        int after = -i - 1;
        if (after == 0 || after == n) {
            return Double.NaN; // before the first sample or after the last: not covered
        }
        int before = after - 1;
        if (counter[after] < counter[before]) {
            return Double.NaN; // a new JVM between the two samples
        }
        double f = (double) (t - epochMs[before]) / (epochMs[after] - epochMs[before]);
        return counter[before] + f * (counter[after] - counter[before]);
    }
}
