package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.MemoryLeakDetail;
import dev.brink.core.verdict.SoakVerdictKind;
import dev.brink.heap.ClassHistogram;
import dev.brink.core.summary.HeapGrowth;
import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapDiff;
import dev.brink.heap.HeapOptions;
import dev.brink.jvm.EvidenceCapture;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Leak evidence and its diagnosis: a class histogram at the start of the soak and one at its end (the class
 * that grew most is named even when no heap dump can be taken), and two heap dumps — one at the first full-GC probe,
 * once the service has served the soak's load for a while (its caches and pools filled, as a leak keeps growing),
 * and one at the end or the one the JVM wrote at OutOfMemoryError — compared holder by holder: the field that
 * grew is the leak, named with its growth per hour, and what stayed flat (caches, pools) is not. A heap dump
 * alone says what is big, not what grows: without the first dump (no probes) the one at the end gives leak
 * suspects only. Dumps are compressed by the target where its JDK can, two per soak at most, and kept as
 * evidence. Each capture that fails is said on the console and the rest goes on: evidence is best effort, the
 * verdict stands without it.
 */
final class LeakEvidence {
    private static final double MIB = 1024.0 * 1024.0;
    /** Below this growth between the histograms the diff is noise (caches, pools settling), not a finding. */
    private static final long MIN_GROWTH_BYTES = 1024 * 1024;

    private final PrintWriter console;
    private final Function<Finding, Finding> relative;
    private final Path runRoot;
    private Path startHistogram;
    private Path endHistogram;
    private ClassHistogram start;
    private ClassHistogram end;
    /** The heap dump after the warm-up (the first probe's), or null; written by the probe thread. */
    private volatile Path firstDump;
    private volatile boolean firstDumpTried;
    private HeapGrowth growth;

    LeakEvidence(PrintWriter console, Function<Finding, Finding> relative, Path runRoot) {
        this.console = console;
        this.relative = relative;
        this.runRoot = runRoot;
    }

    /** The histogram the end is compared with. */
    void start(EvidenceCapture capture) {
        if (capture == null) {
            return;
        }
        try {
            startHistogram = capture.classHistogram();
            start = ClassHistogram.read(startHistogram);
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
        }
    }

    /**
     * A full-GC probe during the soak (a whole-heap floor for the trend). The first one is the heap dump after the
     * warm-up (a live dump runs a full GC too); the others are class histograms. Kept as evidence.
     */
    void probe(EvidenceCapture capture) {
        if (capture == null) {
            return;
        }
        try {
            if (!firstDumpTried) {
                firstDumpTried = true;
                firstDump = capture.heapDumpCompressed();
            } else {
                capture.classHistogram();
            }
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
        }
    }

    /** The histogram at the end (a full GC on the target: its total is the live set then). */
    void end(EvidenceCapture capture) {
        if (capture == null || start == null) {
            return;
        }
        try {
            endHistogram = capture.classHistogram();
            end = ClassHistogram.read(endHistogram);
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
        }
    }

    /**
     * How much the live set grew from the start histogram to the end one, in bytes; empty without both. Each
     * histogram is taken right after a full GC, so these are two whole-heap floors even where the GC
     * notifications show young collections only (G1 on JDK 17 reports no concurrent cycle over JMX).
     */
    java.util.OptionalLong liveGrowthBytes() {
        return start == null || end == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(end.totalBytes() - start.totalBytes());
    }

