package dev.brink.threads;

import dev.brink.core.detail.CpuLibrary;
import java.util.List;
import java.util.Map;

/**
 * A thread that kept a CPU busy between dumps, or high in top -H.
 *
 * @param name        the thread's name
 * @param nid         its OS thread id, -1 if unknown
 * @param frame       its top frame in the last dump
 * @param dumps       dumps it was sampled running code in (its samples)
 * @param cpuDeltaMs  CPU it used between its first and last dump, -1 if the dumps do not say
 * @param wallMs      time between those dumps, -1 if unknown
 * @param topCpuPct   its %CPU in the top -H output given, -1 if none
 * @param where       the deepest application frame common to all its samples (else the deepest common frame),
 *                    null when the samples share none
 * @param libraries   samples per library the CPU went to ({@link CodeLibrary#of}), most first
 * @param samples     the stacks it was sampled in, top first
 */
public record BusyThread(String name, long nid, StackFrame frame, int dumps, double cpuDeltaMs, double wallMs,
                         double topCpuPct, StackFrame where, Map<CpuLibrary, Integer> libraries,
                         List<List<StackFrame>> samples) {
    public BusyThread {
        libraries = Map.copyOf(libraries);
        samples = List.copyOf(samples);
    }

    /** CPU share between the first and last dump (1.0 = one core), or -1. */
    public double cpuShare() {
        return cpuDeltaMs >= 0 && wallMs > 0 ? cpuDeltaMs / wallMs : -1;
    }

    /** The library most samples ran in, or null without samples. */
    public CpuLibrary mainLibrary() {
        CpuLibrary best = null;
        for (Map.Entry<CpuLibrary, Integer> e : libraries.entrySet()) {
            if (best == null || e.getValue() > libraries.get(best)
                    || e.getValue().equals(libraries.get(best)) && e.getKey().ordinal() < best.ordinal()) {
                best = e.getKey();
            }
        }
        return best;
    }
}
