package dev.brink.heap;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.FindingDetail.HeapLeak;
import dev.brink.core.FindingKind;
import dev.brink.core.InputFiles;
import dev.brink.core.Severity;
import dev.brink.core.Sizes;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofFormatException;
import dev.brink.heap.index.GraphBuilder;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.report.DetailReader;
import dev.brink.heap.report.DominatedTree;
import dev.brink.heap.report.DuplicateStrings;
import dev.brink.heap.report.GcPaths;
import dev.brink.heap.report.LoaderLeaks;
import dev.brink.heap.report.Suspects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Heap-dump analysis: class histogram, top dominators, leak suspects with paths from GC roots, duplicate
 * strings, and a histogram diff of two dumps. Runs on the calling thread, which the reads after the first share
 * with up to three reading threads ({@code HprofScanner.scanHeap}); one call reads the file five
 * times (three indexing passes, then two detail passes) and holds the object graph in primitive
 * arrays, some of which wait in temporary files while a phase does not read them: roughly 20 bytes per object
 * and 4 per reference at peak.
 */
public final class HeapAnalyzer {
    private HeapAnalyzer() {
    }

    /**
     * Analyses one .hprof or .hprof.gz file.
     *
     * @throws BrinkUserException when the file is missing, unreadable, truncated or not a valid HPROF dump:
     *                            the message names the file, the byte offset and what was expected
     */
    public static HeapReport analyze(Path hprof, HeapOptions options) throws BrinkUserException {
        return run(hprof, options, false).report;
    }

    /** Analyses two dumps and reports how each class's count and sizes changed from A to B. */
    public static HeapDiff diff(Path a, Path b, HeapOptions options) throws BrinkUserException {
        Result ra = run(a, options, true);
        Result rb = run(b, options, true);
        Map<String, ClassRow> before = new HashMap<>();
        for (ClassRow r : ra.allClasses) {
            before.merge(r.className(), r, HeapAnalyzer::sum);
        }
        Map<String, ClassRow> after = new LinkedHashMap<>();
        for (ClassRow r : rb.allClasses) {
            after.merge(r.className(), r, HeapAnalyzer::sum);
        }
        List<ClassDelta> deltas = new ArrayList<>();
        for (ClassRow r : after.values()) {
            ClassRow o = before.getOrDefault(r.className(), new ClassRow(r.className(), 0, 0, 0));
            deltas.add(new ClassDelta(r.className(), o.count(), r.count(), o.shallowBytes(), r.shallowBytes(), o.retainedBytes(), r.retainedBytes()));
        }
        for (ClassRow o : before.values()) {
            if (!after.containsKey(o.className())) {
                deltas.add(new ClassDelta(o.className(), o.count(), 0, o.shallowBytes(), 0, o.retainedBytes(), 0));
            }
        }
        deltas.removeIf(d -> d.countDelta() == 0 && d.shallowDelta() == 0);
        deltas.sort(Comparator.comparingLong((ClassDelta d) -> -Math.abs(d.shallowDelta())).thenComparing(ClassDelta::className));
        return new HeapDiff(a.toString(), b.toString(), ra.report.reachableBytes(), rb.report.reachableBytes(),
                ra.report.reachableObjects(), rb.report.reachableObjects(), deltas.subList(0, Math.min(options.top(), deltas.size())));
    }

    private static ClassRow sum(ClassRow x, ClassRow y) {
        // two classes of one name (different loaders) are one line, as in a histogram by name
        return new ClassRow(x.className(), x.count() + y.count(), x.shallowBytes() + y.shallowBytes(), x.retainedBytes() + y.retainedBytes());
    }

    private record Result(HeapReport report, List<ClassRow> allClasses) {
    }