    /**
     * The end histogram compared with the start one: the classes that grew, as one finding (none when nothing grew).
     * Two histograms are two points, not a trend: a healthy service's byte arrays differ by megabytes between any two
     * moments (requests in flight, buffers, caches filling). So the classes are the leak's evidence when the soak's
     * verdict is a leak (a warning), context when no verdict could clear the service (unknown, host saturated, died:
     * info), and nothing when the trend cleared it (stable): a healthy service gets no memory-leak finding. When the
     * heap dumps named the holder that grew ({@code holderNamed}), the classes are that leak seen by class, mostly the
     * JDK's (byte[], the map's nodes): context (info), not a second warning about a JDK class.
     */
    List<Finding> histogramGrowth(SoakVerdictKind verdict, boolean holderNamed) {
        if (start == null || end == null || verdict == SoakVerdictKind.STABLE) {
            return List.of();
        }
        List<ClassHistogram.Growth> grown = end.grownSince(start, 5);
        if (grown.isEmpty() || grown.get(0).bytesDelta() < MIN_GROWTH_BYTES) {
            return List.of();
        }
        ClassHistogram.Growth top = grown.get(0);
        List<MemoryLeakDetail.GrownClass> rows = new ArrayList<>();
        for (ClassHistogram.Growth g : grown) {
            rows.add(new MemoryLeakDetail.GrownClass(g.className(), g.instancesBefore(), g.instancesAfter(), g.bytesBefore(),
                    g.bytesAfter()));
        }
        String title = String.format(Locale.ROOT, "%s grew most during the soak: %+d instances, %+.1f MB (class histograms at start and end)",
                top.className(), top.instancesDelta(), top.bytesDelta() / MIB);
        Severity severity = verdict == SoakVerdictKind.LEAK && !holderNamed ? Severity.WARNING : Severity.INFO;
        return List.of(relative.apply(new Finding(FindingKind.MEMORY_LEAK, severity, title,
                top.className(), List.of(startHistogram.toString(), endHistogram.toString()),
                Detail.map(MemoryLeakDetail.histogramGrowth(rows, start.totalBytes(), end.totalBytes())))));
    }

    /**
     * The heap dump at the end, compared with the one after the warm-up: the holders that grew, as memory-leak
     * findings. Without a first dump, the suspects of this one.
     */
    List<Finding> heapDump(EvidenceCapture capture) {
        if (capture == null) {
            return List.of();
        }
        try {
            console.println("  evidence: heap dump of live objects at the end of the soak");
            return compare(capture.heapDumpCompressed());
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
            return List.of();
        }
    }

    /** The dump the JVM wrote as it ran out of memory (-XX:+HeapDumpOnOutOfMemoryError), when there is one. */
    List<Finding> oomDump(Path evidenceDir) {
        Path oom = evidenceDir.resolve(EvidenceFiles.OOM_HEAP_DUMP);
        if (!Files.isRegularFile(oom)) {
            return List.of();
        }
        console.println("  evidence: the target's dump at OutOfMemoryError, " + oom.getFileName());
        try {
            return compare(oom);
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
            return List.of();
        }
    }

    /** The two dumps compared holder by holder (null when there was no first dump or the comparison failed). */
    HeapGrowth growth() {
        return growth;
    }

    private List<Finding> compare(Path last) throws BrinkUserException {
        Path first = firstDump;
        if (first == null) {
            return HeapAnalyzer.analyze(last, HeapOptions.defaults()).findings().stream().map(relative).toList();
        }
        console.println("  evidence: the heap dumps after the warm-up and at the end, compared holder by holder");
        HeapDiff diff = HeapAnalyzer.diff(first, last, HeapOptions.defaults());
        HeapGrowth g = diff.growth();
        growth = new HeapGrowth(path(g.dumpBefore()), path(g.dumpAfter()), g.epochMsBefore(), g.epochMsAfter(),
                g.heapBytesBefore(), g.heapBytesAfter(), g.grown(), g.filling(), g.stable());
        if (!diff.grew()) {
            console.println("  heap dumps: no holder grew beyond normal churn between them");
        }
        List<Finding> out = new ArrayList<>();
        for (Finding f : diff.findings()) {
            Map<String, Object> detail = Detail.map(Detail.of(f, MemoryLeakDetail.class).withDumps(growth.dumpBefore(), growth.dumpAfter()));
            out.add(relative.apply(new Finding(f.kind(), f.severity(), f.title(), f.subject(), f.evidence(), detail)));
        }
        return out;
    }

    /** A dump's path relative to the run directory, as the report links evidence. */
    private String path(String file) {
        Path p = Path.of(file).toAbsolutePath().normalize();
        Path root = runRoot.toAbsolutePath().normalize();
        return p.startsWith(root) ? root.relativize(p).toString() : file;
    }
}
