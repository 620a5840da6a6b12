package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.EvidenceFiles;
import dev.brink.core.FindingDetail.HistogramGrowth;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.Severity;
import dev.brink.heap.ClassHistogram;
import dev.brink.heap.HeapAnalyzer;
import dev.brink.heap.HeapOptions;
import dev.brink.jvm.EvidenceCapture;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Leak evidence and its diagnosis: a class histogram at the start of the soak and one at its end (the class
 * that grew most is named even when no heap dump can be taken), then a heap dump analysed for the suspect that
 * retains the memory and its path from a GC root. Each capture that fails is said on the console and the rest
 * goes on: evidence is best effort, the verdict stands without it.
 */
final class LeakEvidence {
    private static final double MIB = 1024.0 * 1024.0;
    /** Below this growth between the histograms the diff is noise (caches, pools settling), not a finding. */
    private static final long MIN_GROWTH_BYTES = 1024 * 1024;

    private final PrintWriter console;
    private final Function<Finding, Finding> relative;
    private Path startHistogram;
    private Path endHistogram;
    private ClassHistogram start;
    private ClassHistogram end;

    LeakEvidence(PrintWriter console, Function<Finding, Finding> relative) {
        this.console = console;
        this.relative = relative;
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

    /** A histogram during the soak, for its full GC (a whole-heap floor for the trend); kept as evidence. */
    void probe(EvidenceCapture capture) {
        if (capture == null) {
            return;
        }
        try {
            capture.classHistogram();
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

    /** The end histogram compared with the start one: the classes that grew, as one finding (none when nothing grew). */
    List<Finding> histogramGrowth(boolean leakVerdict) {
        if (start == null || end == null) {
            return List.of();
        }
        List<ClassHistogram.Growth> grown = end.grownSince(start, 5);
        if (grown.isEmpty() || grown.get(0).bytesDelta() < MIN_GROWTH_BYTES) {
            return List.of();
        }
        ClassHistogram.Growth top = grown.get(0);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ClassHistogram.Growth g : grown) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put(HistogramGrowth.CLASS, g.className());
            row.put(HistogramGrowth.INSTANCES_BEFORE, g.instancesBefore());
            row.put(HistogramGrowth.INSTANCES_AFTER, g.instancesAfter());
            row.put(HistogramGrowth.BYTES_BEFORE, g.bytesBefore());
            row.put(HistogramGrowth.BYTES_AFTER, g.bytesAfter());
            rows.add(row);
        }
        String title = String.format(Locale.ROOT, "%s grew most during the soak: %+d instances, %+.1f MB (class histograms at start and end)",
                top.className(), top.instancesDelta(), top.bytesDelta() / MIB);
        return List.of(relative.apply(new Finding(FindingKind.MEMORY_LEAK, leakVerdict ? Severity.WARNING : Severity.INFO, title,
                top.className(), List.of(startHistogram.toString(), endHistogram.toString()),
                Map.of(HistogramGrowth.GROWN_CLASSES, rows, HistogramGrowth.LIVE_BYTES_BEFORE, start.totalBytes(), HistogramGrowth.LIVE_BYTES_AFTER, end.totalBytes(),
                        HistogramGrowth.SOURCE, HistogramGrowth.SOURCE_HISTOGRAM_DIFF))));
    }

    /** A heap dump of live objects, analysed; findings name the suspect and its path from a GC root. */
    List<Finding> heapDump(EvidenceCapture capture) {
        if (capture == null) {
            return List.of();
        }
        try {
            console.println("  evidence: heap dump of live objects");
            return analyse(capture.heapDump(true));
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
            return analyse(oom);
        } catch (BrinkUserException e) {
            console.println("  evidence: " + e.getMessage());
            return List.of();
        }
    }

    private List<Finding> analyse(Path hprof) throws BrinkUserException {
        return HeapAnalyzer.analyze(hprof, HeapOptions.defaults()).findings().stream().map(relative).toList();
    }
}
