package dev.brink.heap.report;

import dev.brink.heap.ClassLoaderLeak;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Class-loader leaks, read from which loader defined each class (CLASS_DUMP's loader id).
 *
 * <p>Two shapes, both seen in real programs. A loader that keeps generating classes (a scripting engine
 * compiling each evaluated script to a new class, a proxy factory per call) shows as one loader with
 * {@value #GENERATED_CLASSES} or more classes whose names differ only by numbers: hand-written code has
 * distinct names, so a pattern that covers {@value #PATTERN_SHARE} of a loader's classes and that many of them
 * is machine-made, and a loader never unloads a class while it lives. Those classes cost metaspace more than
 * heap, so this shape needs no heap share. A plugin host or an application server that reloads a module
 * without letting the old loader die shows as {@value #MANY_LOADERS} or more live loaders of one type; many
 * legitimate containers (OSGi bundles) have that many too, so this shape must also retain the suspect
 * threshold's share of the heap (loaders, their class mirrors and statics) to be reported.
 *
 * <p>Fewer loaders of one type are a suspect when one place of the application keeps {@value #HELD_LOADERS} or
 * more of them ({@link HolderTable.LoaderSet}: a field that holds ten generations of a plugin's loader is how a
 * reload leak looks from the start, while a container's bundles are held by the container's own structures) and
 * they retain the threshold's share of the heap.
 *
 * <p>The JDK's own loaders (bootstrap, platform, application, reflection's per-accessor loaders) are system
 * loaders: their class counts follow the application's size, not a leak. Stateless apart from the graph.
 */
public final class LoaderLeaks {
    static final int GENERATED_CLASSES = 500;
    static final double PATTERN_SHARE = 0.5;
    static final int MANY_LOADERS = 50;
    static final int HELD_LOADERS = 10;
    private static final Pattern NUMBERS = Pattern.compile("0x[0-9a-fA-F]+|[0-9]+");

    private LoaderLeaks() {
    }

    /** Leaks in the graph; {@code share} is the suspect threshold (0..1 of the reachable heap). */
    public static List<ClassLoaderLeak> find(HeapGraph g, DominatorTree t, double share) {
        ClassTable classes = g.classes();
        long heap = t.reachableBytes();
        Map<Long, List<Integer>> byLoader = new LinkedHashMap<>();
        for (int c = 0; c < classes.size(); c++) {
            long loader = classes.loaderId(c);
            if (loader != 0) {
                byLoader.computeIfAbsent(loader, k -> new ArrayList<>()).add(c);
            }
        }
        List<ClassLoaderLeak> out = new ArrayList<>();
        Map<Integer, List<Long>> loadersByType = new HashMap<>();
        for (Map.Entry<Long, List<Integer>> e : byLoader.entrySet()) {
            int v = g.indexOf(e.getKey());
            if (v < 0 || system(g.className(v))) {
                continue;
            }
            loadersByType.computeIfAbsent(g.classOf(v), k -> new ArrayList<>()).add(e.getKey());
            List<Integer> defined = e.getValue();
            if (defined.size() < GENERATED_CLASSES) {
                continue;
            }
            Map<String, Integer> patterns = new HashMap<>();
            for (int c : defined) {
                patterns.merge(NUMBERS.matcher(classes.name(c)).replaceAll("#"), 1, Integer::sum);
            }
            Map.Entry<String, Integer> top = patterns.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            if (top.getValue() >= GENERATED_CLASSES && top.getValue() >= PATTERN_SHARE * defined.size()) {
                long retained = retained(g, t, e.getKey(), defined);
                out.add(new ClassLoaderLeak(ClassLoaderLeak.Kind.GENERATED_CLASSES, g.className(v), hex(e.getKey()), 1,
                        defined.size(), top.getKey(), retained, share(retained, heap), ""));
            }
        }
        for (Map.Entry<Integer, List<Long>> e : loadersByType.entrySet()) {
            List<Long> loaders = e.getValue();
            if (loaders.size() < MANY_LOADERS) {
                continue;
            }
            long retained = 0;
            int count = 0;
            long biggest = loaders.get(0);
            for (long l : loaders) {
                List<Integer> defined = byLoader.get(l);
                retained += retained(g, t, l, defined);
                count += defined.size();
                if (defined.size() > byLoader.get(biggest).size()) {
                    biggest = l;
                }
            }
            if (retained > share * heap) {
                out.add(new ClassLoaderLeak(ClassLoaderLeak.Kind.MANY_LOADERS, classes.name(e.getKey()), hex(biggest),
                        loaders.size(), count, "", retained, share(retained, heap), ""));
            }
        }
        out.sort((a, b) -> Long.compare(b.retainedBytes(), a.retainedBytes()));
        return out;
    }

    /**
     * The loaders one place keeps ({@link #HELD_LOADERS} or more of a type retaining over {@code share} of the heap),
     * for types {@code found} does not name already.
     */
    public static List<ClassLoaderLeak> heldTogether(List<HolderTable.LoaderSet> sets, long heap, double share, List<ClassLoaderLeak> found) {
        List<ClassLoaderLeak> out = new ArrayList<>();
        for (HolderTable.LoaderSet s : sets) {
            boolean named = found.stream().anyMatch(l -> l.loaderClass().equals(s.loaderClass()));
            if (!named && !s.place().isEmpty() && s.loaders() >= HELD_LOADERS && s.retainedBytes() > share * heap) {
                out.add(new ClassLoaderLeak(ClassLoaderLeak.Kind.MANY_LOADERS, s.loaderClass(), hex(s.biggestLoaderId()), s.loaders(),
                        s.classes(), "", s.retainedBytes(), share(s.retainedBytes(), heap), s.place()));
            }
        }
        return out;
    }

    /** The loader and the class mirrors it defined, with what each dominates (mirrors are roots: no overlap). */
    private static long retained(HeapGraph g, DominatorTree t, long loaderId, List<Integer> defined) {
        long sum = t.retained(g.indexOf(loaderId));
        for (int c : defined) {
            int v = g.indexOf(g.classes().classId(c));
            if (v >= 0) {
                sum += t.retained(v);
            }
        }
        return sum;
    }

    private static double share(long retained, long heap) {
        return heap == 0 ? 0 : Math.min(1.0, (double) retained / heap);
    }

    /** The JDK's own loaders (application, platform, reflection's): their class counts follow the application's size. */
    static boolean system(String loaderClass) {
        return loaderClass.startsWith("jdk.internal.") || loaderClass.startsWith("sun.")
                || loaderClass.startsWith("java.lang.");
    }

    private static String hex(long id) {
        return String.format("0x%x", id);
    }
}
