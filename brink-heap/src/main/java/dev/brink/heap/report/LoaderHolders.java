package dev.brink.heap.report;

import dev.brink.core.summary.HolderKind;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Class-loader holders: which field keeps the application's non-system class loaders alive. A dump cannot answer
 * that from the dominator tree: a loader's classes reference it, the dump lists every class, and Brink counts each
 * class as a GC root (its statics are), so every loader that defined a class is a top-level object. What keeps the
 * loader alive from outside is someone else referencing the loader, one of its classes (a cache of Class objects),
 * or an instance of one of them (a cache of plugin objects). So the sweep over all references keeps, per loader, the
 * first {@value #MAX_REFERRERS} such referrers that are not the loader's own inside: the loader, its classes and
 * their instances, a weak reference (which keeps nothing), or an object whose shortest path from a GC root passes
 * through the loader or that no strong path reaches (reflection data behind a soft reference). The path is checked
 * as the referrer is met, so the loader's own plumbing does not use up the places kept for the real holder. The referrer's place is named as a holder is (the field that references the loader's object,
 * else the nearest named step up the referrer's path from a GC root), and the loaders of one type held by one place
 * are one holder: "class loaders pkg.PluginLoader held by static pkg.Host.PLUGINS", its elements the loaders, its
 * bytes the loaders' and their classes' retained sizes.
 */
final class LoaderHolders {
    static final int MAX_REFERRERS = 4;

    private final HeapGraph g;
    private final DominatorTree t;
    private final GcPaths paths;
    private final ClassTable classes;
    /** Class index → slot of the tracked loader that defined it, -1 none. */
    private final int[] slotOfClass;
    private final int[] loaderNode;
    private final List<List<Integer>> mirrors = new ArrayList<>();
    private final BitSet marked;
    private final Map<Integer, Integer> slotOfObject = new HashMap<>();
    private final boolean[] weak;
    /** slot → {count, referrer, target, referrer, target, …}. */
    private final int[][] found;
    private final int[][] goodPaths;

    LoaderHolders(HeapGraph g, DominatorTree t, GcPaths paths) {
        this.g = g;
        this.t = t;
        this.paths = paths;
        this.classes = g.classes();
        slotOfClass = new int[classes.size()];
        Arrays.fill(slotOfClass, -1);
        marked = new BitSet(g.objectCount());
        Map<Integer, Integer> slotOfLoader = new HashMap<>();
        List<Integer> loaders = new ArrayList<>();
        for (int c = 0; c < classes.size(); c++) {
            long loaderId = classes.loaderId(c);
            int loader = loaderId == 0 ? -1 : g.indexOf(loaderId);
            if (loader < 0 || !t.reachable(loader) || LoaderLeaks.system(g.className(loader))) {
                continue;
            }
            int slot = slotOfLoader.computeIfAbsent(loader, l -> {
                loaders.add(l);
                mirrors.add(new ArrayList<>());
                return loaders.size() - 1;
            });
            slotOfClass[c] = slot;
            marked.set(loader);
            slotOfObject.put(loader, slot);
            int mirror = g.indexOf(classes.classId(c));
            if (mirror >= 0) {
                marked.set(mirror);
                slotOfObject.put(mirror, slot);
                mirrors.get(slot).add(mirror);
            }
        }
        loaderNode = loaders.stream().mapToInt(Integer::intValue).toArray();
        found = new int[loaderNode.length][];
        goodPaths = new int[loaderNode.length * MAX_REFERRERS][];
        weak = new boolean[classes.size()];
        for (int c = 0; c < weak.length; c++) {
            weak[c] = classes.extendsClass(c, "java.lang.ref.Reference");
        }
    }

    boolean tracking() {
        return loaderNode.length > 0;
    }

    /** Reference u → w of the sweep. */
    void edge(int u, int w) {
        int slot = marked.get(w) ? slotOfObject.get(w) : slotOfClass[g.classOf(w)];
        if (slot < 0) {
            return;
        }
        int[] f = found[slot];
        if (f != null && f[0] == MAX_REFERRERS || u == w || inside(u, slot)) {
            return;
        }
        int[] path = paths.pathTo(u);
        for (int p : path) {
            if (p == loaderNode[slot]) {
                return;
            }
        }
        if (path.length == 0) {
            return;
        }
        if (f == null) {
            f = found[slot] = new int[1 + 2 * MAX_REFERRERS];
        }
        goodPaths[slot * MAX_REFERRERS + f[0]] = path;
        f[1 + 2 * f[0]] = u;
        f[2 + 2 * f[0]] = w;
        f[0]++;
    }

    /** The loader itself, any tracked loader's class (its statics and superclass links), the loader's instances, a weak reference. */
    private boolean inside(int u, int slot) {
        if (u == loaderNode[slot] || weak[g.classOf(u)]) {
            return true;
        }
        if (g.isClassObject(u)) {
            int c = classes.indexOf(g.id(u));
            return c >= 0 && slotOfClass[c] >= 0;
        }
        return slotOfClass[g.classOf(u)] == slot;
    }

    /** What names the steps of the referrers' paths: their instances' fields, their arrays' indexes. */
    void request(Set<Long> wanted, Map<Long, Long> arrays) {
        for (int slot = 0; slot < loaderNode.length; slot++) {
            for (int k = 0; found[slot] != null && k < found[slot][0]; k++) {
                HolderEvidence.fetch(g, shown(slot, k), wanted, arrays);
            }
        }
    }

    /** The path from a GC root to referrer k of the slot's loader, and on to what it references. */
    private int[] shown(int slot, int k) {
        int[] path = goodPaths[slot * MAX_REFERRERS + k];
        int[] full = Arrays.copyOf(path, path.length + 1);
        full[path.length] = found[slot][2 + 2 * k];
        return full;
    }

    /** The loaders retaining at least {@code bytes} with their classes, with the path that names their holder. */
    void prefetch(HolderEvidence evidence, long bytes) {
        for (int slot = 0; slot < loaderNode.length; slot++) {
            if (found[slot] != null && found[slot][0] > 0 && retained(slot) >= bytes) {
                evidence.add(loaderNode[slot], shown(slot, 0));
            }
        }
    }

    private long retained(int slot) {
        long sum = t.retained(loaderNode[slot]);
        for (int m : mirrors.get(slot)) {
            sum += t.retained(m);
        }
        return sum;
    }

    /** Adds one holder per loader type and place to the table; returns each loader slot's holder name. */
    String[] name(Holders.Namer namer, HolderTable table) {
        String[] keys = new String[loaderNode.length];
        for (int slot = 0; slot < loaderNode.length; slot++) {
            String place = null;
            int[] shown = null;
            int[] f = found[slot];
            for (int k = 0; f != null && k < f[0] && place == null; k++) {
                shown = shown(slot, k);
                place = place(namer, goodPaths[slot * MAX_REFERRERS + k], f[2 + 2 * k]);
            }
            int loader = loaderNode[slot];
            long retained = retained(slot);
            String type = g.className(loader);
            String key = "class loaders " + type + (place == null ? " (held only by their own classes' objects)" : " held by " + place);
            // named by their type too: the place is found from who references the loaders at the moment of the dump,
            // and another dump may find the same loaders referenced from elsewhere (GrowthRules)
            table.add(key, HolderKind.CLASS_LOADERS, Holders.orEmpty(KnownStructures.of(type)), "", type, loader, retained, 0, 0, -1, 1,
                    EvictionBounds.NONE, null);
            keys[slot] = key;
            table.loaders(key, place == null ? "" : place, type, mirrors.get(slot).size(), g.id(loader));
            if (shown != null) {
                table.path(key, shown);
            }
        }
        return keys;
    }

    /** The tracked loader slot of the class whose mirror is {@code classObject}, or -1. */
    int slotOfClassObject(int classObject) {
        int c = classes.indexOf(g.id(classObject));
        return c < 0 ? -1 : slotOfClass[c];
    }

    /**
     * The field that references {@code target} from the path's last object, else the nearest named step up the path
     * (a static field, an application field), else the GC root the path starts at.
     */
    private String place(Holders.Namer namer, int[] path, int target) {
        int[] full = Arrays.copyOf(path, path.length + 1);
        full[path.length] = target;
        for (int k = full.length - 1; k >= 1; k--) {
            int a = full[k - 1];
            int b = full[k];
            if (g.isClassObject(a)) {
                String s = Fields.staticHolding(g, a, g.id(b));
                if (s != null) {
                    return "static " + s;
                }
            } else if (!Suspects.platform(g.className(a))) {
                String f = Fields.fieldHolding(g, a, namer.scan().instance(g.id(a)), g.id(b));
                if (f != null && !Suspects.platform(f)) {
                    return f;
                }
            }
        }
        int root = full[0];
        if (classes.isThread(g.classOf(root))) {
            return "threads '" + namer.pool(g.id(root)) + "'";
        }
        String[] r = namer.root(root);
        return r == null ? null : r[0];
    }
}
