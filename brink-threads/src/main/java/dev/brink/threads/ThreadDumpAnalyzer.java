package dev.brink.threads;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.PoolKind;
import dev.brink.core.detail.PoolStarvationDetail;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brink's thread-dump analysis: reads dumps in any supported {@link DumpFormat} (detected from content) and
 * finds deadlocks, lock contention and busy threads.
 *
 * <p>Several files, or several dumps in one file, are one time series of the same JVM. Errors in the input
 * are {@link BrinkUserException}s naming the file and line; a truncated dump is analysed as far as it goes
 * and named in {@link ThreadAnalysis#notes()}. Stateless and thread-safe. Cost: linear in the size of the
 * input; a 10 000-thread dump takes well under a second (bench/RESULTS.md).
 */
public final class ThreadDumpAnalyzer {
    private ThreadDumpAnalyzer() {
    }

    /** Every dump in one file, in file order. */
    public static List<ThreadDump> parse(Path file) throws BrinkUserException {
        return DumpReader.read(file);
    }

    /** Every dump in {@code bytes}, read as a file named {@code source}. */
    public static List<ThreadDump> parse(String source, byte[] bytes) throws BrinkUserException {
        return DumpReader.read(source, bytes);
    }

    /** Analyses the files as one series. */
    public static ThreadAnalysis analyze(List<Path> files) throws BrinkUserException {
        return analyze(files, null);
    }

    /**
     * Analyses the files as one series; {@code topFile}, if not null, is {@code top -H -b -n1 -p PID} output
     * taken with them, matched to threads by nid.
     */
    public static ThreadAnalysis analyze(List<Path> files, Path topFile) throws BrinkUserException {
        if (files.isEmpty()) throw new BrinkUserException("no thread-dump file given");
        List<ThreadDump> dumps = new ArrayList<>();
        for (Path f : files) dumps.addAll(parse(f));
        Map<Long, Double> top = topFile == null ? Map.of() : TopOutput.read(topFile);
        List<String> evidence = files.stream().map(Path::toString).toList();
        return analyzeDumps(dumps, top, evidence);
    }

    /**
     * Analyses dumps already read. They are put in time order when every one has a time, else kept in the
     * order given. {@code topCpu} maps OS thread id to %CPU (may be empty); {@code evidence} names the files.
     */
    public static ThreadAnalysis analyzeDumps(List<ThreadDump> dumps, Map<Long, Double> topCpu, List<String> evidence) {
        if (dumps.isEmpty()) throw new IllegalArgumentException("no dumps");
        List<ThreadDump> ordered = new ArrayList<>(dumps);
        if (ordered.stream().allMatch(d -> d.time() != null)) {
            ordered.sort(Comparator.comparing(ThreadDump::time, Comparator.<Instant>naturalOrder()));
        }
        List<String> notes = new ArrayList<>();
        Set<DumpFormat> formats = new LinkedHashSet<>();
        for (ThreadDump d : ordered) {
            formats.add(d.format());
            if (d.truncated() != null) notes.add(d.where() + ": dump " + d.truncated() + "; analysed what is there");
        }
        if (formats.size() > 1) notes.add("the series mixes formats " + formats + ": lock identities of different "
                + "formats do not match, so contention is counted per format");
        List<LockGraph> graphs = new ArrayList<>(ordered.size());
        for (ThreadDump d : ordered) graphs.add(new LockGraph(d));
        List<Deadlock> deadlocks = DeadlockFinder.find(graphs);
        List<LockContention> contentions = ContentionRanking.rank(graphs);
        List<BusyThread> busy = BusyThreadFinder.find(ordered, topCpu);
        if (!topCpu.isEmpty() && busy.stream().noneMatch(b -> b.topCpuPct() >= 0)) {
            boolean anyMatch = ordered.get(ordered.size() - 1).threads().stream().anyMatch(t -> topCpu.containsKey(t.nid()));
            if (!anyMatch) notes.add("no thread id in the top output matches a nid of the last dump: is it of the same process?");
        }
        List<Finding> findings = new ArrayList<>(FindingWriter.findings(deadlocks, contentions, busy, evidence));
        List<Finding> pools = PoolStarvation.find(ordered, evidence);
        if (pools.stream().anyMatch(f -> Detail.read(f.detail(), PoolStarvationDetail.class).poolKind() == PoolKind.SEMAPHORE)) {
            // a Semaphore's queue is the pool finding, with its holders; as lock contention it had none to name
            findings.removeIf(f -> f.kind() == FindingKind.LOCK_CONTENTION && f.subject().startsWith("java.util.concurrent.Semaphore$"));
        }
        findings.addAll(deadlocks.size(), pools);
        ThreadDump last = ordered.get(ordered.size() - 1);
        return new ThreadAnalysis(ordered, ThreadGroups.of(last), findings, contentions, deadlocks, busy,
                StackGroups.of(last), notes);
    }
}