    private static Result run(Path file, HeapOptions options, boolean allClasses) throws BrinkUserException {
        // a directory, a missing file and a device (/dev/zero never ends) each get their own line; no size limit:
        // the graph is built in passes over the file, not held in memory
        try {
            InputFiles.checkRegular(file, "a heap dump (.hprof or .hprof.gz)", Long.MAX_VALUE);
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
            Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
            throw new BrinkUserException(file + ": cannot read the dump (" + cause.getMessage() + "): expected a readable .hprof or gzip-compressed .hprof.gz file");
        }
        try {
            return analyse(file, g, options, allClasses);
        } catch (IOException | UncheckedIOException e) {
            throw new BrinkUserException(file + ": cannot re-read the dump (" + e.getMessage() + "); did the file change during analysis?");
        } catch (HprofFormatException e) {
            throw new BrinkUserException(file + ": at byte " + e.offset() + ": " + e.getMessage());
        }
    }

    private static Result analyse(Path file, HeapGraph g, HeapOptions options, boolean allClasses) throws IOException {
        HeapProgress progress = options.progress();
        // the paths first: their search needs 4 bytes per object beside the graph, and then they leave the heap, so
        // they add nothing to the dominator computation's peak or to the report's
        progress.update("paths", 0, 1);
        GcPaths paths = new GcPaths(g);
        DominatorTree tree = DominatorTree.compute(g, progress);
        progress.update("histogram", 0, 1);
        DominatedTree dt = new DominatedTree(g, tree);
        long heap = tree.reachableBytes();

        int nc = g.classes().size();
        long[] count = new long[nc];
        long[] shallow = new long[nc];
        long unreachableBytes = 0;
        for (int i = 0; i < g.objectCount(); i++) {
            if (tree.reachable(i)) {
                count[g.classOf(i)]++;
                shallow[g.classOf(i)] += g.shallow(i);
            } else {
                unreachableBytes += g.shallow(i);
            }
        }
        long[] retained = dt.retainedByClass();
        List<ClassRow> rows = new ArrayList<>();
        for (int c = 0; c < nc; c++) {
            if (count[c] > 0) {
                rows.add(new ClassRow(g.classes().name(c), count[c], shallow[c], retained[c]));
            }
        }
        rows.sort(Comparator.comparingLong(ClassRow::retainedBytes).reversed()
                .thenComparing(Comparator.comparingLong(ClassRow::shallowBytes).reversed()).thenComparing(ClassRow::className));
        List<ClassRow> histogram = rows.subList(0, Math.min(options.top(), rows.size()));

        int[] top = dt.children(-1);
        List<Integer> order = new ArrayList<>();
        for (int x : top) {
            order.add(x);
        }
        order.sort((x, y) -> Long.compare(tree.retained(y), tree.retained(x)));
        List<DominatorRow> dominators = new ArrayList<>();
        for (int k = 0; k < Math.min(options.top(), order.size()); k++) {
            int x = order.get(k);
            String name = g.isClassObject(x) ? "class " + g.classes().name(g.classes().indexOf(g.id(x))) : g.className(x);
            dominators.add(new DominatorRow(name, String.format("0x%x", g.id(x)), g.shallow(x), tree.retained(x),
                    heap == 0 ? 0 : (double) tree.retained(x) / heap));
        }

        progress.update("suspects", 0, 1);
        Suspects suspects = new Suspects(g, tree, dt, paths, options.suspectShare());
        DuplicateStrings strings = allClasses ? null : new DuplicateStrings(g, tree);
        // two detail scans serve both: suspects' fields + string hashes, then thread names + string previews
        DetailReader first = DetailReader.read(file, g.segments(), suspects.wanted(), suspects.arrayTargets(), strings);
        Set<Long> second = new HashSet<>(suspects.stringValues(first));
        if (strings != null) {
            second.addAll(strings.previewIds(options.top()));
        }
        progress.update("strings", 0, 1);
        DetailReader previews = DetailReader.read(file, g.segments(), second, Map.of(), null);
        List<LeakSuspect> found = suspects.describe(first, previews);
        List<DuplicateString> dups = strings == null ? List.of() : strings.finish(previews);
        List<ClassLoaderLeak> loaderLeaks = LoaderLeaks.find(g, tree, options.suspectShare());
        List<Finding> findings = new ArrayList<>();
        for (LeakSuspect s : found) {
            findings.add(finding(file, s, heap));
        }
        for (ClassLoaderLeak l : loaderLeaks) {
            findings.add(loaderFinding(file, l, heap, options.suspectShare()));
        }
        progress.update("done", 1, 1);
        HeapReport report = new HeapReport(file.toString(), Files.size(file), g.sizeModel(), g.objectCount(), g.referenceCount(),
                tree.reachableCount(), heap, g.objectCount() - tree.reachableCount(), unreachableBytes,
                histogram, dominators, found, loaderLeaks, dups, findings);
        return new Result(report, allClasses ? rows : List.of());
    }

