package dev.brink.heap.report;

import dev.brink.core.summary.HolderKind;
import dev.brink.heap.Holder;
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
 *   {@code X.leak} and {@code X.catalog}; a singleton bean with two big fields is split the same way. A child
 *   above the threshold beside the walk (the walk went on into a bigger sibling that keeps 70 % of their parent)
 *   is split off too. Wrappers
 *   (synchronized or unmodifiable views, a cache object around its map) keep nearly all of their child, so the
 *   walk passes through them to the growing collection.</li>
 *   <li><b>Spread by class.</b> When no single object dominates (100 000 listener or session objects of one
 *   application class, held in ThreadLocals of many pool threads), an application class whose topmost
 *   instances retain more than the threshold, with no top-level holder keeping {@value #SPREAD_HOLDER_SHARE}
 *   of it, at least {@value #SPREAD_MIN_HOLDERS} holders of one class and {@value #SPREAD_MIN_INSTANCES}
 *   instances, is a suspect of its own, named by the class — or, when its instances sit in one ThreadLocal of a
 *   pool's threads, by that thread-local ({@link HolderKind#THREAD_LOCAL}): one suspect for the pool, not one per
 *   thread.</li>
 *   <li><b>Held by frames of one method.</b> Top-level objects that are local variables of one method's frames,
 *   in whichever threads, are added up by that method: a virtual thread per request that parks for good with a
 *   few KiB in its frame leaves a hundred thousand such objects, none near the threshold, each its own root. At
 *   least {@value #SPREAD_MIN_HOLDERS} frames (or two whose biggest keeps {@value #GROUP_MEMBER_SHARE} of the heap,
 *   as a group of one class must) retaining more than the threshold together are one suspect, named by the
 *   threads' stack holder ("local variable of threads '(virtual)' in pkg.Class.method"), unless a spread class
 *   held by them already names what they hold.</li>
 * </ul>
 *
 * <p>A suspect is never a verdict: a cache and a leak of the same size look alike in one dump. The suspects say
 * what retains the memory; whether it grows takes a second dump ({@code GrowthRules}).
 *
 * <p>Construction selects the suspects; {@link #wanted()} and {@link #arrayTargets()} say what the detail scan
 * must fetch, and {@link #describe(PathText, HolderTable)} names them from it. Nothing is kept between calls, so
 * they cannot be called out of order. Immutable after construction; the graph and trees it
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
        Map<String, long[]> byFrame = new LinkedHashMap<>(); // a frame's method → {sum, count, biggest}
        for (int x : top) {
            if (t.retained(x) > threshold) {
                expand(x, -1);
                continue;
            }
            String frame = frameMethod(x);
            if (frame != null) {
                add(byFrame.computeIfAbsent(frame, k -> new long[] {0, 0, -1}), x);
            } else if (!g.isClassObject(x)) {
                // classes are roots of their own statics, so "N classes together" says nothing
                add(byClass.computeIfAbsent(g.classOf(x), k -> new long[] {0, 0, -1}), x);
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
        for (long[] s : byFrame.values()) {
            boolean many = s[1] >= SPREAD_MIN_HOLDERS || (s[1] >= 2 && t.retained((int) s[2]) >= GROUP_MEMBER_SHARE * heap);
            // as for a group of one class: a spread class held by these frames already names what they hold
            if (many && s[0] > threshold && !spreadHolderClasses.contains(g.classOf((int) s[2]))) {
                found.add(single((int) s[2], -1, (int) s[1], s[0]));
            }
        }
    }

    /** Adds top-level object x to a group's {sum, count, biggest}. */
    private void add(long[] s, int x) {
        s[0] += t.retained(x);
        s[1]++;
        if (s[2] < 0 || t.retained(x) > t.retained((int) s[2])) {
            s[2] = x;
        }
    }

    /** The method whose frame holds top-level object x as a local variable, or null. */
    private String frameMethod(int x) {
        int kind = g.rootKind(x);
        return kind == HprofVisitor.ROOT_JAVA_FRAME || kind == HprofVisitor.ROOT_JNI_LOCAL ? g.rootMethod(x) : null;
    }

    /** Adds x (held by parent, or top-level when parent is -1), split at its accumulation point if need be. */
    private void expand(int x, int parent) {
        int[] chain = chainFrom(x);
        int acc = chain[chain.length - 1];
        // a child above the threshold beside the one the walk followed (a bean in the same hash bucket as a bigger
        // one, a second big field of an object the walk passed through) is a part of its own, not the main one's
        for (int i = 0; i + 1 < chain.length; i++) {
            for (int k = t.childrenStart(chain[i]); k < t.childrenEnd(chain[i]); k++) {
                int side = t.child(k);
                if (side != chain[i + 1] && t.retained(side) > threshold) {
                    expand(side, chain[i]);
                }
            }
        }
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
        return dt.chainFrom(x, BIG_DROP);
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

    /**
     * Describes each suspect, biggest first, from the scans' field values ({@code text}) and the dump's holders (a
     * suspect with no field to name it is named by its holder: a thread-local of a pool, a thread's local variable).
     */
    public List<LeakSuspect> describe(PathText text, HolderTable holders) {
        Description d = new Description(text, holders);
        Map<String, LeakSuspect> bySubject = new LinkedHashMap<>();
        for (Candidate c : found) {
            LeakSuspect s = d.describe(c);
            LeakSuspect same = bySubject.get(s.subject());
            bySubject.put(s.subject(), same == null ? s : perPool(same, holders));
        }
        List<LeakSuspect> out = new ArrayList<>(bySubject.values());
        out.sort((a, b) -> Long.compare(b.retainedBytes(), a.retainedBytes()));
        return out;
    }

    /**
     * Two suspects named by one thread-local or thread-stack holder (the threads of a pool, each above the
     * threshold, or some above and the rest as a group) are one: the first (biggest) one's description, with the
     * holder's bytes over all the pool's threads.
     */
    private LeakSuspect perPool(LeakSuspect s, HolderTable holders) {
        Holder h = s.holder().isEmpty() ? null : holders.holder(s.holder());
        if (h == null || h.pool().isEmpty()) {
            return s;
        }
        long retained = Math.max(s.retainedBytes(), h.retainedBytes());
        return new LeakSuspect(s.subject(), s.description(), s.suspectClass(), s.suspectObjectId(), h.instances(), s.holders(),
                retained, heap == 0 ? 0 : Math.min(1.0, (double) retained / heap), s.accumulationClass(), s.accumulationObjectId(),
                s.accumulationRetainedBytes(), s.rootKind(), s.pathFromRoot(), s.holder(), s.holderKind(), s.structure(),
                h.instances(), h.pool());
    }

    /** The instances on chains and paths, and the arrays on them. */
    private void collectWanted() {
        for (Candidate c : found) {
            HolderEvidence.fetch(g, c.chain, wanted, arrayTargets);
            HolderEvidence.fetch(g, c.path, wanted, arrayTargets);
            // the accumulation point's own fields too: its shape may name it (StructureShapes: an LRU map's flag)
            int acc = c.chain[c.chain.length - 1];
            if (!g.isClassObject(acc) && !g.className(acc).endsWith("[]")) {
                wanted.add(g.id(acc));
            }
        }
    }

    String name(int v) {
        return PathText.name(g, v);
    }

    static String hex(long id) {
        return PathText.hex(id);
    }

    public static boolean platform(String className) {
        for (String p : PLATFORM) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /** Names the suspects from the scans' field values; one per {@link #describe} call. */
    private final class Description {
        private final PathText text;
        private final HolderTable holders;

        Description(PathText text, HolderTable holders) {
            this.text = text;
            this.holders = holders;
        }

        private String field(int p, int c) {
            return text.field(p, c);
        }

        /**
         * The holder the suspect is: the innermost holder instance on the big-drop chain from its top (from its
         * biggest holder for a spread class), or null.
         */
        private String holderOf(Candidate c) {
            int[] down = chainFrom(c.holders > 0 ? c.chain[0] : c.top);
            String key = null;
            for (int v : down) {
                String k = holders.keyOf(v);
                key = k != null ? k : key;
            }
            if (key == null) {
                for (int k = c.chain.length - 1; k >= 0 && key == null; k--) {
                    key = holders.keyOf(c.chain[k]);
                }
            }
            return key;
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
            String key = holderOf(c);
            Holder holder = key == null ? null : holders.holder(key);
            boolean rootHolder = holder != null && holder.kind() != HolderKind.FIELD && holder.kind() != HolderKind.STATIC_FIELD;
            boolean perThread = holder != null && !holder.pool().isEmpty();
            if (subject == null && rootHolder) {
                // a thread-local, a thread's local variable, a JNI global: the root names it better than a JDK
                // collection's field or its class
                subject = key;
                heldBy = -1;
            }
            if (subject == null && anyField != null && c.instances == 1) {
                subject = anyField;
                heldBy = anyHeld;
            }
            if (c.holders > 0 || c.instances > 1) {
                // spread or a group: no one field holds it; one ThreadLocal of a pool's threads can (one suspect for the
                // pool, not one per thread), else the class names it
                subject = perThread ? key : c.holders > 0 ? g.className(c.top) : subject;
                heldBy = -1;
            }
            if (subject == null) {
                subject = c.instances > 1 ? g.className(c.top) : name(c.top);
                heldBy = -1;
            }
            long retained = c.instances > 1 || heldBy < 0 ? c.retained : Math.min(c.retained, t.retained(heldBy));
            List<PathStep> steps = text.steps(c.path);
            String rootKind = text.rootKind(c.path);
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
                    rootKind, steps, key, holder == null ? null : holder.kind(), structure(holder, c, acc),
                    holder == null || holder.pool().isEmpty() ? 0 : holder.instances(), holder == null ? "" : holder.pool());
        }

        /** What a framework's or the JDK's structure is: the holder's, else the first known class on the chain. */
        private String structure(Holder holder, Candidate c, int acc) {
            if (holder != null && !holder.structure().isEmpty()) {
                return holder.structure();
            }
            List<String> names = new ArrayList<>();
            for (int v : c.chain) {
                names.add(g.className(v));
            }
            names.add(g.className(acc));
            String s = KnownStructures.firstOf(names);
            if (s == null) {
                s = StructureShapes.of(g, t, dt, text.detail(), c.chain); // the chain ends at acc
            }
            return s == null ? "" : s;
        }
    }
}
