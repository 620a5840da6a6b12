package dev.brink.heap;

import dev.brink.core.Finding;
import dev.brink.core.summary.HeapGrowth;
import dev.brink.core.summary.HolderGrowth;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.HeapGraph;
import dev.brink.heap.report.DetailReader;
import dev.brink.heap.report.DirectBuffers;
import dev.brink.heap.report.DominatedTree;
import dev.brink.heap.report.DuplicateStrings;
import dev.brink.heap.report.GcPaths;
import dev.brink.heap.report.HolderEvidence;
import dev.brink.heap.report.HolderTable;
import dev.brink.heap.report.Holders;
import dev.brink.heap.report.LoaderLeaks;
import dev.brink.heap.report.PathText;
import dev.brink.heap.report.Suspects;
import dev.brink.heap.report.ThreadNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One dump's analysis once its graph is built: paths from the roots, dominators, histogram, suspects, holders, then
 * detail scans (field values for names, sizes and paths; strings), and, when an earlier dump's holders are given,
 * the comparison with them. Used once, on one thread.
 *
 * <p>A diff of two dumps must cost at most about twice one analysis, so it reads less: the earlier dump
 * ({@link Mode#BASELINE}) needs its holders and class rows only (one detail scan, no suspects); the later one
 * ({@link Mode#LATER}) has no duplicate strings, and the paths of the holders that may have grown come with the
 * first detail scan, so it needs no second one unless a grown holder's biggest instance was too small to guess.
 */
final class Analysis {
    enum Mode {
        /** One dump alone: everything a report shows. */
        ONE,
        /** The earlier dump of a diff: holders and class rows for its summary; nothing else is shown. */
        BASELINE,
        /** A dump compared with an earlier one's holders: the report without duplicate strings, and the growth. */
        LATER
    }

    private final Path file;
    private final HeapGraph g;
    private final HeapOptions options;
    private final HolderSummary before;
    private final Mode mode;
    private final Set<String> applicationClasses;

    /** @param before the earlier dump's holders to compare with in {@link Mode#LATER}, else null */
    Analysis(Path file, HeapGraph g, HeapOptions options, HolderSummary before, Mode mode, Set<String> applicationClasses) {
        this.file = file;
        this.g = g;
        this.options = options;
        this.before = before;
        this.mode = mode;
        this.applicationClasses = applicationClasses;
    }

    HeapSnapshot run() throws IOException {
        HeapProgress progress = options.progress();
        // the paths first: their search needs 4 bytes per object beside the graph, and then they leave the heap, so
        // they add nothing to the dominator computation's peak or to the report's
        progress.update("paths", 0, 1);
        GcPaths paths = new GcPaths(g);
        DominatorTree tree = DominatorTree.compute(g, progress);
        progress.update("histogram", 0, 1);
        DominatedTree dt = new DominatedTree(g, tree);
        long heap = tree.reachableBytes();
        List<ClassRow> rows = classRows(tree, dt);
        long unreachableBytes = 0;
        for (int i = 0; i < g.objectCount(); i++) {
            if (!tree.reachable(i)) {
                unreachableBytes += g.shallow(i);
            }
        }
        boolean baseline = mode == Mode.BASELINE;
        List<DominatorRow> dominators = baseline ? List.of() : dominators(tree, dt, heap);

        progress.update("suspects", 0, 1);
        Suspects suspects = baseline ? null : new Suspects(g, tree, dt, paths, options.suspectShare());
        DirectBuffers direct = new DirectBuffers(g, tree);
        Holders holders = new Holders(g, tree, dt, paths, direct);
        ThreadNames threads = new ThreadNames(g);
        DuplicateStrings strings = mode == Mode.ONE ? new DuplicateStrings(g, tree) : null;
        HolderEvidence evidence = new HolderEvidence(g, tree, dt, paths);
        if (mode == Mode.LATER) {
            holders.prefetch(evidence, GrowthRules.minGrowth(heap));
        }
        // the first detail scan: field values (suspects' chains and paths, holders' names and sizes, thread names,
        // the paths of the holders that may have grown) and string hashes
        Set<Long> wanted = new HashSet<>(threads.wanted());
        Map<Long, Long> arrays = new HashMap<>(evidence.arrayTargets());
        holders.request(wanted, arrays);
        wanted.addAll(evidence.wanted());
        wanted.addAll(direct.wanted());
        if (suspects != null) {
            wanted.addAll(suspects.wanted());
            arrays.putAll(suspects.arrayTargets());
        }
        // the string hashes (about 28 bytes per String) and the dominator tree (about 8 per object) never share the
        // heap: the scan and the grouping of equal strings read only the dump and the graph
        Set<Long> stringPreviews = Set.of();
        if (strings != null) {
            tree.park();
            strings.index();
        }
        DetailReader first = DetailReader.read(file, g.segments(), wanted, arrays, strings);
        if (strings != null) {
            stringPreviews = strings.previewIds(options.top());
            tree.restore();
        }
        threads.read(first);
        direct.read(first);
        HolderTable table = holders.name(first, threads, direct.heldBy(holders.candidates()));
        HolderSummary summary = new HolderSummary(file.toString(), g.timestampMillis(), heap, direct.bytes(), table.holders(), holders.floor(),
                applicationClasses, rows, HeapCeiling.of(g, heap));
        GrowthRules.Outcome outcome = before == null ? null : GrowthRules.compare(before, summary, options.top());
        // a grown holder whose biggest instance was under the guess: its path comes with a second scan
        HolderEvidence late = new HolderEvidence(g, tree, dt, paths);
        for (HolderGrowth row : outcome == null ? List.<HolderGrowth>of() : outcome.grown()) {
            int node = table.biggestNode(row.holder());
            if (!evidence.has(node)) {
                late.add(node, table.path(row.holder()));
            }
        }

        progress.update("strings", 0, 1);
        Set<Long> second = new HashSet<>(late.wanted());
        second.addAll(stringPreviews);
        DetailReader previews = DetailReader.read(file, g.segments(), second, late.arrayTargets(), null);
        PathText text = new PathText(g, DetailReader.merge(first, previews), threads);
        List<LeakSuspect> found = suspects == null ? List.of() : suspects.describe(text, table);
        List<DuplicateString> dups = strings == null ? List.of() : strings.finish(previews);
        List<ClassLoaderLeak> loaderLeaks = new ArrayList<>();
        if (!baseline) {
            for (ClassLoaderLeak l : LoaderLeaks.find(g, tree, options.suspectShare())) {
                loaderLeaks.add(l.withHeldBy(heldBy(l, table)));
            }
            loaderLeaks.addAll(LoaderLeaks.heldTogether(table.loaderSets(), heap, options.suspectShare(), loaderLeaks));
        }
        List<Finding> findings = new ArrayList<>();
        for (LeakSuspect s : found) {
            findings.add(HeapFindings.suspect(file.toString(), s, heap));
        }
        for (ClassLoaderLeak l : loaderLeaks) {
            findings.add(HeapFindings.loaders(file.toString(), l, heap));
        }
        HeapDiff diff = outcome == null ? null : diff(summary, outcome, table, node -> evidence.has(node)
                ? evidence.describe(node, text) : late.describe(node, text));
        progress.update("done", 1, 1);
        List<ClassRow> histogram = rows.subList(0, Math.min(options.top(), rows.size()));
        HeapReport report = new HeapReport(file.toString(), Files.size(file), g.sizeModel(), g.objectCount(), g.referenceCount(),
                tree.reachableCount(), heap, g.objectCount() - tree.reachableCount(), unreachableBytes, direct.count(), direct.bytes(),
                histogram, dominators, found, loaderLeaks, dups, findings);
        return new HeapSnapshot(report, summary, diff);
    }

    /** Every class with a reachable instance, biggest retained first. */
    private List<ClassRow> classRows(DominatorTree tree, DominatedTree dt) {
        int nc = g.classes().size();
        long[] count = new long[nc];
        long[] shallow = new long[nc];
        for (int i = 0; i < g.objectCount(); i++) {
            if (tree.reachable(i)) {
                count[g.classOf(i)]++;
                shallow[g.classOf(i)] += g.shallow(i);
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
        return rows;
    }

    private List<DominatorRow> dominators(DominatorTree tree, DominatedTree dt, long heap) {
        List<Integer> order = new ArrayList<>();
        for (int x : dt.children(-1)) {
            order.add(x);
        }
        order.sort((x, y) -> Long.compare(tree.retained(y), tree.retained(x)));
        List<DominatorRow> out = new ArrayList<>();
        for (int k = 0; k < Math.min(options.top(), order.size()); k++) {
            int x = order.get(k);
            String name = g.isClassObject(x) ? "class " + g.classes().name(g.classes().indexOf(g.id(x))) : g.className(x);
            out.add(new DominatorRow(name, String.format("0x%x", g.id(x)), g.shallow(x), tree.retained(x),
                    heap == 0 ? 0 : (double) tree.retained(x) / heap));
        }
        return out;
    }

    /** The place that holds the most loaders of the leak's type, or "". */
    private static String heldBy(ClassLoaderLeak l, HolderTable table) {
        return table.loaderSets().stream().filter(s -> s.loaderClass().equals(l.loaderClass()) && !s.place().isEmpty())
                .max(Comparator.comparingInt(HolderTable.LoaderSet::loaders)).map(HolderTable.LoaderSet::place).orElse("");
    }

    private HeapDiff diff(HolderSummary after, GrowthRules.Outcome outcome, HolderTable table,
                          java.util.function.IntFunction<HolderEvidence.Where> where) {
        HeapGrowth growth = new HeapGrowth(before.file(), after.file(), before.timestampMillis(), after.timestampMillis(),
                before.heapBytes(), after.heapBytes(), outcome.grown(), outcome.filling(), outcome.stable());
        Map<String, Holder> earlier = new HashMap<>();
        before.holders().forEach(h -> earlier.put(h.key(), h));
        List<Finding> findings = new ArrayList<>();
        for (HolderGrowth row : outcome.grown()) {
            findings.add(HeapFindings.growth(before.file(), after.file(), row, table.holder(row.holder()), earlier.get(row.holder()),
                    where.apply(table.biggestNode(row.holder())), after.heapBytes(), after.maxHeapBytes(),
                    growth.hoursBetween()));
        }
        return new HeapDiff(growth, findings, classDeltas(before.classes(), after.classes()));
    }

    private List<ClassDelta> classDeltas(List<ClassRow> a, List<ClassRow> b) {
        Map<String, ClassRow> was = byName(a);
        Map<String, ClassRow> now = byName(b);
        List<ClassDelta> deltas = new ArrayList<>();
        for (ClassRow r : now.values()) {
            ClassRow o = was.getOrDefault(r.className(), new ClassRow(r.className(), 0, 0, 0));
            deltas.add(new ClassDelta(r.className(), o.count(), r.count(), o.shallowBytes(), r.shallowBytes(), o.retainedBytes(), r.retainedBytes()));
        }
        for (ClassRow o : was.values()) {
            if (!now.containsKey(o.className())) {
                deltas.add(new ClassDelta(o.className(), o.count(), 0, o.shallowBytes(), 0, o.retainedBytes(), 0));
            }
        }
        deltas.removeIf(d -> d.countDelta() == 0 && d.shallowDelta() == 0);
        deltas.sort(Comparator.comparingLong((ClassDelta d) -> -Math.abs(d.shallowDelta())).thenComparing(ClassDelta::className));
        return deltas.subList(0, Math.min(options.top(), deltas.size()));
    }

    private static Map<String, ClassRow> byName(List<ClassRow> rows) {
        Map<String, ClassRow> out = new LinkedHashMap<>();
        for (ClassRow r : rows) {
            // two classes of one name (different loaders) are one line, as in a histogram by name
            out.merge(r.className(), r, (x, y) -> new ClassRow(x.className(), x.count() + y.count(),
                    x.shallowBytes() + y.shallowBytes(), x.retainedBytes() + y.retainedBytes()));
        }
        return out;
    }
}