    private static Finding finding(Path file, LeakSuspect s, long heap) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put(HeapLeak.RETAINED_BYTES, s.retainedBytes());
        detail.put(HeapLeak.HEAP_BYTES, heap);
        detail.put(HeapLeak.SHARE_OF_HEAP, Math.round(s.share() * 10000) / 10000.0);
        detail.put(HeapLeak.SUSPECT, s.suspectClass() + (s.instances() > 1 ? " (" + s.instances() + " instances)" : " @ " + s.suspectObjectId()));
        detail.put(HeapLeak.ACCUMULATION_CLASS, s.accumulationClass());
        detail.put(HeapLeak.ACCUMULATION_OBJECT, s.accumulationObjectId());
        detail.put(HeapLeak.ACCUMULATION_RETAINED_BYTES, s.accumulationRetainedBytes());
        detail.put(HeapLeak.ROOT_KIND, s.rootKind());
        if (s.holders() > 0) {
            detail.put(HeapLeak.LEAK_SHAPE, "spread-class");
            detail.put(HeapLeak.HOLDERS, s.holders());
        }
        List<String> path = new ArrayList<>();
        for (PathStep p : s.pathFromRoot()) {
            path.add(p.via() + " → " + p.className() + " @ " + p.objectId());
        }
        detail.put(HeapLeak.PATH_FROM_GC_ROOT, path);
        String title = String.format(Locale.ROOT, "%s retains %s (%.1f %% of the heap), accumulated in %s",
                s.subject(), Sizes.human(s.retainedBytes()), 100 * s.share(), s.accumulationClass());
        return new Finding(FindingKind.MEMORY_LEAK, s.share() >= 0.3 ? Severity.CRITICAL : Severity.WARNING, title,
                s.subject(), List.of(file.toString()), detail);
    }

    private static Finding loaderFinding(Path file, ClassLoaderLeak l, long heap, double threshold) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put(HeapLeak.LEAK_SHAPE, l.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        detail.put(HeapLeak.LOADER_CLASS, l.loaderClass());
        detail.put(HeapLeak.LOADER_OBJECT, l.loaderObjectId());
        detail.put(HeapLeak.LOADERS, l.loaders());
        detail.put(HeapLeak.CLASSES, l.classes());
        if (!l.classPattern().isEmpty()) {
            detail.put(HeapLeak.CLASS_PATTERN, l.classPattern());
        }
        detail.put("retained_bytes", l.retainedBytes());
        detail.put("heap_bytes", heap);
        detail.put("share_of_heap", Math.round(l.share() * 10000) / 10000.0);
        String who = l.kind() == ClassLoaderLeak.Kind.GENERATED_CLASSES
                ? String.format(Locale.ROOT, "One %s @ %s defined %d classes named %s", l.loaderClass(),
                        l.loaderObjectId(), l.classes(), l.classPattern())
                : String.format(Locale.ROOT, "%d %s loaders are alive, defining %d classes", l.loaders(),
                        l.loaderClass(), l.classes());
        String title = String.format(Locale.ROOT, "Class-loader leak: %s; they retain %s (%.1f %% of the heap)", who,
                Sizes.human(l.retainedBytes()), 100 * l.share());
        return new Finding(FindingKind.MEMORY_LEAK, l.share() >= threshold ? Severity.CRITICAL : Severity.WARNING, title,
                l.loaderClass(), List.of(file.toString()), detail);
    }
}
