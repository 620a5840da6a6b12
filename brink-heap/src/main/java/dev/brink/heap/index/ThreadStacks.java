package dev.brink.heap.index;

import java.util.HashMap;
import java.util.Map;

/**
 * The dumped threads' stacks, so a local variable root can be named by its method: HotSpot writes one STACK_TRACE
 * per thread (frames top first, each a STACK_FRAME naming method and class) and gives each ROOT_JAVA_FRAME the
 * depth of its frame in that trace. Small: a few hundred threads of a few dozen frames. Filled by the first pass,
 * then read-only.
 */
public final class ThreadStacks {
    private final Map<Long, long[]> frameNames = new HashMap<>(); // frame id → {method name id, class serial}
    private final Map<Integer, long[]> traceByThread = new HashMap<>(); // thread serial → frame ids
    private final Map<Integer, Long> classBySerial = new HashMap<>();
    private final Map<Long, String> utf8;
    /** Root object index → depth of its frame, for java-frame and JNI-local roots. */
    final Map<Integer, Integer> rootFrame = new HashMap<>();

    ThreadStacks(Map<Long, String> utf8) {
        this.utf8 = utf8;
    }

    void frame(long frameId, long methodNameId, int classSerial) {
        frameNames.put(frameId, new long[] {methodNameId, classSerial});
    }

    void trace(int threadSerial, long[] frameIds) {
        if (threadSerial != 0) {
            traceByThread.put(threadSerial, frameIds);
        }
    }

    void classSerial(int serial, long classId) {
        classBySerial.put(serial, classId);
    }

    /**
     * "pkg.Class.method" of the frame at {@code depth} in the thread's stack, or null when the dump does not say
     * (no trace for the thread, a depth of -1, or a frame without a record).
     */
    public String method(int threadSerial, int depth, ClassTable classes) {
        long[] trace = traceByThread.get(threadSerial);
        if (trace == null || depth < 0 || depth >= trace.length) {
            return null;
        }
        long[] f = frameNames.get(trace[depth]);
        if (f == null) {
            return null;
        }
        String method = utf8.get(f[0]);
        Long classId = classBySerial.get((int) f[1]);
        int c = classId == null ? -1 : classes.indexOf(classId);
        return method == null ? null : (c < 0 ? "?" : classes.name(c)) + "." + method;
    }

    /** Depth of root object {@code root}'s frame in its thread's stack, or -1. */
    public int rootFrame(int root) {
        return rootFrame.getOrDefault(root, -1);
    }
}
