package dev.brink.heap;

import dev.brink.core.BrinkUserException;
import dev.brink.core.InputFiles;
import dev.brink.core.InputKind;
import dev.brink.heap.hprof.HprofFormatException;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.report.Suspects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Heap-dump analysis: class histogram, top dominators, leak suspects with paths from GC roots, duplicate
 * strings, and the holders (named places that keep memory) by which two dumps of one application are compared.
 * One dump gives leak-suspect findings; two give memory-leak findings for the holders that grew
 * ({@code GrowthRules}). Runs on the calling thread, which the reads after the first share with up to three
 * reading threads ({@code HprofScanner.scanHeap}); one call reads the file five times (three indexing passes,
 * then two detail passes) and holds the object graph in primitive arrays; each phase keeps on the heap only what it
 * reads at random, the rest waits in temporary files or is streamed from one in the order it is read. The peak is
 * about 13 bytes per object: 9 per object and 4 per reference while the paths from the roots are searched
 * (reference starts, references, a parent per object), 13 per object in the report (the dominator tree's children
 * lists, the retained sizes and children starts of the objects that have references, class indexes and sizes), so a 10 GiB dump of 154 M objects and 168 M references peaks at about 2 GB of live heap, 2.4 GiB of
 * RSS with the launcher's flags: the bound was 3 GiB at 10 GiB (MAT's dominator pass needs about 24 bytes
 * per object, shark about 19). Two dumps are
 * analysed one after the other: only the first one's {@link HolderSummary} (a few hundred bytes per holder) is
 * kept while the second is, so a diff needs the memory of one analysis.
 */
public final class HeapAnalyzer {
    /**
     * Two dumps are of one application when at least this share of the smaller one's application classes are in
     * the other: a relaunch, another version with a few classes added or renamed, pass; another program does not.
     */
    static final double SAME_APPLICATION_CLASSES = 0.5;

    private HeapAnalyzer() {
    }

    /**
     * Analyses one .hprof or .hprof.gz file.
     *
     * @throws BrinkUserException when the file is missing, unreadable, truncated or not a valid HPROF dump:
     *                            the message names the file, the byte offset and what was expected
     */
    public static HeapReport analyze(Path hprof, HeapOptions options) throws BrinkUserException {
        return run(hprof, options, null, Analysis.Mode.ONE).report();
    }

    /** Analyses one dump, keeping its holders for a later comparison. */
    public static HeapSnapshot snapshot(Path hprof, HeapOptions options) throws BrinkUserException {
        return run(hprof, options, null, Analysis.Mode.ONE);
    }

    /**
     * Analyses a later dump and compares its holders with an earlier dump's ({@link HeapSnapshot#diff()}).
     *
     * @throws BrinkUserException as {@link #analyze}; also when the dumps are of different applications, or the
     *                            later one was written before the earlier one
     */
    public static HeapSnapshot snapshot(Path later, HolderSummary before, HeapOptions options) throws BrinkUserException {
        return run(later, options, before, Analysis.Mode.LATER);
    }

    /** Analyses dump A, then dump B, and compares them holder by holder; one graph in memory at a time. */
    public static HeapDiff diff(Path a, Path b, HeapOptions options) throws BrinkUserException {
        HolderSummary before = run(a, options, null, Analysis.Mode.BASELINE).holders();
        // A's graph is garbage now, but its arrays sit in the old generation and its parked GC-path parents stay
        // mapped (their touched pages count in RSS) until a full collection: one now, before B's arrays are
        // allocated, keeps the diff's peak at one analysis's
        System.gc();
        return run(b, options, before, Analysis.Mode.LATER).diff();
    }

