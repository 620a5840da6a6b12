package dev.brink.heap.report;

import dev.brink.heap.PathStep;
import dev.brink.heap.hprof.HprofVisitor;
import dev.brink.heap.index.HeapGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * Paths from a GC root in words, from the detail scans' field values: each step says how the previous object
 * references it (a field, an array index), and the root says what it is as a person would name it — a static
 * field of a class, a local variable of a thread's stack (the thread and the method), a thread-local of a thread
 * (the path leaves the thread through {@code threadLocals}), a JNI global. Read-only over the scans.
 */
public final class PathText {
    private final HeapGraph g;
    private final DetailReader detail;
    private final ThreadNames threads;

    public PathText(HeapGraph g, DetailReader detail, ThreadNames threads) {
        this.g = g;
        this.detail = detail;
        this.threads = threads;
    }

    /** The detail scan's field values this text is made from. */
    DetailReader detail() {
        return detail;
    }

    /** The path as steps, the first naming the root ({@link #rootKind}). */
    public List<PathStep> steps(int[] path) {
        List<PathStep> steps = new ArrayList<>();
        for (int k = 0; k < path.length; k++) {
            int v = path[k];
            steps.add(new PathStep(name(g, v), hex(g.id(v)), k == 0 ? rootKind(path) : via(path[k - 1], v)));
        }
        return steps;
    }

    /** "Declaring.field" of the reference from p to c (a static field when p is a class), or null. */
    String field(int p, int c) {
        return g.isClassObject(p) ? Fields.staticHolding(g, p, g.id(c)) : Fields.fieldHolding(g, p, detail.instance(g.id(p)), g.id(c));
    }

    /** How step p references c in a path: field name, [index], or "(reference)" when the scans did not say. */
    String via(int p, int c) {
        String f = field(p, c);
        if (f != null) {
            return f.substring(f.lastIndexOf('.') + 1);
        }
        Integer idx = detail.elementIndex(g.id(p));
        return idx != null ? "[" + idx + "]" : "(reference)";
    }

    /** What the path's first object is as a GC root; empty for an empty path. */
    public String rootKind(int[] path) {
        if (path.length == 0) {
            return "";
        }
        int root = path[0];
        int kind = g.rootKind(root);
        String thread = thread(root);
        return switch (kind) {
            case HeapGraph.ROOT_CLASS, HprofVisitor.ROOT_STICKY_CLASS -> "static field of " + name(g, root)
                    + (kind == HprofVisitor.ROOT_STICKY_CLASS ? " (system class)" : "");
            case HprofVisitor.ROOT_THREAD_OBJ -> path.length > 1 && "threadLocals".equals(via(root, path[1]))
                    ? "thread-local of thread " + thread : "thread object " + thread;
            case HprofVisitor.ROOT_JAVA_FRAME -> "local variable of thread " + thread + frame(root);
            case HprofVisitor.ROOT_JNI_LOCAL -> "JNI local of thread " + thread + frame(root);
            case HprofVisitor.ROOT_NATIVE_STACK -> "native stack of thread " + thread;
            case HprofVisitor.ROOT_THREAD_BLOCK -> "thread block of thread " + thread;
            case HprofVisitor.ROOT_JNI_GLOBAL -> "JNI global";
            case HprofVisitor.ROOT_MONITOR_USED -> "busy monitor";
            default -> "unknown root";
        };
    }

    private String frame(int root) {
        String m = g.rootMethod(root);
        return m == null ? "" : " in " + m;
    }

    /**
     * 'name' of the thread a root is tied to, its id when unnamed (preceded by "(virtual)" for a virtual thread,
     * unnamed by default), or null for roots of no thread.
     */
    private String thread(int root) {
        long th = g.rootKind(root) == HprofVisitor.ROOT_THREAD_OBJ ? g.id(root)
                : g.rootThreadSerial(root) == 0 ? 0 : g.threadObject(g.rootThreadSerial(root));
        if (th == 0) {
            return null;
        }
        String n = threads.name(th);
        if (n == null || n.isEmpty()) {
            return (g.isVirtualThread(th) ? "(virtual) @ " : "") + hex(th);
        }
        return "'" + n + "'";
    }

    /** "class X" for a class object, else the object's class name. */
    static String name(HeapGraph g, int v) {
        return g.isClassObject(v) ? "class " + g.classes().name(g.classes().indexOf(g.id(v))) : g.className(v);
    }

    static String hex(long id) {
        return String.format("0x%x", id);
    }
}
