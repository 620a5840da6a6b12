package dev.brink.jfr;

import dev.brink.core.LibraryFamily;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedFrame;

/**
 * The CPU samples of one source ({@link CpuSampleSource}) tallied for the hot-method tables: by top frame, by every
 * frame on the stack, and by path (application frame and the library family it called) with the path's top frame,
 * framework entry and thread pool. {@link JfrAnalyzer} keeps one per source and reports one ({@link #chosen}).
 *
 * <p>Names of lambdas come without the JVM's per-run address, as {@link MethodNames} makes every name: the hidden class
 * {@code com.acme.Quotes$$Lambda.0x000000007e045438} is another name in every run, so a table or a finding that
 * printed it would name a method nobody can find, and two recordings of the same code would not match.
 */
final class CpuSamples {
    final CpuSampleSource source;
    final Tally self = new Tally();
    final Tally total = new Tally();
    final Tally paths = new Tally();
    final Map<String, Tally> pathTops = new HashMap<>();
    /** Per path without an application frame, where its stacks entered the family. */
    final Map<String, Tally> pathEntries = new HashMap<>();
    /** Per path, its samples by thread pool (name pattern); and every pool's samples, for {@link HotPaths}. */
    final Map<String, Tally> pathPools = new HashMap<>();
    final Tally pools = new Tally();
    final Map<LibraryFamily, Long> categories = new EnumMap<>(LibraryFamily.class);
    private final Set<String> seenInSample = new HashSet<>();
    long count;
    /** The CPU time the samples stand for (jdk.CPUTimeSample's samplingPeriod each), 0 for execution samples. */
    double cpuSeconds;
    /**
     * CPU-time samples the JVM took but could not keep (jdk.CPUTimeSamplesLost): the sampler's queue was full, which
     * happens when many threads are on CPU at once — when CPU matters most. Tables keep their shares (a lost sample is
     * any thread's), but the CPU the samples stand for ({@link #cpuSecondsWithLost}) counts them.
     */
    long lost;

    CpuSamples(CpuSampleSource source) {
        this.source = source;
    }

    /** One sample whose stack {@code stack} has read, of a thread of pool {@code pool}, standing for {@code seconds} of CPU. */
    void add(StackView stack, String pool, double seconds) {
        count++;
        cpuSeconds += seconds;
        String top = stack.top;
        self.add(top, 1, stack.appFrame);
        seenInSample.clear();
        for (RecordedFrame fr : stack.frames) {
            String n = stack.name(fr);
            if (seenInSample.add(n)) { // recursion counts a method once per sample
                total.add(n, 1, null);
            }
        }
        String path = stack.appFrame + "\u0000" + stack.category.name();
        paths.add(path, 1, null);
        pathTops.computeIfAbsent(path, k -> new Tally()).add(top, 1, null);
        if (stack.entry != null) {
            pathEntries.computeIfAbsent(path, k -> new Tally()).add(stack.entry, 1, null);
        }
        pools.add(pool, 1, null);
        pathPools.computeIfAbsent(path, k -> new Tally()).add(pool, 1, null);
        categories.merge(stack.category, 1L, Long::sum);
    }

    /** The CPU time the samples stand for, the lost ones counted at the kept ones' mean period. */
    double cpuSecondsWithLost() {
        return count == 0 ? cpuSeconds : cpuSeconds * (count + lost) / count;
    }

    /**
     * The source a recording's CPU tables come from: its CPU-time samples when it has any, else its execution samples
     * — never both, which would count the same CPU twice. CPU-time samples are preferred because they measure CPU:
     * one sample per period of a thread's own CPU time, native code included, where an execution sample is one per
     * period of a thread's wall time in Java, on a CPU or not. A JDK 25 recording made with
     * {@code jdk.CPUTimeSample#enabled=true} next to the default execution samples thus reads as the CPU-time profile
     * its user asked for.
     */
    static CpuSamples chosen(CpuSamples execution, CpuSamples cpuTime) {
        return cpuTime.count > 0 ? cpuTime : execution;
    }
}
