package dev.brink.compare;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EventType;
import dev.brink.core.event.Event;
import dev.brink.core.event.StepStart;
import dev.brink.core.JsonlReader;
import dev.brink.core.RunDirectory;
import dev.brink.core.StepNames;
import dev.brink.core.evidence.LatencyLog;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.summary.RunSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run directory as {@code brink compare} and {@code brink history} read it (DESIGN.md "Run directory"): summary.json
 * (capacity, confirmation, soak, findings; absent for a run that died, whose seconds are still compared), load.jsonl
 * (each measured step's seconds), latency.hlog (each second's histogram, matched to its load.jsonl line by the
 * interval's end), jvm.jsonl (the target's CPU and GC counters) and host.jsonl (which seconds the host was shared with
 * other work, {@link SharedHost}). One pass over each file; memory holds the
 * measured steps' units, never the files.
 *
 * <p>A step measured twice (a host-saturated or generator-bound step is measured once more) keeps its last
 * measurement, as the capacity search does.
 */
final class RunRecord {
    /** An hlog interval belongs to the load.jsonl line whose end is this close: the log keeps ms as fractional seconds. */
    private static final long MATCH_MS = 2;

    final Path dir;
    final RunSummary summary;
    final Map<String, StepSeconds> steps;
    private final Map<String, Map<String, HistogramUnits>> latency;
    private final JvmCounters jvm;
    /** host.jsonl's shared seconds; null when the run has no host.jsonl. */
    private final SharedHost host;

    private RunRecord(Path dir, RunSummary summary, Map<String, StepSeconds> steps,
                      Map<String, Map<String, HistogramUnits>> latency, JvmCounters jvm, SharedHost host) {
        this.dir = dir;
        this.summary = summary;
        this.steps = steps;
        this.latency = latency;
        this.jvm = jvm;
        this.host = host;
    }

    /** @throws BrinkUserException one line naming the file: not a run directory, or a corrupt line before the last */
    static RunRecord read(Path dir) throws BrinkUserException {
        Path load = dir.resolve(RunDirectory.LOAD);
        Path summaryFile = dir.resolve(RunDirectory.SUMMARY);
        if (!Files.isDirectory(dir) || !Files.isRegularFile(load) && !Files.isRegularFile(summaryFile)) {
            throw new BrinkUserException(dir + ": not a run directory (expected load.jsonl or summary.json, as brink run, demo, "
                    + "http, grpc or tcp --out DIR write them)");
        }
        RunSummary summary = RunSummary.read(summaryFile);
        Map<String, StepSeconds> steps = seconds(load);
        JsonlReader.forEachLocated(dir.resolve(RunDirectory.EVENTS), (e, where) -> {
            if (e.path("type").asText().equals(EventType.STEP_START)) {
                StepStart start = Event.read(e, StepStart.class, where); // a bad line is one line naming it
                StepSeconds step = steps.get(start.step());
                if (step != null) step.load = new StepSeconds.StepLoad(start.targetRps(), start.users());
            }
        });
        Map<String, Map<String, HistogramUnits>> latency = latency(dir.resolve(RunDirectory.LATENCY), steps);
        JvmCounters jvm = JvmCounters.read(dir.resolve(RunDirectory.JVM));
        return new RunRecord(dir, summary, steps, latency, jvm, SharedHost.read(dir.resolve(RunDirectory.HOST)));
    }

    /** The measured steps in the order run, each its last measurement. */
    private static Map<String, StepSeconds> seconds(Path load) throws BrinkUserException {
        Map<String, StepSeconds> steps = new LinkedHashMap<>();
        String[] current = {null};
        JsonlReader.forEach(load, IntervalStats.class, line -> {
            String step = line.step() == null ? "" : line.step();
            if (!step.equals(current[0]) && StepNames.measured(step)) {
                steps.remove(step); // measured again: the later measurement counts, in its own place in the order
                steps.put(step, new StepSeconds(step));
            }
            current[0] = step;
            if (StepNames.measured(step)) {
                steps.get(step).add(line);
            }
        });
        return steps;
    }

