package dev.brink.heap.report;

import dev.brink.heap.LeakSuspect;
import dev.brink.heap.PathStep;
import dev.brink.heap.dominator.DominatorTree;
import dev.brink.heap.hprof.HprofTypes;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.index.ClassTable;
import dev.brink.heap.index.HeapGraph;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Leak suspects in the spirit of MAT's report: top-level dominators (single objects, or all instances of
 * one class together) retaining more than a share of the heap; for each, the accumulation point (follow
 * the biggest dominated child while it keeps at least {@value #BIG_DROP} of its parent's retained size),
 * the application field that holds the bulk, and the shortest strong path from a GC root.
 */
public final class Suspects {
    /** MAT's "big drop" ratio: below it the memory is spread over many children, so accumulation stops here. */
    static final double BIG_DROP = 0.7;
    /** Smallest share of the heap the biggest member of a suspect group must retain. */
    static final double GROUP_MEMBER_SHARE = 0.01;
    private static final String[] PLATFORM = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    private final Path file;
    private final HeapGraph g;
    private final DominatorTree t;
    private final DominatedTree dt;
    private final GcPaths paths;
    private final ClassTable classes;
    private final int idSize;
    private DetailReader detail;
    private final Map<Long, String> stringCache = new HashMap<>();

    public Suspects(Path file, HeapGraph g, DominatorTree t, DominatedTree dt, GcPaths paths) {
        this.file = file;
        this.g = g;
        this.t = t;
        this.dt = dt;
        this.paths = paths;
        this.classes = g.classes();
        this.idSize = g.sizeModel().idSize();
    }

    private record Candidate(int top, int instances, long retained, int[] chain, int[] path) {
    }

    private List<Candidate> found;
    private long heap;
    private final Set<Long> wanted = new HashSet<>();
    private final Map<Long, Long> arrayTargets = new HashMap<>();

    /** Step 1: picks the suspects and says which objects the first detail scan must fetch. */
    public void prepare(double share) {
        heap = t.reachableBytes();
        double threshold = share * heap;
        int[] top = dt.children(-1);
        found = new ArrayList<>();
        Map<Integer, long[]> byClass = new LinkedHashMap<>(); // class → {sum, count, biggest}
        for (int x : top) {
            if (t.retained(x) > threshold) {
                found.add(candidate(x, 1, t.retained(x)));
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
        for (long[] s : byClass.values()) {
            // a group of tiny top-level objects (constants and interned strings shared by many classes) is the
            // normal shape of a JVM heap; a group leak (per-thread caches, per-deployment loaders) has big members
            if (s[1] >= 2 && s[0] > threshold && t.retained((int) s[2]) >= GROUP_MEMBER_SHARE * heap) {
                found.add(candidate((int) s[2], (int) s[1], s[0]));
            }
        }
        found.sort((a, b) -> Long.compare(b.retained, a.retained));
        wanted(found);
    }

    /** Objects (instances) the first scan fetches. */
    public Set<Long> wanted() {
        return wanted;
    }

    /** Object array → element whose index the first scan finds. */
    public Map<Long, Long> arrayTargets() {
        return arrayTargets;
    }

    /** Step 2: takes the first scan; returns the string value arrays (thread names) the second must fetch. */
    public Set<Long> absorb(DetailReader first) {
        detail = first;
        Set<Long> values = new HashSet<>();
        for (Map.Entry<Long, byte[]> e : detail.instances.entrySet()) {
            int v = g.indexOf(e.getKey());
            if (v >= 0 && "java.lang.String".equals(g.className(v))) {
                long value = Fields.reference(g, g.classOf(v), e.getValue(), "value");
                if (value != 0) {
                    values.add(value);
                }
            }
        }
        return values;
    }

    /** Step 3: with the second scan's arrays, describes each suspect. */
    public List<LeakSuspect> finish(DetailReader second) {
        detail.arrays.putAll(second.arrays);
        detail.arrayTypes.putAll(second.arrayTypes);
        List<LeakSuspect> out = new ArrayList<>();
        for (Candidate c : found) {
            out.add(describe(c, heap));
        }
        return out;
    }

    private Candidate candidate(int x, int instances, long retained) {
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
        return new Candidate(x, instances, retained, chain.stream().mapToInt(Integer::intValue).toArray(), paths.pathTo(cur));
    }

    /** The instances on chains and paths, the arrays on them, and the thread-name strings. */
    private void wanted(List<Candidate> found) {
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

    private String string(long stringId) {
        if (stringId == 0) {
            return null;
        }
        return stringCache.computeIfAbsent(stringId, id -> {
            int v = g.indexOf(id);
            byte[] data = detail.instances.get(id);
            if (v < 0 || data == null) {
                return null;
            }
            int c = g.classOf(v);
            long value = Fields.reference(g, c, data, "value");
            int coderSlot = Fields.slot(classes, c, "coder");
            int coder = coderSlot < 0 ? 0 : (int) Fields.value(data, Fields.offset(classes, c, coderSlot, idSize), 1);
            return Fields.decode(detail.arrays.get(value), detail.arrayTypes.getOrDefault(value, HprofTypes.BYTE), coder);
        });
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
        byte[] data = detail.instances.get(g.id(p));
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
        Integer idx = detail.elementIndex.get(g.id(p));
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

    private LeakSuspect describe(Candidate c, long heap) {
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
        if (subject == null) {
            subject = c.instances > 1 ? g.className(c.top) : name(c.top);
            heldBy = -1;
        }
        long retained = c.instances > 1 || heldBy < 0 ? c.retained : t.retained(heldBy);
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
        String who = c.instances > 1
                ? c.instances + " instances of " + g.className(c.top)
                : "One " + name(c.top) + " @ " + hex(g.id(c.top));
        String description = String.format(java.util.Locale.ROOT,
                "%s retain%s %d bytes (%.2f %%); the memory is accumulated in one %s @ %s retaining %d bytes (%.2f %%)",
                who, c.instances > 1 ? "" : "s", c.retained, 100.0 * c.retained / heap, name(acc), hex(g.id(acc)),
                t.retained(acc), 100.0 * t.retained(acc) / heap);
        return new LeakSuspect(subject, description, c.instances > 1 ? g.className(c.top) : name(c.top), hex(g.id(c.top)), c.instances,
                retained, heap == 0 ? 0 : Math.min(1.0, (double) retained / heap), name(acc), hex(g.id(acc)), t.retained(acc),
                rootKind, steps);
    }
}
