package dev.brink.core;

/**
 * Names of the files in a run directory's {@code evidence/} folder. Each capture's file name starts with its
 * prefix and carries a time stamp (and a sequence number for thread dumps), so repeated captures never collide.
 */
public final class EvidenceFiles {
    /** The heap dump the JVM writes itself on OutOfMemoryError (-XX:HeapDumpPath of a launched target). */
    public static final String OOM_HEAP_DUMP = "oom.hprof";
    /** Thread dumps: {@code threads-<stamp>-<seq>.txt}, with a {@code .json} twin. */
    public static final String THREAD_DUMP_PREFIX = "threads-";
    /** Class histograms: {@code histo-<stamp>.txt}. */
    public static final String CLASS_HISTOGRAM_PREFIX = "histo-";
    /** Heap dumps Brink asked for: {@code heap-<stamp>.hprof}. */
    public static final String HEAP_DUMP_PREFIX = "heap-";
    /** JFR recordings: {@code recording-<stamp>.jfr}. */
    public static final String JFR_PREFIX = "recording-";
    /** The extension of every heap dump (Brink's and the JVM's own). */
    public static final String HEAP_DUMP_SUFFIX = ".hprof";
    /** The extension of every JFR recording. */
    public static final String JFR_SUFFIX = ".jfr";

    private EvidenceFiles() {
    }
}
