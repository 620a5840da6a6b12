package dev.brink.shard;

import com.fasterxml.jackson.databind.JsonNode;
import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.EventLog;
import dev.brink.core.EventType;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.FindingSet;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.core.Json;
import dev.brink.core.JsonlWriter;
import dev.brink.core.Numbers;
import dev.brink.core.OutputFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.Shard;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GeneratorBoundDetail;
import dev.brink.core.detail.ShardIncompleteDetail;
import dev.brink.core.event.GeneratorBound;
import dev.brink.core.event.LoadClose;
import dev.brink.core.event.LoadOpen;
import dev.brink.core.event.ShardsMerged;
import dev.brink.core.event.StepEnd;
import dev.brink.core.event.StepStart;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.GeneratorIssue;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.IntervalStats;
import dev.brink.core.line.Percentiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code brink merge}: one run directory from the N shards of one load.
 *
 * <ul>
 *   <li>Latency is the SUM of the shards' interval histograms (HdrHistogram add: the merged histogram holds every
 *       recorded value, so its percentiles are the union's, exactly as one process would have recorded them).
 *       Percentiles of shards are never averaged: the p99 of a union is not the mean of the parts' p99s.</li>
 *   <li>Seconds are matched by wall clock: a shard's second ending at epoch ms E belongs to the merged second
 *       {@code round((E − origin) / 1000)}, origin being the common {@code --start-at} (or the earliest start); counts
 *       add, target rates add (each shard's is its share), percentiles come from that second's summed histograms.</li>
 *   <li>Generator health stays per shard (shards/I/generator.jsonl); the merged generator.jsonl holds the worst
 *       shard's figures per second with each reason prefixed by its shard, and a step is generator-bound when any
 *       shard's was, naming the shards.</li>
 *   <li>A shard whose process died is kept up to its death and named by a {@code shard-incomplete} finding.</li>
 * </ul>
 */
public final class ShardMerge {
    /** Directory in the merged run that keeps every shard's own files, by index. */
    public static final String SHARDS_DIR = "shards";

    private final List<ShardRun> shards;
    private final int count;
    private final long originMs;

    private ShardMerge(List<ShardRun> shards) {
        this.shards = shards;
        this.count = shards.get(0).shard.count();
        this.originMs = origin(shards);
    }

    /** What the merge wrote: the merged run directory, and the shards that had not finished. */
    public record Result(Path out, int shards, List<String> incomplete, long requests, double seconds, double stepSeconds,
                         long p99Micros) {
    }

    /**
     * Reads, checks and merges {@code dirs} into {@code out}.
     * @throws BrinkUserException one line: not a run directory, not a shard, different loads or N, a duplicate or
     *                            missing shard, an output directory that already holds a run
     */
    public static Result merge(List<Path> dirs, Path out) throws BrinkUserException {
        if (dirs.isEmpty()) throw new BrinkUserException("brink merge: expected the shards' run directories");
        List<ShardRun> runs = new ArrayList<>();
        for (Path d : dirs) {
            runs.add(ShardRun.read(d));
            // inside a shard's directory, the copy of that shard's files would copy itself
            if (out.toAbsolutePath().normalize().startsWith(d.toAbsolutePath().normalize())) {
                throw new BrinkUserException(out + ": --out is " + d + " or inside it: expected a directory outside the shards'");
            }
        }
        check(runs);
        if (Files.exists(out.resolve(RunDirectory.EVENTS)) || Files.exists(out.resolve(RunDirectory.LOAD))) {
            throw new BrinkUserException(out + ": already holds a run (events.jsonl or load.jsonl): expected a new or empty directory");
        }
        runs.sort(Comparator.comparingInt(r -> r.shard.index()));
        try {
            return new ShardMerge(runs).write(RunDirectory.at(out));
        } catch (IOException e) {
            throw OutputFiles.cannotWrite(out, e);
        }
    }

    /** The shards are the N parts of one load: one N, each index once, the same target, operations and steps. */
    private static void check(List<ShardRun> runs) throws BrinkUserException {
        ShardRun first = runs.get(0);
        int n = first.shard.count();
        ShardRun[] byIndex = new ShardRun[n];
        for (ShardRun r : runs) {
            if (r.shard.count() != n) {
                throw new BrinkUserException(r.dir + ": shard " + r.shard + " but " + first.dir + " is shard " + first.shard
                        + ": expected the shards of one load (the same N)");
            }
            ShardRun other = byIndex[r.shard.index()];
            if (other != null) {
                throw new BrinkUserException(r.dir + ": shard " + r.shard + " again (also " + other.dir
                        + "): expected each shard once");
            }
            byIndex[r.shard.index()] = r;
            String diff = differentLoad(first, r);
            if (diff != null) {
                throw new BrinkUserException(r.dir + ": not the load of " + first.dir + " (" + diff + "): expected shards of one plan");
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) if (byIndex[i] == null) missing.add(i + "/" + n);
        if (!missing.isEmpty()) {
            throw new BrinkUserException("shard " + String.join(", ", missing) + " missing: expected " + n
                    + " run directories, one per shard (got " + runs.size() + ")");
        }
    }

    /** What differs between two shards' loads, or null. A dead shard ran fewer steps: only common ones compare. */
    private static String differentLoad(ShardRun a, ShardRun b) throws BrinkUserException {
        JsonNode na = a.event(EventType.LOAD_OPEN);
        JsonNode nb = b.event(EventType.LOAD_OPEN);
        if (na != null && nb != null) {
            LoadOpen oa = LoadOpen.read(na);
            LoadOpen ob = LoadOpen.read(nb);
            if (!Objects.equals(oa.target(), ob.target())) return "target \"" + oa.target() + "\" vs \"" + ob.target() + "\"";
            if (!oa.operations().equals(ob.operations())) {
                return "operations " + Json.MAPPER.valueToTree(oa.operations()) + " vs " + Json.MAPPER.valueToTree(ob.operations());
            }
        }
        if (a.summary != null && b.summary != null && !Objects.equals(a.summary.plan(), b.summary.plan())) {
            return "plan " + a.summary.plan() + " vs " + b.summary.plan();
        }
        String sa = startAt(a);
        String sb = startAt(b);
        if (sa != null && sb != null && !sa.equals(sb)) return "--start-at " + sa + " vs " + sb;
        byte[] pa = planBytes(a.dir);
        byte[] pb = planBytes(b.dir);
        if (pa != null && pb != null && !Arrays.equals(pa, pb)) return "plan.yaml differs";
        List<StepStart> stepsA = a.events(EventType.STEP_START).stream().map(StepStart::read).toList();
        List<StepStart> stepsB = b.events(EventType.STEP_START).stream().map(StepStart::read).toList();
        for (int i = 0; i < Math.min(stepsA.size(), stepsB.size()); i++) {
            StepStart x = stepsA.get(i);
            StepStart y = stepsB.get(i);
            if (!x.step().equals(y.step())) return "step " + (i + 1) + " step \"" + x.step() + "\" vs \"" + y.step() + "\"";
            if (x.durationS() != y.durationS()) return "step " + (i + 1) + " duration_s " + x.durationS() + " vs " + y.durationS();
            if (!Objects.equals(x.workload(), y.workload())) return "step " + (i + 1) + " workload " + x.workload() + " vs " + y.workload();
        }
        return null;
    }

    private static String startAt(ShardRun r) {
        return r.shard.startAt();
    }

    private static byte[] planBytes(Path dir) throws BrinkUserException {
        Path p = dir.resolve(RunDirectory.PLAN);
        if (!Files.exists(p)) return null;
        return InputFiles.readBytes(p, InputKind.PLAN);
    }

    /** The common start: --start-at when the shards had one, else the earliest recorded second's start. */
    private static long origin(List<ShardRun> runs) {
        String at = runs.get(0).shard.startAt();
        if (at != null) return Instant.parse(at).toEpochMilli();
        long min = Long.MAX_VALUE;
        for (ShardRun r : runs) {
            for (ShardRun.Interval i : r.latency) min = Math.min(min, i.startMs());
            for (IntervalStats s : r.seconds) min = Math.min(min, s.epochMs() - Math.round(s.intervalS() * 1000));
        }
        return min == Long.MAX_VALUE ? 0 : min;
    }

    /** The merged second a shard's interval ending at {@code endMs} belongs to. */
    private long second(long endMs) {
        return Math.round((endMs - originMs) / 1000.0);
    }

    /** One merged second of one step: the shards' lines and their histograms by tag. */
    private static final class Bucket {
        final long second;
        final String step;
        final List<IntervalStats> lines = new ArrayList<>();
        final List<String> shardsIn = new ArrayList<>();
        final Map<String, Histogram> latency = new LinkedHashMap<>();
        long startMs = Long.MAX_VALUE;
        long endMs;

        Bucket(long second, String step) {
            this.second = second;
            this.step = step;
        }

        Histogram tag(String tag) {
            return latency.computeIfAbsent(tag, t -> new Histogram(3)); // auto-resizing, 3 digits as recorded
        }
    }

    private Result write(RunDirectory run) throws IOException, BrinkUserException {
        TreeMap<String, Bucket> buckets = new TreeMap<>();
        for (ShardRun r : shards) {
            // a shard's latency intervals end when its load.jsonl lines do (RunOutput writes both per interval):
            // the line gives the interval its step; an interval whose line the kill cut takes its shard's last step
            Map<Long, IntervalStats> lineByEnd = new HashMap<>();
            for (IntervalStats s : r.seconds) lineByEnd.put(s.epochMs(), s);
            String lastStep = r.seconds.isEmpty() ? "" : r.seconds.get(r.seconds.size() - 1).step();
            for (IntervalStats s : r.seconds) {
                Bucket b = bucket(buckets, second(s.epochMs()), s.step());
                b.lines.add(s);
                b.shardsIn.add(r.shard.toString());
            }
            for (ShardRun.Interval i : r.latency) {
                IntervalStats line = near(lineByEnd, i.endMs());
                Bucket b = bucket(buckets, second(i.endMs()), line != null ? line.step() : lastStep);
                b.tag(i.tag()).add(i.histogram());
                b.startMs = Math.min(b.startMs, i.startMs());
                b.endMs = Math.max(b.endMs, i.endMs());
            }
        }
        List<Bucket> ordered = new ArrayList<>(buckets.values());
        ordered.sort(Comparator.comparingLong((Bucket b) -> b.second).thenComparingLong(b -> b.endMs));
        Histogram all = new Histogram(3);
        long requests = 0;
        try (JsonlWriter load = new JsonlWriter(run.file(RunDirectory.LOAD))) {
            for (Bucket b : ordered) {
                if (b.latency.containsKey("corrected")) all.add(b.latency.get("corrected"));
                if (b.lines.isEmpty()) continue;
                IntervalStats merged = mergedLine(b);
                requests += merged.sent();
                load.append(merged);
            }
        }
        writeLatency(run, ordered);
        writeGenerator(run);
        List<Finding> findings = findings();
        Map<String, List<String>> boundSteps = boundSteps();
        if (!boundSteps.isEmpty()) findings.add(generatorBound(boundSteps));
        List<String> incomplete = new ArrayList<>();
        for (ShardRun r : shards) {
            if (!r.complete()) {
                incomplete.add(r.shard.toString());
                findings.add(incomplete(r));
            }
        }
        findings.sort(Comparator.comparing(Finding::severity));
        writeEvents(run, boundSteps, findings);
        keepShards(run);
        double seconds = ordered.isEmpty() ? 0 : (ordered.get(ordered.size() - 1).endMs - Math.min(originMs,
                ordered.get(0).startMs)) / 1000.0;
        writeSummary(run, findings, incomplete, seconds);
        double stepSeconds = shards.stream().mapToDouble(r -> r.events(EventType.STEP_START).stream()
                .mapToDouble(e -> StepStart.read(e).durationS()).sum()).max().orElse(0);
        return new Result(run.root(), shards.size(), incomplete, requests, seconds, stepSeconds,
                all.getTotalCount() == 0 ? 0 : all.getValueAtPercentile(99));
    }

    private static Bucket bucket(TreeMap<String, Bucket> buckets, long second, String step) {
        return buckets.computeIfAbsent(String.format("%012d\u0000%s", second, step), k -> new Bucket(second, step));
    }

    /** The line whose end is within 2 ms of {@code endMs} (the hlog keeps milliseconds as fractional seconds). */
    private static IntervalStats near(Map<Long, IntervalStats> byEnd, long endMs) {
        for (long d = 0; d <= 2; d++) {
            IntervalStats s = byEnd.get(endMs + d);
            if (s == null) s = byEnd.get(endMs - d);
            if (s != null) return s;
        }
        return null;
    }

    private IntervalStats mergedLine(Bucket b) {
        long sent = 0;
        long ok = 0;
        long dropped = 0;
        double target = 0;
        double interval = 0;
        int inFlight = 0;
        int waiting = 0;
        int connections = 0;
        boolean bound = false;
        long epoch = 0;
        Map<String, Long> errors = new TreeMap<>();
        Map<String, IntervalStats.Op> ops = new LinkedHashMap<>();
        for (IntervalStats s : b.lines) {
            sent += s.sent();
            ok += s.ok();
            dropped += s.dropped();
            target += s.targetRps();
            interval = Math.max(interval, s.intervalS());
            inFlight += s.inFlight();
            waiting += s.waiting();
            connections += s.connections();
            bound |= s.generatorBound();
            epoch = Math.max(epoch, s.epochMs());
            s.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
            s.ops().forEach((name, op) -> ops.merge(name, op, (x, y) -> sumOp(x, y)));
        }
        boolean oneOp = ops.size() == 1;
        Map<String, IntervalStats.Op> withLatency = new LinkedHashMap<>();
        ops.forEach((name, op) -> withLatency.put(name, new IntervalStats.Op(op.targetRps(), op.sent(), op.ok(), op.errors(),
                op.dropped(), percentiles(b, oneOp ? "corrected" : "corrected." + name),
                percentiles(b, oneOp ? "uncorrected" : "uncorrected." + name))));
        return new IntervalStats(epoch, Numbers.round((epoch - originMs) / 1000.0), b.step, Numbers.round(interval),
                Numbers.round(target), sent, ok, errors, dropped, percentiles(b, "corrected"), percentiles(b, "uncorrected"),
                inFlight, waiting, connections, bound, withLatency);
    }

    private static IntervalStats.Op sumOp(IntervalStats.Op x, IntervalStats.Op y) {
        Map<String, Long> errors = new TreeMap<>(x.errors());
        y.errors().forEach((k, v) -> errors.merge(k, v, Long::sum));
        return new IntervalStats.Op(Numbers.round(x.targetRps() + y.targetRps()), x.sent() + y.sent(), x.ok() + y.ok(), errors,
                x.dropped() + y.dropped(), Percentiles.EMPTY, Percentiles.EMPTY);
    }

    private static Percentiles percentiles(Bucket b, String tag) {
        Histogram h = b.latency.get(tag);
        return h == null ? Percentiles.EMPTY : Percentiles.of(h);
    }

    private void writeLatency(RunDirectory run, List<Bucket> ordered) throws BrinkUserException {
        OutputFiles.write(run.file(RunDirectory.LATENCY), out -> {
            PrintStream stream = new PrintStream(out, false, StandardCharsets.UTF_8);
            HistogramLogWriter w = new HistogramLogWriter(stream);
            w.outputComment("Brink latency log merged from " + count + " shards: each interval is the sum of the shards'"
                    + " histograms of that wall-clock second; values in microseconds");
            w.outputLogFormatVersion();
            w.outputStartTime(originMs);
            w.setBaseTime(originMs);
            w.outputBaseTime(originMs);
            w.outputLegend();
            for (Bucket b : ordered) {
                for (Map.Entry<String, Histogram> e : b.latency.entrySet()) {
                    Histogram h = e.getValue();
                    h.setTag(e.getKey());
                    w.outputIntervalHistogram((b.startMs - originMs) / 1000.0, (b.endMs - originMs) / 1000.0, h, 1000.0);
                }
            }
            stream.flush();
        });
    }

    /** Per merged second, the worst shard's health; reasons and issues of every shard, each reason naming its shard. */
    private void writeGenerator(RunDirectory run) throws BrinkUserException, IOException {
        TreeMap<Long, GeneratorHealth> merged = new TreeMap<>();
        for (ShardRun r : shards) {
            for (GeneratorHealth g : r.generator) {
                long s = second(g.epochMs());
                List<String> reasons = g.reasons().stream().map(x -> "shard " + r.shard + ": " + x).toList();
                GeneratorHealth mine = new GeneratorHealth(g.epochMs(), g.processCpu(), g.loopCpu(), g.gcPauseMs(), g.lagP99Ms(),
                        g.connections(), g.ephemeralPortsInUse(), g.ephemeralPortRange(), g.timeWait(), g.dropped(), reasons,
                        g.heapAfterGcBytes(), g.loadedClasses(), g.blockedThreads(), g.issues());
                merged.merge(s, mine, ShardMerge::worse);
            }
        }
        try (JsonlWriter w = new JsonlWriter(run.file(RunDirectory.GENERATOR))) {
            for (GeneratorHealth g : merged.values()) w.append(g);
        }
    }

    private static GeneratorHealth worse(GeneratorHealth a, GeneratorHealth b) {
        List<String> reasons = new ArrayList<>(a.reasons());
        reasons.addAll(b.reasons());
        List<GeneratorIssue> issues = new ArrayList<>(a.issues()); // one per reason, in its order (GeneratorHealth)
        issues.addAll(b.issues());
        return new GeneratorHealth(Math.max(a.epochMs(), b.epochMs()), Math.max(a.processCpu(), b.processCpu()),
                Math.max(a.loopCpu(), b.loopCpu()), Math.max(a.gcPauseMs(), b.gcPauseMs()), Math.max(a.lagP99Ms(), b.lagP99Ms()),
                a.connections() + b.connections(), Math.max(a.ephemeralPortsInUse(), b.ephemeralPortsInUse()),
                Math.max(a.ephemeralPortRange(), b.ephemeralPortRange()), Math.max(a.timeWait(), b.timeWait()),
                a.dropped() + b.dropped(), reasons, Math.max(a.heapAfterGcBytes(), b.heapAfterGcBytes()),
                Math.max(a.loadedClasses(), b.loadedClasses()), Math.max(a.blockedThreads(), b.blockedThreads()), issues);
    }

    /** Each shard's findings, one per kind and subject (N shards see the same problem N times). */
    private List<Finding> findings() {
        FindingSet set = new FindingSet();
        for (ShardRun r : shards) {
            if (r.summary != null) {
                for (Finding f : r.summary.findings()) set.add(f);
            } else {
                for (JsonNode e : r.events(EventType.FINDING)) {
                    try {
                        set.add(Json.MAPPER.treeToValue(e.get("finding"), Finding.class));
                    } catch (IOException | IllegalArgumentException | NullPointerException ex) {
                        // a finding the dead shard was writing when it died: its summary never had it either
                    }
                }
            }
        }
        // the shards' own generator-bound findings are replaced by the merged one, which names them all
        return new ArrayList<>(set.all().stream().filter(f -> f.kind() != FindingKind.GENERATOR_BOUND).toList());
    }

    /** Step name → the shards ("1/4") whose generator fell behind in it (generator-bound events or step-end). */
    private Map<String, List<String>> boundSteps() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (ShardRun r : shards) {
            Set<String> steps = new LinkedHashSet<>();
            for (StepEnd e : stepEnds(r)) {
                if (e.generatorBound()) steps.add(e.step());
            }
            if (r.event(EventType.STEP_END) == null || !r.complete()) {
                // a dead shard wrote no step-end for its last step: its generator-bound seconds say it
                for (JsonNode e : r.events(EventType.GENERATOR_BOUND)) steps.add(GeneratorBound.read(e).step());
            }
            for (String s : steps) out.computeIfAbsent(s, k -> new ArrayList<>()).add(r.shard.toString());
        }
        return out;
    }

    /**
     * One finding naming the shards whose generator fell behind, the most often behind first: on a shared machine
     * every shard may lag a little, and the one starved of CPU is the one behind in most of its seconds.
     */
    private Finding generatorBound(Map<String, List<String>> boundSteps) {
        Set<String> named = new LinkedHashSet<>();
        boundSteps.values().forEach(named::addAll);
        List<ShardRun> bound = shards.stream().filter(r -> named.contains(r.shard.toString()))
                .sorted(Comparator.comparingDouble((ShardRun r) -> -boundShare(r))).toList();
        List<String> names = bound.stream().map(r -> r.shard.toString()).toList();
        Map<String, Object> detail = Detail.map(new GeneratorBoundDetail(null, names, List.copyOf(boundSteps.keySet())));
        String who = (names.size() == 1 ? "shard " : "shards ") + String.join(", ", names);
        String seconds = String.join(", ", bound.stream().map(r -> r.shard + " in " + boundSeconds(r) + " of "
                + r.generator.size() + " s").toList());
        return new Finding(FindingKind.GENERATOR_BOUND, Severity.WARNING,
                "The load generator of " + who + " could not keep its schedule in " + String.join(", ", boundSteps.keySet())
                        + " (behind: " + seconds + ")", who, List.of(SHARDS_DIR), detail);
    }

    /** Seconds in which the shard's generator fell behind (generator.jsonl lines with reasons). */
    private static long boundSeconds(ShardRun r) {
        return r.generator.stream().filter(GeneratorHealth::bound).count();
    }

    private static double boundShare(ShardRun r) {
        return r.generator.isEmpty() ? 0 : boundSeconds(r) / (double) r.generator.size();
    }

    private Finding incomplete(ShardRun r) {
        Map<String, Object> detail = Detail.map(ShardIncompleteDetail.merged(r.shard.toString(), r.dir.toString(), List.copyOf(r.signs),
                r.lastEpochMs(), r.seconds.size()));
        String when = r.lastEpochMs() == 0 ? "before its first second"
                : "after " + r.seconds.size() + " s (last second ending " + Instant.ofEpochMilli(r.lastEpochMs()) + ")";
        return new Finding(FindingKind.SHARD_INCOMPLETE, Severity.CRITICAL, "Shard " + r.shard + " ended " + when
                + ": the merged load lacks its part from then on", "shard " + r.shard,
                List.of(SHARDS_DIR + "/" + r.shard.index()), detail);
    }

    private void writeEvents(RunDirectory run, Map<String, List<String>> boundSteps, List<Finding> findings) throws IOException {
        try (EventLog log = new EventLog(run)) {
            List<ShardsMerged.Part> parts = new ArrayList<>();
            for (ShardRun r : shards) {
                parts.add(new ShardsMerged.Part(r.shard.index(), r.shard.count(), r.dir.toString(), r.complete(), List.copyOf(r.signs),
                        r.lastEpochMs(), r.shard.startAt(), r.shard.clockOffset()));
            }
            log.append(EventType.SHARDS_MERGED, new ShardsMerged(parts).fields());
            JsonNode open = shards.get(0).event(EventType.LOAD_OPEN);
            if (open != null) log.append(EventType.LOAD_OPEN, LoadOpen.read(open).fields());
            // steps in the order the longest-running shard ran them; numbers summed over the shards
            ShardRun longest = shards.stream().max(Comparator.comparingInt(r -> r.events(EventType.STEP_START).size())).orElseThrow();
            for (JsonNode e : longest.events(EventType.STEP_START)) {
                StepStart start = StepStart.read(e);
                String step = start.step();
                double rps = shards.stream().flatMap(r -> r.events(EventType.STEP_START).stream().map(StepStart::read))
                        .filter(s -> step.equals(s.step())).mapToDouble(StepStart::targetRps).sum();
                log.append(EventType.STEP_START, start.withTargetRps(Numbers.round(rps)).fields());
                for (ShardRun r : shards) {
                    for (JsonNode g : r.events(EventType.GENERATOR_BOUND)) {
                        GeneratorBound bound = GeneratorBound.read(g);
                        if (step.equals(bound.step())) log.append(EventType.GENERATOR_BOUND, bound.ofShard(r.shard.toString()).fields());
                    }
                }
                log.append(EventType.STEP_END, stepEnd(step, boundSteps.getOrDefault(step, List.of())).fields());
            }
            for (Finding f : findings) log.append(EventType.FINDING, Map.of("finding", f));
            log.append(EventType.LOAD_CLOSE, LoadClose.INSTANCE.fields());
        }
    }

    /** The merged step-end of {@code step}: the shards' rates and drops summed, their error rates weighted by their rates. */
    private StepEnd stepEnd(String step, List<String> boundShards) {
        double achieved = 0;
        double errors = 0;
        double dropped = 0;
        List<String> ran = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (ShardRun r : shards) {
            Set<String> own = new LinkedHashSet<>();
            boolean inStep = false;
            for (StepEnd e : stepEnds(r)) {
                if (!step.equals(e.step())) continue;
                inStep = true;
                achieved += e.achievedRps();
                errors += e.errorRate() * e.achievedRps();
                dropped += e.dropped();
                own.addAll(e.generatorReasons());
            }
            if (inStep) ran.add(r.shard.toString());
            if (!boundShards.contains(r.shard.toString())) continue;
            if (own.isEmpty()) own.add("fell behind its schedule");
            for (String o : own) reasons.add("shard " + r.shard + ": " + o);
        }
        return new StepEnd(step, null, Numbers.round(achieved), achieved > 0 ? Numbers.round(errors / achieved) : 0.0, (long) dropped,
                !boundShards.isEmpty(), reasons, ran);
    }

    private static List<StepEnd> stepEnds(ShardRun r) {
        return r.events(EventType.STEP_END).stream().map(StepEnd::read).toList();
    }

    /** Every file each shard wrote, under shards/I/: nothing a shard recorded is lost by the merge. */
    private void keepShards(RunDirectory run) throws IOException, BrinkUserException {
        for (ShardRun r : shards) {
            Path to = run.root().resolve(SHARDS_DIR).resolve(Integer.toString(r.shard.index()));
            try (Stream<Path> files = Files.walk(r.dir)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Path rel = r.dir.relativize(f);
                    if (rel.startsWith(SHARDS_DIR)) continue;
                    Path dst = to.resolve(rel.toString());
                    if (Files.isDirectory(f)) Files.createDirectories(dst);
                    else if (Files.isRegularFile(f)) {
                        Files.createDirectories(dst.getParent());
                        copy(f, dst);
                    }
                }
            }
        }
        Path plan = shards.get(0).dir.resolve(RunDirectory.PLAN);
        if (Files.isRegularFile(plan)) copy(plan, run.file(RunDirectory.PLAN));
    }

    /** A whole copy or none: a full disk does not leave a half file in the merged directory. */
    private static void copy(Path from, Path to) throws BrinkUserException {
        OutputFiles.write(to, out -> Files.copy(from, out));
    }

    private void writeSummary(RunDirectory run, List<Finding> findings, List<String> incomplete, double seconds)
            throws BrinkUserException {
        // a summary.json may lack any field (an older or hand-edited file): absent values are skipped, not fatal
        String plan = shards.stream().map(r -> r.summary).filter(Objects::nonNull).map(RunSummary::plan).filter(Objects::nonNull)
                .findFirst().orElse(null);
        String started = shards.stream().map(r -> r.summary).filter(Objects::nonNull).map(RunSummary::started)
                .filter(Objects::nonNull).min(Comparator.naturalOrder()).orElse(Instant.ofEpochMilli(originMs).toString());
        String interruptedIn = null;
        for (ShardRun r : shards) {
            if (!r.complete() && !r.seconds.isEmpty()) interruptedIn = r.seconds.get(r.seconds.size() - 1).step();
        }
        boolean interrupted = !incomplete.isEmpty() || shards.stream().anyMatch(r -> r.summary != null && r.summary.interrupted());
        RunSummary s = new RunSummary(BrinkVersion.get(), plan, started, Numbers.round(seconds), interrupted, null, null, null,
                findings, interruptedIn);
        OutputFiles.writeJson(run.file(RunDirectory.SUMMARY), s);
    }
}
