package dev.brink.heap.hprof;

/**
 * Receives the records of one streaming pass ({@link HprofScanner}). Callbacks that get the input may
 * read the record's body from it, but no further; the scanner skips whatever they leave. Defaults ignore.
 */
public interface HprofVisitor {
    /** GC root kinds: the sub-record tag that named the root ({@link HprofTag}). */
    int ROOT_UNKNOWN = HprofTag.ROOT_UNKNOWN;
    int ROOT_JNI_GLOBAL = HprofTag.ROOT_JNI_GLOBAL;
    int ROOT_JNI_LOCAL = HprofTag.ROOT_JNI_LOCAL;
    int ROOT_JAVA_FRAME = HprofTag.ROOT_JAVA_FRAME;
    int ROOT_NATIVE_STACK = HprofTag.ROOT_NATIVE_STACK;
    int ROOT_STICKY_CLASS = HprofTag.ROOT_STICKY_CLASS;
    int ROOT_THREAD_BLOCK = HprofTag.ROOT_THREAD_BLOCK;
    int ROOT_MONITOR_USED = HprofTag.ROOT_MONITOR_USED;
    int ROOT_THREAD_OBJ = HprofTag.ROOT_THREAD_OBJECT;

    default void header(int idSize, long timestampMillis) {
    }

    default void utf8(long id, String text) {
    }

    default void loadClass(int serial, long classId, long nameId) {
    }

    /**
     * A GC root; threadSerial is 0 for kinds that name no thread. {@code detail} is, for a java frame or JNI local,
     * the frame's depth in its thread's stack trace (0 the top, -1 unknown); for a thread object, the serial of its
     * stack trace (0 none); else 0.
     */
    default void root(int kind, long objectId, int threadSerial, int detail) {
    }

    /** A STACK_FRAME record: the method's name and class (LOAD_CLASS serial) of one frame of a dumped stack. */
    default void stackFrame(long frameId, long methodNameId, int classSerial, int line) {
    }

    /** A STACK_TRACE record: a thread's frames, top first. */
    default void stackTrace(int serial, int threadSerial, long[] frameIds) {
    }

    /** A HEAP_DUMP or HEAP_DUMP_SEGMENT record's body starts at file offset {@code bodyStart}; its sub-records follow. */
    default void heapRecord(long bodyStart, long length) {
    }

    default void classDump(ClassDump dump) {
    }

    /** {@code length} bytes of field values follow in {@code in}. */
    default void instance(long id, long classId, long length, HprofInput in) {
    }

    /** {@code count} ids follow in {@code in}. */
    default void objectArray(long id, long arrayClassId, int count, HprofInput in) {
    }

    /** {@code count} elements of {@code type} follow in {@code in}. */
    default void primitiveArray(long id, int type, int count, HprofInput in) {
    }
}
