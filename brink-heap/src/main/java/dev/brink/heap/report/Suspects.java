package dev.brink.heap.report;

import dev.brink.heap.LeakSuspect;
import dev.brink.heap.PathStep;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Leak suspects in the spirit of MAT's report, with three departures that real leaks need.
 *
 * <ul>
 *   <li><b>Threshold.</b> A suspect retains more than {@code share} of the reachable heap; HeapOptions' default
 *   0.10 is MAT's "threshold_percent" default. Why 10 %: an object smaller than that is rarely what fills a
 *   heap to an OutOfMemoryError, a healthy application's largest structures (a cache, a catalogue) sit in
 *   the same range, so a lower bar would name them on every dump, and a report must stay a handful of lines.</li>
 *   <li><b>Splitting.</b> The accumulation point is found by following the biggest dominated child while it
 *   keeps at least {@value #BIG_DROP} of its parent (MAT's "big drop"). Where that walk stops, every child still
 *   above the threshold is a suspect of its own: a class object is a namespace, not a container, so
 *   {@code static Map leak} and {@code static List catalog} of one class are two candidates named
 *   {@code X.leak} and {@code X.catalog}; a singleton bean with two big fields is split the same way. Wrappers
 *   (synchronized or unmodifiable views, a cache object around its map) keep nearly all of their child, so the
 *   walk passes through them to the growing collection.</li>
 *   <li><b>Spread by class.</b> When no single object dominates (100 000 listener or session objects of one
 *   application class, held in ThreadLocals of many pool threads), an application class whose topmost
 *   instances retain more than the threshold, with no top-level holder keeping {@value #SPREAD_HOLDER_SHARE}
 *   of it, at least {@value #SPREAD_MIN_HOLDERS} holders of one class and {@value #SPREAD_MIN_INSTANCES}
 *   instances, is a suspect of its own, named by the class.</li>
 * </ul>
 *
 * <p>Construction selects the suspects; {@link #wanted()} and {@link #arrayTargets()} say what the first
 * {@link DetailReader} scan must fetch, {@link #stringValues(DetailReader)} what the second must, and
 * {@link #describe(DetailReader, DetailReader)} names them. Nothing is kept between calls, so they cannot be
 * called out of order: each takes the scans it needs. Immutable after construction; the graph and trees it
 * reads are not changed by anyone, so calls may come from any thread.
 */
public final class Suspects {
    /** MAT's "big drop" ratio: below it the memory is spread over many children, so accumulation stops here. */
    static final double BIG_DROP = 0.7;
    /** Smallest share of the heap the biggest member of a suspect group must retain. */
    static final double GROUP_MEMBER_SHARE = 0.01;
    /**
     * A class's instances are "spread" when no top-level holder keeps this share of what they retain; above
     * it, that holder is itself a single-object suspect and names the leak better.
     */
    static final double SPREAD_HOLDER_SHARE = 0.5;
    /**
     * A spread leak is accumulation: many small objects (listeners, per-request records) under many holders (a
     * pool's threads, connections). A few holders of one class are how any application partitions its data
     * (a cache per region, a buffer per worker), and a few big instances are not accumulating.
     */
    static final int SPREAD_MIN_HOLDERS = 8;
    static final int SPREAD_MIN_INSTANCES = 1_000;
    private static final String[] PLATFORM = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    private final HeapGraph g;
    private final DominatorTree t;
    private final DominatedTree dt;
    private final GcPaths paths;
    private final ClassTable classes;
    private final int idSize;
    private final long heap;
    private final double threshold;
    private final List<Candidate> found = new ArrayList<>();
    private final Set<Long> wanted = new HashSet<>();
    private final Map<Long, Long> arrayTargets = new HashMap<>();

    /**
     * @param top       for a single object, the object the suspect is; for a group, its biggest member
     * @param instances 1 for one object, else how many instances of top's class the suspect covers
     * @param holders   for a spread class, how many top-level holders keep its instances; else 0
     * @param chain     from the object holding {@code top} (when the suspect was split from it) or from top,
     *                  down to the accumulation point
     */
    private record Candidate(int top, int instances, int holders, long retained, int[] chain, int[] path) {
    }

    /** Selects the suspects retaining more than {@code share} (0..1) of the reachable heap. */
    public Suspects(HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths paths, double share) {
        this.g = g;
        this.t = t;
        this.dt = dt;
        this.paths = paths;
        this.classes = g.classes();
        this.idSize = g.sizeModel().idSize();
        this.heap = t.reachableBytes();
        this.threshold = share * heap;
        select();
        found.sort((a, b) -> Long.compare(b.retained, a.retained));
        collectWanted();
    }

    private void select() {
        int[] top = dt.children(-1);
        Map<Integer, long[]> byClass = new LinkedHashMap<>(); // class → {sum, count, biggest}
        for (int x : top) {
            if (t.retained(x) > threshold) {
                expand(x, -1);
            } else if (!g.isClassObject(x)) {
                // classes are roots of their own statics, so "N classes together" says nothing
                long[] s = byClass.computeIfAbsent(g.classOf(x), k -> new long[] {0, 0, -1});
                s[0] += t.retained(x);
                s[1]++;
                if (s[2] < 0 || t.retained(x) > t.retained((int) s[2])) {
                    s[2] = x;
                }
            }
        }
        Set<Integer> spreadHolderClasses = spreadByClass();
        for (Map.Entry<Integer, long[]> e : byClass.entrySet()) {
            long[] s = e.getValue();
            // a group of tiny top-level objects (constants and interned strings shared by many classes) is the
            // normal shape of a JVM heap; a group leak (per-thread caches, per-deployment loaders) has big
            // members. When a spread class already names what those members hold, the group says less.
            if (s[1] >= 2 && s[0] > threshold && t.retained((int) s[2]) >= GROUP_MEMBER_SHARE * heap
                    && !spreadHolderClasses.contains(e.getKey())) {
                found.add(single((int) s[2], -1, (int) s[1], s[0]));
            }
        }
    }

    /** Adds x (held by parent, or top-level when parent is -1), split at its accumulation point if need be. */
    private void expand(int x, int parent) {
        int[] chain = chainFrom(x);
        int acc = chain[chain.length - 1];
        long bigSum = 0;
        List<Integer> big = new ArrayList<>();
        for (int k : dt.children(acc)) {
            if (t.retained(k) > threshold) {
                big.add(k);
                bigSum += t.retained(k);
            }
        }
        if (big.isEmpty()) {
            found.add(single(x, parent, 1, t.retained(x)));
            return;
        }
        // the walk stopped although a child is still above the threshold: the memory is in a few big parts
        // (fields of a class or of a bean), each a suspect of its own
        for (int k : big) {
            expand(k, acc);
        }
        if (t.retained(acc) - bigSum > threshold && !g.isClassObject(acc)) {
            found.add(single(x, parent, 1, t.retained(acc) - bigSum));
        }
    }

    private int[] chainFrom(int x) {
        List<Integer> chain = new ArrayList<>();
        chain.add(x);
        int cur = x;
        while (true) {
            int b = dt.biggestChild(cur);
            if (b < 0 || t.retained(b) < BIG_DROP * t.retained(cur)) {
                break;
            }
            chain.add(b);
            cur = b;
        }
        return chain.stream().mapToInt(Integer::intValue).toArray();
    }

    private Candidate single(int x, int parent, int instances, long retained) {
        int[] down = chainFrom(x);
        int[] chain = down;
        if (parent >= 0) {
            chain = new int[down.length + 1];
            chain[0] = parent;
            System.arraycopy(down, 0, chain, 1, down.length);
        }
        return new Candidate(x, instances, 0, retained, chain, paths.pathTo(down[down.length - 1]));
    }

    /**
     * Application classes whose instances retain more than the threshold with no holder dominating them. Adds
     * them as suspects; returns the classes of their main holders (a pool's Thread class, say).
     */
    private Set<Integer> spreadByClass() {
        Set<Integer> holderClasses = new HashSet<>();
        long[] byClass = dt.retainedByClass();
        for (int c = 0; c < byClass.length; c++) {
            if (byClass[c] <= threshold || c == classes.classClass() || platform(classes.name(c))
                    || classes.name(c).endsWith("[]")) {
                continue;
            }
            Map<Integer, Long> holders = dt.retainedByTopHolder(c);
            int biggest = -1;
            for (Map.Entry<Integer, Long> h : holders.entrySet()) {
                if (biggest < 0 || h.getValue() > holders.get(biggest)) {
                    biggest = h.getKey();
                }
            }
            if (holders.size() < SPREAD_MIN_HOLDERS || holders.get(biggest) >= SPREAD_HOLDER_SHARE * byClass[c]
                    || sameKindHolders(holders.keySet()) < SPREAD_MIN_HOLDERS) {
                continue;
            }
            int biggestInstance = biggestInstanceUnder(biggest, c);
            int count = 0;
            for (int i = 0; i < g.objectCount(); i++) {
                if (g.classOf(i) == c && t.reachable(i)) {
                    count++;
                }
            }
            if (count < SPREAD_MIN_INSTANCES) {
                continue;
            }
            // the accumulation point of a spread leak is its biggest holder (a pool thread, a connection)
            found.add(new Candidate(biggestInstance < 0 ? biggest : biggestInstance, count, holders.size(), byClass[c],
                    new int[] {biggest}, paths.pathTo(biggest)));
            holderClasses.add(g.classOf(biggest));
        }
        return holderClasses;
    }

    /**
     * How many holders share the commonest holder class, class objects left out. A spread leak is one mechanism
     * repeated per holder (each pool thread, each connection), so its holders are instances of one class; data
     * an application partitions on purpose sits in named places (static fields of different classes), and the
     * split by field already looks at those.
     */
    private int sameKindHolders(Set<Integer> holders) {
        Map<Integer, Integer> byClass = new HashMap<>();
        int most = 0;
        for (int h : holders) {
            if (!g.isClassObject(h)) {
                most = Math.max(most, byClass.merge(g.classOf(h), 1, Integer::sum));
            }
        }
        return most;
    }

    /** The instance of class c retaining most below top-level object holder, or -1. */
    private int biggestInstanceUnder(int holder, int c) {
        int best = -1;
        List<Integer> stack = new ArrayList<>(List.of(holder));
        while (!stack.isEmpty()) {
            int v = stack.remove(stack.size() - 1);
            if (g.classOf(v) == c) {
                if (best < 0 || t.retained(v) > t.retained(best)) {
                    best = v;
                }
                continue;
            }
            for (int k : dt.children(v)) {
                stack.add(k);
            }
        }
        return best;
    }

    /** Objects (instances) the first scan fetches. */
    public Set<Long> wanted() {
        return Collections.unmodifiableSet(wanted);
    }

    /** Object array → element whose index the first scan finds. */
    public Map<Long, Long> arrayTargets() {
        return Collections.unmodifiableMap(arrayTargets);
    }

    /** The string value arrays (thread names) the second scan must fetch, given the first scan. */
    public Set<Long> stringValues(DetailReader first) {
        Set<Long> values = new HashSet<>();
        for (long id : first.instanceIds()) {
            int v = g.indexOf(id);
            if (v >= 0 && "java.lang.String".equals(g.className(v))) {
                long value = Fields.reference(g, g.classOf(v), first.instance(id), "value");
                if (value != 0) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    /** Describes each suspect from the two scans, biggest first. */
    public List<LeakSuspect> describe(DetailReader first, DetailReader second) {
        Description d = new Description(DetailReader.merge(first, second));
        List<LeakSuspect> out = new ArrayList<>();
        for (Candidate c : found) {
            out.add(d.describe(c));
        }
        return out;
    }

    /** The instances on chains and paths, the arrays on them, and the thread-name strings. */
    private void collectWanted() {
        for (Candidate c : found) {
            for (int[] seq : new int[][] {c.chain, c.path}) {
                for (int k = 0; k < seq.length; k++) {
                    if (k + 1 < seq.length && !g.isClassObject(seq[k])) {
                        if (classes.name(g.classOf(seq[k])).endsWith("[]")) {
                            arrayTargets.put(g.id(seq[k]), g.id(seq[k + 1]));
                        } else {
                            wanted.add(g.id(seq[k]));
                        }
                    }
                }
            }
            if (c.path.length > 0) {
                long thread = threadOf(c.path[0]);
                if (thread != 0 && g.threadNameId(thread) != 0) {
                    wanted.add(g.threadNameId(thread));
                }
            }
        }
    }

    /** Thread object id of a root tied to a thread, or 0. */
    private long threadOf(int root) {
        int kind = g.rootKind(root);
        if (kind == HprofVisitor.ROOT_THREAD_OBJ) {
            return g.id(root);
        }
        int serial = g.rootThreadSerial(root);
        return serial == 0 ? 0 : g.threadObject(serial);
    }

    String name(int v) {
        if (g.isClassObject(v)) {
            int c = classes.indexOf(g.id(v));
            return "class " + classes.name(c);
        }
        return g.className(v);
    }

    static String hex(long id) {
        return String.format("0x%x", id);
    }

    static boolean platform(String className) {
        for (String p : PLATFORM) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Names the suspects from the scans' field values; one per {@link #describe} call. */
    private final class Description {
        private final DetailReader detail;
        private final Map<Long, String> stringCache = new HashMap<>();

        Description(DetailReader detail) {
            this.detail = detail;
        }

        private String string(long stringId) {
            if (stringId == 0) {
                return null;
            }
            return stringCache.computeIfAbsent(stringId, id -> {
                int v = g.indexOf(id);
                byte[] data = detail.instance(id);
                if (v < 0 || data == null) {
                    return null;
                }
                int c = g.classOf(v);
                long value = Fields.reference(g, c, data, "value");
                int coderSlot = Fields.slot(classes, c, "coder");
                int coder = coderSlot < 0 ? 0 : (int) Fields.value(data, Fields.offset(classes, c, coderSlot, idSize), 1);
                return Fields.decode(detail.array(value), detail.arrayType(value), coder);
            });
        }

        /** "Declaring.field" (or "Declaring.field" for a static) of the reference from p to c, or null. */
        private String field(int p, int c) {
            if (g.isClassObject(p)) {
                int cls = classes.indexOf(g.id(p));
                if (cls < 0) {
                    return null;
                }
                for (int i = 0; i < classes.staticCount(cls); i++) {
                    if (classes.staticType(cls, i) == HprofTypes.OBJECT && classes.staticValue(cls, i) == g.id(c)) {
                        return classes.name(cls) + "." + classes.staticName(cls, i);
                    }
                }
                return null;
            }
            byte[] data = detail.instance(g.id(p));
            if (data == null) {
                return null;
            }
            int pc = g.classOf(p);
            int slot = Fields.slotReferencing(classes, pc, data, g.id(c), idSize);
            return slot < 0 ? null : classes.name(classes.declaringClass(pc, slot)) + "." + classes.fieldName(pc, slot);
        }

        /** How step p references c in a path: field name, [index], or a static field. */
        private String via(int p, int c) {
            String f = field(p, c);
            if (f != null) {
                return f.substring(f.lastIndexOf('.') + 1);
            }
            Integer idx = detail.elementIndex(g.id(p));
            return idx != null ? "[" + idx + "]" : "(reference)";
        }

        String rootKind(int root) {
            int kind = g.rootKind(root);
            String thread = null;
            long th = threadOf(root);
            if (th != 0) {
                String n = string(g.threadNameId(th));
                thread = n != null ? "'" + n + "'" : hex(th);
            }
            return switch (kind) {
                case HeapGraph.ROOT_CLASS, HprofVisitor.ROOT_STICKY_CLASS -> "static field of " + name(root)
                        + (kind == HprofVisitor.ROOT_STICKY_CLASS ? " (system class)" : "");
                case HprofVisitor.ROOT_THREAD_OBJ -> "thread object " + thread;
                case HprofVisitor.ROOT_JAVA_FRAME -> "thread local of thread " + thread + " (java frame)";
                case HprofVisitor.ROOT_JNI_LOCAL -> "thread local of thread " + thread + " (JNI local)";
                case HprofVisitor.ROOT_NATIVE_STACK -> "native stack of thread " + thread;
                case HprofVisitor.ROOT_THREAD_BLOCK -> "thread block of thread " + thread;
                case HprofVisitor.ROOT_JNI_GLOBAL -> "JNI global";
                case HprofVisitor.ROOT_MONITOR_USED -> "busy monitor";
                default -> "unknown root";
            };
        }

        private LeakSuspect describe(Candidate c) {
            int[] chain = c.chain;
            int acc = chain[chain.length - 1];
            // the application field nearest the accumulation point, else the nearest field at all
            String subject = null;
            int heldBy = -1;
            String anyField = null;
            int anyHeld = -1;
            for (int k = chain.length - 1; k >= 1 && subject == null; k--) {
                String f = field(chain[k - 1], chain[k]);
                if (f != null) {
                    if (anyField == null) {
                        anyField = f;
                        anyHeld = chain[k];
                    }
                    if (!platform(f)) {
                        subject = f;
                        heldBy = chain[k];
                    }
                }
            }
            if (subject == null && chain.length == 1 && c.path.length >= 2) {
                String f = field(c.path[c.path.length - 2], c.path[c.path.length - 1]);
                if (f != null && !platform(f)) {
                    subject = f;
                    heldBy = chain[0];
                }
            }
            if (subject == null && anyField != null && c.instances == 1) {
                subject = anyField;
                heldBy = anyHeld;
            }
            if (c.holders > 0) {
                subject = g.className(c.top); // spread: no field holds it, the class names it
                heldBy = -1;
            }
            if (subject == null) {
                subject = c.instances > 1 ? g.className(c.top) : name(c.top);
                heldBy = -1;
            }
            long retained = c.instances > 1 || heldBy < 0 ? c.retained : Math.min(c.retained, t.retained(heldBy));
            List<PathStep> steps = new ArrayList<>();
            String rootKind = "";
            for (int k = 0; k < c.path.length; k++) {
                int v = c.path[k];
                String via = k == 0 ? rootKind(v) : via(c.path[k - 1], v);
                if (k == 0) {
                    rootKind = via;
                }
                steps.add(new PathStep(name(v), hex(g.id(v)), via));
            }
            String who = c.holders > 0
                    ? c.instances + " instances of " + g.className(c.top) + " held under " + c.holders + " top-level objects"
                    : c.instances > 1
                    ? c.instances + " instances of " + g.className(c.top)
                    : "One " + name(c.top) + " @ " + hex(g.id(c.top));
            String description = String.format(java.util.Locale.ROOT,
                    "%s retain%s %d bytes (%.2f %%); the memory is accumulated in one %s @ %s retaining %d bytes (%.2f %%)",
                    who, c.instances > 1 ? "" : "s", c.retained, 100.0 * c.retained / heap, name(acc), hex(g.id(acc)),
                    t.retained(acc), 100.0 * t.retained(acc) / heap);
            return new LeakSuspect(subject, description, c.instances > 1 ? g.className(c.top) : name(c.top), hex(g.id(c.top)), c.instances, c.holders,
                    retained, heap == 0 ? 0 : Math.min(1.0, (double) retained / heap), name(acc), hex(g.id(acc)), t.retained(acc),
                    rootKind, steps);
        }
    }
}
