package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.JsonlReader;
import dev.brink.core.line.HostHealth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How much of each side's step ran on a host shared with other work, and whether that can account for a latency
 * change — so that {@code brink compare} does not blame a build for what another process did to the machine.
 *
 * <p><b>A shared second</b> (host.jsonl, one line per interval): other processes used at least {@link #OTHERS_CORES}
 * of a core while the target's or Brink's own threads queued for a CPU at least
 * {@link HostHealth#SHORT_OF_CPU_WAIT_MS} ms per second. Both parts are needed: a quiet 2-core host runs the target and
 * the generator with 60–120 ms/s of run-queue wait of their own (their threads outnumber the cores) and others at
 * 0.00–0.05 cores (bench/compare-pairs.sh, 2026-11-28), and others on idle cores delay no one. A request in a shared
 * second waits behind the other work; measured from its intended send time (an open model), so does a request the
 * generator sends late.
 *
 * <p><b>What a share can account for.</b> Say the slower side's step had a share {@code e} more shared seconds than
 * the faster side's, and an open model sends evenly, so about {@code e} of its requests more fell in them. If those
 * were delayed without bound and the rest ran as the faster side's, the slower side's q-quantile would be the faster
 * side's quantile at {@code q / (1 - e)}: any value once {@code e ≥ 1 - q}. So a change of the q-quantile whose slower
 * figure is at most the faster side's figure at {@code q / (1 - e)} can be the host's, and is inconclusive; a larger
 * one cannot, and keeps its verdict (a regression measured beside a build is still a regression when the build cannot
 * explain it). The maximum is one request: any shared second more can explain it. This bounds the host's part from
 * above; it never says the host did it. Throughput, errors, CPU and GC per request are left as they are: the target's
 * own CPU time and allocation per request do not grow while it waits for a CPU.
 *
 * <p>Memory: one boolean and one timestamp per host.jsonl line.
 */
final class SharedHost {
    /**
     * Other processes' CPU, in cores, from which an interval counts as shared: a quarter of a core. On the measured
     * quiet host the rest of the machine stays under 0.05 cores; a compiler, a second service or a test run beside
     * Brink takes 0.3–1.4 (bench/compare-pairs.sh beside a Maven build, 2026-11-28).
     */
    static final double OTHERS_CORES = 0.25;

    private final long[] endMs;
    private final boolean[] shared;

    private SharedHost(long[] endMs, boolean[] shared) {
        this.endMs = endMs;
        this.shared = shared;
    }

    /** host.jsonl of a run; null when the run has none (a run of an earlier Brink, a host without /proc). */
    static SharedHost read(Path hostJsonl) throws BrinkUserException {
        if (!Files.isRegularFile(hostJsonl)) {
            return null;
        }
        List<HostHealth> lines = new ArrayList<>();
        JsonlReader.forEach(hostJsonl, HostHealth.class, lines::add);
        long[] end = new long[lines.size()];
        boolean[] sh = new boolean[lines.size()];
        for (int i = 0; i < end.length; i++) {
            HostHealth h = lines.get(i);
            end[i] = h.epochMs();
            sh[i] = shared(h);
        }
        return new SharedHost(end, sh);
    }

    /** Whether other work took CPU while the target or the generator waited for one, in this interval. */
    static boolean shared(HostHealth h) {
        return h.othersCores() >= OTHERS_CORES && (h.generatorShort() || h.targetShort());
    }

    /** Share (0..1) of the host intervals ending in (fromMs, toMs] that were shared; NaN when none ends there. */
    double share(long fromMs, long toMs) {
        int n = 0;
        int s = 0;
        for (int i = 0; i < endMs.length; i++) {
            if (endMs[i] > fromMs && endMs[i] <= toMs) {
                n++;
                if (shared[i]) {
                    s++;
                }
            }
        }
        return n == 0 ? Double.NaN : (double) s / n;
    }
}
