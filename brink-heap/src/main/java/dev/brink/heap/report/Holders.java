package dev.brink.heap.report;

import dev.brink.core.summary.HolderKind;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The holders of one dump: the named places that keep memory, so that two dumps compare place by place. Object ids
 * cannot match two dumps (a moving collector renumbers them, a relaunch makes new ones), and a dominator chain from
 * the roots is no name either: a request thread that happens to hold the singleton service at dump time makes the
 * service a top-level object in that dump only. So a holder is named by the innermost thing a person would name —
 * the field that references it ({@code pkg.Class.field}, every instance of the class together), the static field,
 * the ThreadLocal and the pool whose threads hold its values, the method whose local variable it is — and what
 * encloses it is kept beside the name ({@code within}), not in it.
 *
 * <p><b>Which objects.</b> One walk down the dominator tree, pruned below {@link #floor()}: an object is a holder
 * candidate when it retains at least the floor and its immediate dominator is a class (a static field), an instance
 * of an application or framework class (a field: JDK collections' own fields such as {@code HashMap.table} are the
 * inside of a holder, not one), a ThreadLocal entry (a thread-local value, whatever its size: a pool's small
 * values add up), or the super-root (a GC root, a thread, or an object held from several places). The floor is
 * {@value #MIN_FLOOR} bytes or 1/{@value #FLOOR_DIVISOR} of the heap (20 KiB per GiB), whichever is more: far below
 * any growth {@code GrowthRules} calls a leak, so a holder too small to be tracked in the earlier dump has grown by
 * at most the floor less than Brink says; and at most {@value #MAX_CANDIDATES} candidates above the floor, the floor
 * doubling until they fit. Threads and their thread-local values are walked whatever their size (bounded apart), and
 * so are the objects a thread's frames alone hold from {@value #MIN_FRAME_LOCAL} bytes: a virtual thread per request
 * parks with a few KiB in its frames, and a hundred thousand of them are the heap (JDK 21+ dumps their frames' locals
 * as Java-frame roots of each virtual thread). They are named per pool and method, so they add up there.
 * And so are the objects above a direct buffer's holder ({@link DirectBuffers#holdsBuffer}): a list of 64 KiB
 * direct buffers retains a few bytes of heap per buffer, and their native memory is what the holder keeps.
 *
 * <p><b>Names need field values.</b> The graph keeps references without field names, so construction says what the
 * first detail scan must fetch ({@link #wanted()}): the dominators of field candidates, the ThreadLocal entries,
 * the candidates themselves (for a size field), and for a top-level candidate, who else references it (one sweep
 * over all references, with the class-loader referrers of {@link LoaderHolders}). {@link #name} then builds the
 * {@link HolderTable}. One thread; the graph and the trees are only read.
 */
public final class Holders {
    static final long MIN_FLOOR = 16 * 1024;
    static final int FLOOR_DIVISOR = 50_000;
    static final int MAX_CANDIDATES = 100_000;
    /** The least a frame's local below the floor must retain to be tracked: smaller ones are boxes and short strings. */
    static final long MIN_FRAME_LOCAL = 512;
    /** Unnamed virtual threads' pool name (they have no name by default, and no pool). */
    static final String VIRTUAL = "(virtual)";
    /** Referrers kept per top-level candidate: the first application field among them names it. */
    static final int MAX_REFERRERS = 4;

    static final byte TOP = 0;
    static final byte STATIC = 1;
    static final byte FIELD = 2;
    static final byte ENTRY_VALUE = 3;
    static final byte THREAD = 4;

    private final HeapGraph g;
    private final DominatorTree t;
    private final DominatedTree dt;
    private final GcPaths paths;
    private final ClassTable classes;
    private final long heap;
    private long floor;
    private final boolean[] jdk;
    private final boolean[] threadLocalPath;
    private final boolean[] entryClass;
    /** Candidates in dominator-tree pre-order (an enclosing candidate comes before what it encloses). */
    private int count;
    private int[] node = new int[1024];
    private int[] dominator = new int[1024];
    private int[] enclosing = new int[1024];
    private byte[] type = new byte[1024];
    private final Map<Integer, int[]> referrers = new HashMap<>();
    private final LoaderHolders loaders;
    private final DirectBuffers direct;

    public Holders(HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths paths) {
        this(g, t, dt, paths, null);
    }

    /** @param direct the dump's direct buffers: what holds one is walked whatever its heap size; null: none */
    public Holders(HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths paths, DirectBuffers direct) {
        this.g = g;
        this.direct = direct;
        this.t = t;
        this.dt = dt;
        this.paths = paths;
        this.classes = g.classes();
        this.heap = t.reachableBytes();
        int nc = classes.size();
        jdk = new boolean[nc];
        threadLocalPath = new boolean[nc];
        entryClass = new boolean[nc];
        for (int c = 0; c < nc; c++) {
            String name = classes.name(c);
            jdk[c] = Suspects.platform(name);
            entryClass[c] = classes.extendsClass(c, "java.lang.ThreadLocal$ThreadLocalMap$Entry");
            threadLocalPath[c] = classes.isThread(c) || entryClass[c] || name.equals("java.lang.ThreadLocal$ThreadLocalMap")
                    || name.equals("java.lang.ThreadLocal$ThreadLocalMap$Entry[]");
        }
        floor = Math.max(MIN_FLOOR, heap / FLOOR_DIVISOR);
        while (!select() && floor <= heap) {
            floor *= 2;
        }
        loaders = new LoaderHolders(g, t, paths);
        sweep();
    }

    /** The smallest retained size of a tracked holder instance, in bytes. */
    public long floor() {
        return floor;
    }

    /** The walk down the dominator tree; false when the candidates would be more than {@link #MAX_CANDIDATES}. */
    private boolean select() {
        count = 0;
        int small = 0; // candidates below the floor (threads' parts): bounded apart, never a reason to raise the floor
        int[] stack = new int[1024];
        int[] cursor = new int[1024];
        int[] encl = new int[1024];
        int sp = 0;
        stack[sp] = DominatorTree.SUPER_ROOT;
        cursor[sp] = t.childrenStart(DominatorTree.SUPER_ROOT);
        encl[sp++] = -1;
        while (sp > 0) {
            int at = stack[sp - 1];
            if (cursor[sp - 1] >= t.childrenEnd(at)) {
                sp--;
                continue;
            }
            int child = t.child(cursor[sp - 1]++);
            // a thread and its ThreadLocalMap are walked whatever their size: a pool's small values add up, and a
            // thread that served less than the others must still count as one of the pool's
            boolean threadPart = at >= 0 ? threadLocalPath[g.classOf(at)] : classes.isThread(g.classOf(child));
            boolean big = t.retained(child) >= floor;
            boolean frameLocal = !big && at == DominatorTree.SUPER_ROOT && t.retained(child) >= MIN_FRAME_LOCAL && frameRoot(child);
            // a list of direct buffers retains a few bytes of heap per buffer and holds their native memory: walked
            // whatever its heap size, bounded apart as a thread's parts are (a higher floor would not drop it)
            boolean buffers = !big && direct != null && direct.holdsBuffer(child);
            if (!big && !threadPart && !frameLocal && !buffers) {
                continue;
            }
            int kind = kindOf(child, at);
            int enc = encl[sp - 1];
            if (kind >= 0 && (big || kind == ENTRY_VALUE || kind == THREAD || frameLocal || buffers)) {
                if (big && count - small >= MAX_CANDIDATES) {
                    return false;
                }
                if (count < 2 * MAX_CANDIDATES) { // the threads' part is bounded apart: the floor does not shrink it
                    add(child, at, enc, (byte) kind);
                    enc = count - 1;
                    small += big ? 0 : 1;
                }
            }
            if (sp == stack.length) {
                stack = Arrays.copyOf(stack, sp * 2);
                cursor = Arrays.copyOf(cursor, sp * 2);
                encl = Arrays.copyOf(encl, sp * 2);
            }
            stack[sp] = child;
            cursor[sp] = t.childrenStart(child);
            encl[sp++] = enc;
        }
        return true;
    }

    /** A local variable of a thread's frame (Java or JNI local), whichever thread. */
    private boolean frameRoot(int v) {
        int kind = g.rootKind(v);
        return kind == HprofVisitor.ROOT_JAVA_FRAME || kind == HprofVisitor.ROOT_JNI_LOCAL;
    }

    private int kindOf(int v, int dom) {
        if (dom == DominatorTree.SUPER_ROOT) {
            if (g.isClassObject(v)) {
                return -1; // a class is a namespace: its static fields are the holders
            }
            return classes.isThread(g.classOf(v)) ? THREAD : TOP;
        }
        if (g.isClassObject(dom)) {
            return STATIC;
        }
        int dc = g.classOf(dom);
        if (entryClass[dc]) {
            return ENTRY_VALUE;
        }
        return !jdk[dc] && !classes.name(dc).endsWith("[]") ? FIELD : -1;
    }

    private void add(int v, int dom, int enc, byte kind) {
        if (count == node.length) {
            node = Arrays.copyOf(node, count * 2);
            dominator = Arrays.copyOf(dominator, count * 2);
            enclosing = Arrays.copyOf(enclosing, count * 2);
            type = Arrays.copyOf(type, count * 2);
        }
        node[count] = v;
        dominator[count] = dom;
        enclosing[count] = enc;
        type[count++] = kind;
    }

    /**
     * One pass over every reference: who else holds each top-level candidate (so a collection that a request
     * thread's frame also references is still named by its field), and the class loaders' holders.
     */
    private void sweep() {
        BitSet top = new BitSet(g.objectCount());
        for (int i = 0; i < count; i++) {
            if (type[i] == TOP) {
                top.set(node[i]);
            }
        }
        boolean anyLoader = loaders.tracking();
        if (top.isEmpty() && !anyLoader) {
            return;
        }
        for (int u = 0; u < g.objectCount(); u++) {
            if (!t.reachable(u)) {
                continue;
            }
            for (int k = g.refStart(u), end = g.refEnd(u); k < end; k++) {
                int w = g.ref(k);
                if (top.get(w) && w != u && !g.isClassObject(u)) {
                    int[] r = referrers.computeIfAbsent(w, x -> new int[] {0, -1, -1, -1, -1});
                    if (r[0] < MAX_REFERRERS) {
                        r[++r[0]] = u;
                    }
                }
                if (anyLoader) {
                    loaders.edge(u, w);
                }
            }
        }
    }

    /**
     * Adds to {@code evidence} every holder instance retaining at least {@code bytes} (and the class loaders whose
     * holder does): those a comparison can find grown by that much, described from the first detail scan.
     */
    public void prefetch(HolderEvidence evidence, long bytes) {
        for (int i = 0; i < count; i++) {
            if (t.retained(node[i]) >= bytes) {
                evidence.add(node[i], null);
            }
        }
        loaders.prefetch(evidence, bytes);
    }

    /**
     * Adds what the first detail scan must fetch for the names and element counts: instances' field values, and
     * for the object arrays on the class loaders' paths, the index of the next step.
     */
    public void request(Set<Long> out, Map<Long, Long> arrays) {
        for (int i = 0; i < count; i++) {
            int v = node[i];
            if (type[i] == FIELD || type[i] == ENTRY_VALUE) {
                out.add(g.id(dominator[i]));
            }
            GuavaCaches.request(g, v, out); // its segments count its entries
            EvictionBounds.request(g, v, out); // the instance that encloses a LinkedHashMap subclass may keep its bound
            if (isInstance(v)) {
                out.add(g.id(v));
                if (ElementCounts.sizeSlot(classes, g.classOf(v)) < 0) {
                    int b = dt.biggestChild(v); // a wrapper (a synchronized view, a cache class) around the collection
                    if (b >= 0 && isInstance(b)) {
                        out.add(g.id(b));
                    }
                }
            }
            if (type[i] == TOP) {
                int[] r = referrers.get(v);
                for (int k = 1; r != null && k <= r[0]; k++) {
                    if (isInstance(r[k]) && !jdk[g.classOf(r[k])]) {
                        out.add(g.id(r[k]));
                    }
                }
            }
        }
        loaders.request(out, arrays);
    }

    private boolean isInstance(int v) {
        return !g.isClassObject(v) && !classes.name(g.classOf(v)).endsWith("[]");
    }

    /** The candidates' object indexes, enclosing ones first. */
    public int[] candidates() {
        return Arrays.copyOf(node, count);
    }

    /** Names the candidates, and sums them by name, counting no native memory. */
    public HolderTable name(DetailReader scan, ThreadNames threads) {
        return name(scan, threads, DirectBuffers.Held.NONE);
    }

    /**
     * Names the candidates from the scan that fetched what {@link #request} asked for, and sums them by name.
     * {@code outside}: per candidate, the native memory it keeps alive and the Netty pools' part of it
     * ({@link DirectBuffers#heldBy}).
     */
    public HolderTable name(DetailReader scan, ThreadNames threads, DirectBuffers.Held outside) {
        Namer namer = new Namer(scan, threads);
        HolderTable table = new HolderTable();
        String[] keys = new String[count];
        int[] namedParent = new int[count]; // the nearest enclosing candidate that got a name, or -1
        for (int i = 0; i < count; i++) {
            int e = enclosing[i];
            int parent = e < 0 ? -1 : keys[e] != null ? e : namedParent[e];
            namedParent[i] = parent;
            String[] named = namer.name(i);
            if (named == null || nestedInSame(named[0], parent, keys, namedParent)) {
                continue; // no name, or inside an instance of the same holder (a tree's nodes): counted there
            }
            keys[i] = named[0];
            HolderKind kind = HolderKind.valueOf(named[1]);
            // a top-level object named by its class alone: another dump may hold the same objects inside a named holder
            String namedClass = type[i] == TOP && kind == HolderKind.OTHER ? g.className(node[i]) : "";
            long bound = type[i] == THREAD ? EvictionBounds.NONE : EvictionBounds.of(g, node[i], scan);
            long retained = Math.max(0, t.retained(node[i]) + outside.heapShift().getOrDefault(node[i], 0L));
            table.add(named[0], kind, named[2], named.length > 3 ? named[3] : "", namedClass, node[i], retained,
                    outside.nativeBytes().getOrDefault(node[i], 0L), outside.poolBytes().getOrDefault(node[i], 0L),
                    outside.unreleasedBytes().getOrDefault(node[i], -1L), elements(i, scan), bound, parent < 0 ? null : keys[parent]);
            if (kind == HolderKind.THREAD_STACK && named.length > 3) {
                // a frame's locals are the thread's, as its thread-local values are: when the pool grows with what its
                // frames hold (virtual threads parked for good), the frames' holder is where the memory is
                table.addWithin(named[0], "threads '" + named[3] + "'");
            }
        }
        String[] loaderKeys = loaders.name(namer, table);
        for (int i = 0; i < count; i++) {
            // a static field of a class a tracked loader defined is inside that loader's holder: when the field grows
            // because there are more copies of the class, the loaders are what grew (GrowthRules)
            int slot = type[i] == STATIC && keys[i] != null ? loaders.slotOfClassObject(dominator[i]) : -1;
            if (slot >= 0) {
                table.addWithin(keys[i], loaderKeys[slot]);
            }
        }
        return table;
    }

    private static boolean nestedInSame(String key, int parent, String[] keys, int[] namedParent) {
        for (int p = parent; p >= 0; p = namedParent[p]) {
            if (key.equals(keys[p])) {
                return true;
            }
        }
        return false;
    }

    /** A collection's size, a thread (1), an object array's non-null slots; -1 unknown. */
    private long elements(int i, DetailReader scan) {
        int v = node[i];
        if (type[i] == THREAD) {
            return 1;
        }
        long n = ElementCounts.of(g, v, scan);
        if (n < 0 && isInstance(v) && ElementCounts.sizeSlot(classes, g.classOf(v)) < 0) {
            int b = dt.biggestChild(v);
            n = b < 0 ? -1 : ElementCounts.of(g, b, scan);
        }
        return n;
    }

    /** Names one candidate or a referrer's place: {key, HolderKind name, structure}. */
    final class Namer {
        private final DetailReader scan;
        private final ThreadNames threads;
        private Map<Long, String> statics;

        Namer(DetailReader scan, ThreadNames threads) {
            this.scan = scan;
            this.threads = threads;
        }

        String[] name(int i) {
            int v = node[i];
            int dom = dominator[i];
            return switch (type[i]) {
                case STATIC -> {
                    String f = Fields.staticHolding(g, dom, g.id(v));
                    yield f == null ? null : field("static " + f, HolderKind.STATIC_FIELD, f, v);
                }
                case FIELD -> {
                    String f = Fields.fieldHolding(g, dom, scan.instance(g.id(dom)), g.id(v));
                    yield f == null || Suspects.platform(f) || generated(f) ? null : field(f, HolderKind.FIELD, f, v);
                }
                case THREAD -> new String[] {"threads '" + pool(g.id(v)) + "'", HolderKind.THREADS.name(), "", pool(g.id(v))};
                case ENTRY_VALUE -> threadLocal(i);
                default -> top(v);
            };
        }

        private String[] field(String key, HolderKind kind, String field, int v) {
            String declaring = field.substring(0, field.lastIndexOf('.'));
            String s = KnownStructures.of(declaring);
            return new String[] {key, kind.name(), s != null ? s : orEmpty(KnownStructures.of(classOf(v)))};
        }

        private String classOf(int v) {
            return g.isClassObject(v) ? "java.lang.Class" : g.className(v);
        }

        String pool(long threadId) {
            String n = threads.name(threadId);
            if (n == null || n.isEmpty()) {
                return g.isVirtualThread(threadId) ? VIRTUAL : "unnamed";
            }
            return ThreadNames.pool(n);
        }

        /** "thread-local pkg.Class.FIELD of threads 'pool-#'": the ThreadLocal by its static field, else its class. */
        private String[] threadLocal(int i) {
            int entry = dominator[i];
            byte[] data = scan.instance(g.id(entry));
            int c = g.classOf(entry);
            if (data == null || Fields.reference(g, c, data, "value") != g.id(node[i])) {
                return null; // the entry's weakly held key, not its value
            }
            long local = Fields.reference(g, c, data, "referent");
            String name = staticOf(local);
            if (name == null) {
                int lv = g.indexOf(local);
                String lc = lv < 0 ? null : g.className(lv);
                name = lc != null && !Suspects.platform(lc) ? lc : "holding " + g.className(node[i]);
            }
            String pool = "unnamed";
            for (int e = enclosing[i]; e >= 0; e = enclosing[e]) {
                if (type[e] == THREAD) {
                    pool = pool(g.id(node[e]));
                    break;
                }
            }
            return new String[] {"thread-local " + name + " of threads '" + pool + "'", HolderKind.THREAD_LOCAL.name(),
                orEmpty(KnownStructures.of(g.className(node[i]))), pool};
        }

        /**
         * A top-level object: by a static field that holds it, else by an application field that does, else by the
         * root it is (a thread's local variable, a JNI global), else by its class.
         */
        private String[] top(int v) {
            String s = staticOf(g.id(v));
            if (s != null) {
                return field("static " + s, HolderKind.STATIC_FIELD, s, v);
            }
            int[] r = referrers.get(v);
            for (int k = 1; r != null && k <= r[0]; k++) {
                int u = r[k];
                if (!jdk[g.classOf(u)] && isInstance(u) && !passesThrough(u, v)) {
                    String f = Fields.fieldHolding(g, u, scan.instance(g.id(u)), g.id(v));
                    // a lambda's captured argument names nothing another run's dump has (see generated)
                    if (f != null && !Suspects.platform(f) && !generated(f)) {
                        return field(f, HolderKind.FIELD, f, v);
                    }
                }
            }
            String[] root = root(v);
            return root != null ? root
                    : new String[] {g.className(v) + " (held from several places)", HolderKind.OTHER.name(), orEmpty(KnownStructures.of(g.className(v)))};
        }

        /** A GC root by its kind and thread: "local variable of threads 'ingest-loop' in pkg.Ingest.run". */
        String[] root(int v) {
            int kind = g.rootKind(v);
            String cls = g.className(v);
            String structure = orEmpty(KnownStructures.of(cls));
            return switch (kind) {
                case HprofVisitor.ROOT_JAVA_FRAME, HprofVisitor.ROOT_JNI_LOCAL -> {
                    String method = g.rootMethod(v);
                    String pool = pool(g.threadObject(g.rootThreadSerial(v)));
                    yield new String[] {"local variable of threads '" + pool + "'" + (method == null ? "" : " in " + method),
                        HolderKind.THREAD_STACK.name(), structure, pool};
                }
                case HprofVisitor.ROOT_NATIVE_STACK, HprofVisitor.ROOT_THREAD_BLOCK -> {
                    String pool = pool(g.threadObject(g.rootThreadSerial(v)));
                    yield new String[] {"native stack of threads '" + pool + "' holding " + cls, HolderKind.THREAD_STACK.name(), structure, pool};
                }
                case HprofVisitor.ROOT_JNI_GLOBAL -> new String[] {"JNI global " + cls, HolderKind.JNI_GLOBAL.name(), structure};
                case HprofVisitor.ROOT_MONITOR_USED -> new String[] {"busy monitor " + cls, HolderKind.OTHER.name(), structure};
                case 0 -> null;
                default -> new String[] {"GC root " + cls, HolderKind.OTHER.name(), structure};
            };
        }

        /** True when u's shortest path from a GC root goes through v: u is v's own inside (a back reference). */
        boolean passesThrough(int u, int v) {
            for (int p : paths.pathTo(u)) {
                if (p == v) {
                    return true;
                }
            }
            return false;
        }

        /** "Class.field" of a static field holding the object, or null; the statics are indexed on first use. */
        String staticOf(long id) {
            if (statics == null) {
                statics = new HashMap<>();
                for (int c = 0; c < classes.size(); c++) {
                    for (int s = 0; s < classes.staticCount(c); s++) {
                        if (classes.staticType(c, s) == HprofTypes.OBJECT && classes.staticValue(c, s) != 0) {
                            statics.putIfAbsent(classes.staticValue(c, s), classes.name(c) + "." + classes.staticName(c, s));
                        }
                    }
                }
            }
            return statics.get(id);
        }

        DetailReader scan() {
            return scan;
        }
    }

    /**
     * A field of a lambda's or another hidden class ("App$$Lambda$434+0x00007ff3111cea98.arg$1"): a captured
     * argument, whose class name changes from run to run; what it captures is named by its own fields.
     */
    static boolean generated(String field) {
        return field.contains("$$Lambda") || field.contains("/0x") || field.contains("+0x");
    }

    static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}