    private static HeapSnapshot run(Path file, HeapOptions options, HolderSummary before, Analysis.Mode mode) throws BrinkUserException {
        // a directory, a missing file and a device (/dev/zero never ends) each get their own line; the size limit is
        // high: the graph is built in passes over the file, not held in memory
        try {
            InputFiles.checkRegular(file, InputKind.HEAP_DUMP);
        } catch (BrinkUserException e) {
            throw new BrinkUserException("cannot read heap dump " + e.getMessage());
        }
        HeapGraph g;
        try {
            g = GraphBuilder.build(file, options.progress());
        } catch (HprofFormatException e) {
            throw new BrinkUserException(file + ": " + (e.offset() >= 0 ? "at byte " + e.offset() + ": " : "") + e.getMessage());
        } catch (NoSuchFileException e) {
            throw new BrinkUserException("cannot read heap dump " + file + ": no such file");
        } catch (IOException | UncheckedIOException e) {
            throw new BrinkUserException(file + ": cannot read the dump (" + causes(e) + "): expected a readable .hprof or gzip-compressed .hprof.gz file");
        }
        Set<String> appClasses = applicationClasses(g);
        if (before != null) {
            sameApplication(before, file, g, appClasses);
        }
        try {
            return new Analysis(file, g, options, before, mode, appClasses).run();
        } catch (IOException | UncheckedIOException e) {
            throw new BrinkUserException(file + ": cannot re-read the dump (" + causes(e) + "); did the file change during analysis?");
        } catch (HprofFormatException e) {
            throw new BrinkUserException(file + ": at byte " + e.offset() + ": " + e.getMessage());
        }
    }

    /**
     * An I/O failure in one line with what caused it, e.g. "cannot read back the analysis's temporary file:
     * IOException: No space left on device": the wrapper's words say which file, the cause's class and message say
     * whether the disk is full, the file shrank or brink has a bug (a ClosedChannelException), which the wrapper's
     * words alone cannot. An UncheckedIOException only carries its cause, so its own text is what the cause adds.
     */
    static String causes(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String text = t.getMessage();
            if (t instanceof UncheckedIOException && t.getCause() != null && (text == null || text.equals(t.getCause().toString()))) {
                continue; // new UncheckedIOException(cause) only repeats its cause
            }
            out.append(out.isEmpty() ? "" : ": ");
            if (t instanceof UncheckedIOException) {
                out.append(text);
            } else {
                out.append(t.getClass().getSimpleName()).append(text == null ? "" : ": " + text);
            }
        }
        return out.toString();
    }

    /** Class names outside the JDK, without the JVM's generated ones (lambdas, proxies: their names vary by run). */
    private static Set<String> applicationClasses(HeapGraph g) {
        Set<String> out = new HashSet<>();
        for (int c = 0; c < g.classes().size(); c++) {
            String n = g.classes().name(c);
            if (!Suspects.platform(n) && !n.endsWith("[]") && !n.contains("$$") && !n.contains("/0x") && !n.contains("+0x")
                    && !n.startsWith("$Proxy") && !n.contains(".$Proxy")) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * Checked once B's graph is read, before the long part of its analysis: two different programs share no
     * holder worth comparing, and a diff of them would call everything in B new growth.
     */
    private static void sameApplication(HolderSummary before, Path later, HeapGraph g, Set<String> appClasses) throws BrinkUserException {
        Set<String> a = before.applicationClasses();
        long shared = appClasses.stream().filter(a::contains).count();
        int smaller = Math.min(a.size(), appClasses.size());
        boolean unrelated = smaller == 0 ? a.size() != appClasses.size() : shared < SAME_APPLICATION_CLASSES * smaller;
        if (unrelated) {
            throw new BrinkUserException(String.format(Locale.ROOT, "%s and %s are not dumps of one application: they share %d of their "
                    + "%d and %d application classes, so no holder can be compared; expected two dumps of one service (or of its relaunch)",
                    before.file(), later, shared, a.size(), appClasses.size()));
        }
        long ta = before.timestampMillis();
        long tb = g.timestampMillis();
        if (ta > 0 && tb > 0 && tb < ta) {
            throw new BrinkUserException(String.format(Locale.ROOT, "%s was written before %s (%s < %s by their HPROF time stamps): "
                    + "expected the earlier dump first, brink heap diff EARLIER LATER", later, before.file(),
                    java.time.Instant.ofEpochMilli(tb), java.time.Instant.ofEpochMilli(ta)));
        }
    }

}
