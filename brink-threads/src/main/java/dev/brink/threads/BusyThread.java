package dev.brink.threads;

/**
 * A thread that kept a CPU busy: RUNNABLE in the same code in every dump of a series, or high in top -H.
 *
 * @param name        the thread's name
 * @param nid         its OS thread id, -1 if unknown
 * @param frame       its top frame in the last dump
 * @param dumps       dumps it was seen RUNNABLE in that code
 * @param cpuDeltaMs  CPU it used between the first and the last dump, -1 if the dumps do not say
 * @param wallMs      time between those dumps, -1 if unknown
 * @param topCpuPct   its %CPU in the top -H output given, -1 if none
 */
public record BusyThread(String name, long nid, StackFrame frame, int dumps, double cpuDeltaMs, double wallMs,
                         double topCpuPct) {
    /** CPU share between the first and last dump (1.0 = one core), or -1. */
    public double cpuShare() {
        return cpuDeltaMs >= 0 && wallMs > 0 ? cpuDeltaMs / wallMs : -1;
    }
}
