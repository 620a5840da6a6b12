package dev.brink.heap.hprof;

/**
 * The tags of the HPROF format, as the JDK writes them (heapDumper.cpp; the format is "JAVA PROFILE 1.0.1/1.0.2").
 * A file is a header and then records, each {@code tag u1, time u4, length u4, body}; a HEAP_DUMP or HEAP_DUMP_SEGMENT
 * body is a run of sub-records, each {@code tag u1, body} whose length follows from the tag.
 *
 * <p>Constants, not an enum: the scanner switches on the tag byte of every sub-record — tens of millions in a
 * gigabyte dump — and a switch on compile-time int constants is one table jump on that byte, with no lookup from
 * byte to object. Root kinds are kept as these same ints in the heap graph's primitive arrays.
 */
public final class HprofTag {
    // top-level records
    public static final int UTF8 = 0x01;
    public static final int LOAD_CLASS = 0x02;
    public static final int UNLOAD_CLASS = 0x03;
    public static final int STACK_FRAME = 0x04;
    public static final int STACK_TRACE = 0x05;
    public static final int ALLOC_SITES = 0x06;
    public static final int HEAP_SUMMARY = 0x07;
    public static final int START_THREAD = 0x0A;
    public static final int END_THREAD = 0x0B;
    public static final int HEAP_DUMP = 0x0C;
    public static final int CPU_SAMPLES = 0x0D;
    public static final int CONTROL_SETTINGS = 0x0E;
    public static final int HEAP_DUMP_SEGMENT = 0x1C;
    public static final int HEAP_DUMP_END = 0x2C;
    /** The highest top-level tag; a higher one (or 0) is not HPROF. */
    public static final int LAST_RECORD = HEAP_DUMP_END;

    // sub-records of a heap dump: the GC roots (their tag is the root's kind) and the dumps of classes and objects
    public static final int ROOT_UNKNOWN = 0xFF;
    public static final int ROOT_JNI_GLOBAL = 0x01;
    public static final int ROOT_JNI_LOCAL = 0x02;
    public static final int ROOT_JAVA_FRAME = 0x03;
    public static final int ROOT_NATIVE_STACK = 0x04;
    public static final int ROOT_STICKY_CLASS = 0x05;
    public static final int ROOT_THREAD_BLOCK = 0x06;
    public static final int ROOT_MONITOR_USED = 0x07;
    public static final int ROOT_THREAD_OBJECT = 0x08;
    public static final int CLASS_DUMP = 0x20;
    public static final int INSTANCE_DUMP = 0x21;
    public static final int OBJ_ARRAY_DUMP = 0x22;
    public static final int PRIM_ARRAY_DUMP = 0x23;

    private HprofTag() {
    }

    /** The sub-record's name for messages, "heap dump" for a tag that is none. */
    public static String subRecordName(int tag) {
        return switch (tag) {
            case ROOT_UNKNOWN -> "ROOT_UNKNOWN";
            case ROOT_JNI_GLOBAL -> "ROOT_JNI_GLOBAL";
            case ROOT_JNI_LOCAL -> "ROOT_JNI_LOCAL";
            case ROOT_JAVA_FRAME -> "ROOT_JAVA_FRAME";
            case ROOT_NATIVE_STACK -> "ROOT_NATIVE_STACK";
            case ROOT_STICKY_CLASS -> "ROOT_STICKY_CLASS";
            case ROOT_THREAD_BLOCK -> "ROOT_THREAD_BLOCK";
            case ROOT_MONITOR_USED -> "ROOT_MONITOR_USED";
            case ROOT_THREAD_OBJECT -> "ROOT_THREAD_OBJECT";
            case CLASS_DUMP -> "CLASS_DUMP";
            case INSTANCE_DUMP -> "INSTANCE_DUMP";
            case OBJ_ARRAY_DUMP -> "OBJ_ARRAY_DUMP";
            case PRIM_ARRAY_DUMP -> "PRIM_ARRAY_DUMP";
            default -> "heap dump";
        };
    }
}