    /** Per step and operation ({@link StepSeconds#ALL} for the totals), the corrected latency unit by unit. */
    private static Map<String, Map<String, HistogramUnits>> latency(Path hlog, Map<String, StepSeconds> steps)
            throws BrinkUserException {
        TreeMap<Long, int[]> byEnd = new TreeMap<>(); // end ms -> {step number, second}
        List<StepSeconds> list = List.copyOf(steps.values());
        for (int s = 0; s < list.size(); s++) {
            for (int i = 0; i < list.get(s).seconds(); i++) {
                byEnd.put(list.get(s).endMs.get(i), new int[] {s, i});
            }
        }
        Map<String, HistogramUnits.Builder> builders = new HashMap<>();
        LatencyLog.forEach(hlog, interval -> {
            String op = operation(interval.tag());
            if (op == null) {
                return;
            }
            int[] at = near(byEnd, interval.endMs());
            if (at == null) {
                return; // a warm-up's or a ramp's second
            }
            StepSeconds step = list.get(at[0]);
            builders.computeIfAbsent(step.name + "\u0000" + op, k -> new HistogramUnits.Builder(step.units()))
                    .add(at[1] / step.secondsPerUnit(), interval.histogram());
        });
        Map<String, Map<String, HistogramUnits>> out = new HashMap<>();
        builders.forEach((key, b) -> {
            int cut = key.indexOf('\u0000');
            out.computeIfAbsent(key.substring(0, cut), k -> new LinkedHashMap<>()).put(key.substring(cut + 1), b.build());
        });
        return out;
    }

    /** The operation a corrected-latency tag is of ({@link StepSeconds#ALL} for the totals), null for other tags. */
    private static String operation(String tag) {
        if (tag.equals(LatencyLog.CORRECTED)) {
            return StepSeconds.ALL;
        }
        String prefix = LatencyLog.corrected("");
        return tag.startsWith(prefix) ? tag.substring(prefix.length()) : null;
    }

    private static int[] near(TreeMap<Long, int[]> byEnd, long endMs) {
        Map.Entry<Long, int[]> floor = byEnd.floorEntry(endMs + MATCH_MS);
        return floor != null && floor.getKey() >= endMs - MATCH_MS ? floor.getValue() : null;
    }

    /** The step's corrected latency of {@code op}, null when latency.hlog has none for it. */
    HistogramUnits latency(String step, String op) {
        return latency.getOrDefault(step, Map.of()).get(op);
    }

    /**
     * Share (0..1) of the step's seconds in which other processes took CPU the target or Brink waited for
     * ({@link SharedHost}); NaN when the run has no host.jsonl or none of its lines falls in the step.
     */
    double sharedShare(StepSeconds step) {
        if (host == null || step.seconds() == 0) {
            return Double.NaN;
        }
        return host.share(step.startMs(0), step.endMs.get(step.seconds() - 1));
    }

    /** Target CPU milliseconds per request, unit by unit; null when the target JVM was not watched. */
    RatioUnits cpuPerRequest(StepSeconds step, boolean outsideJit) {
        return perRequest(step, outsideJit ? Counter.CPU_OUTSIDE_JIT : Counter.CPU);
    }

    /** Whether the target JVM was watched: jvm.jsonl has samples. */
    boolean jvmWatched() {
        return !jvm.isEmpty();
    }

    /** Whether this run's jvm.jsonl has the JIT compiler threads' CPU in every sample. */
    boolean jitKnown() {
        return jvm.jitKnown();
    }

    /** Target GC milliseconds per request, unit by unit; null when the target JVM was not watched. */
    RatioUnits gcPerRequest(StepSeconds step) {
        return perRequest(step, Counter.GC);
    }

    private enum Counter { CPU, CPU_OUTSIDE_JIT, GC }

    /** Collections in the whole step; -1 when the target JVM was not watched or the step is not covered. */
    long collections(StepSeconds step) {
        if (jvm.isEmpty() || step.seconds() == 0) {
            return -1;
        }
        return jvm.gcCount(step.startMs(0), step.endMs.get(step.seconds() - 1));
    }

    private RatioUnits perRequest(StepSeconds step, Counter counter) {
        if (jvm.isEmpty()) {
            return null;
        }
        int spu = step.secondsPerUnit();
        double[] ms = new double[step.units()];
        for (int u = 0; u < ms.length; u++) {
            int first = u * spu;
            int last = Math.min(step.seconds(), first + spu) - 1;
            long from = step.startMs(first);
            long to = step.endMs.get(last);
            ms[u] = switch (counter) {
                case CPU -> jvm.cpuMs(from, to);
                case CPU_OUTSIDE_JIT -> jvm.cpuOutsideJitMs(from, to);
                case GC -> jvm.gcMs(from, to);
            };
        }
        RatioUnits r = new RatioUnits(ms, step.requests());
        return r.units() == 0 ? null : r;
    }

    /** The name a person knows the run by: its directory's name. */
    String name() {
        Path f = dir.toAbsolutePath().normalize().getFileName();
        return f == null ? dir.toString() : f.toString();
    }

    /** The run's start (summary.json), else null. */
    String started() {
        return summary == null ? null : summary.started();
    }

    /** For tests and the history: the steps' names in the order run. */
    List<String> stepNames() {
        return List.copyOf(steps.keySet());
    }
}
