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
    /** Heap dumps Brink asked for: {@code heap-<stamp>.hprof}, or {@code heap-<stamp>.hprof.gz} compressed. */
    public static final String HEAP_DUMP_PREFIX = "heap-";
    /** JFR recordings: {@code recording-<stamp>.jfr}. */
    public static final String JFR_PREFIX = "recording-";
    /** The extension of a heap dump (Brink's and the JVM's own). */
    public static final String HEAP_DUMP_SUFFIX = ".hprof";
    /** The extension of a heap dump the target compressed ({@code jcmd GC.heap_dump -gz}, JDK 15 and later). */
    public static final String HEAP_DUMP_GZ_SUFFIX = ".hprof.gz";
    /** The extension of every JFR recording. */
    public static final String JFR_SUFFIX = ".jfr";
    /**
     * The execution samples of the capacity step that broke, as folded stacks ({@link
     * dev.brink.core.evidence.FoldedStacks}): {@code stacks-x<multiplier>.folded}, drawn as a flame graph in report.html.
     */
    public static final String FOLDED_STACKS_PREFIX = "stacks-x";
    public static final String FOLDED_STACKS_SUFFIX = ".folded";
    /** Every prefix above, for the contract check. */
    public static final java.util.List<String> PREFIXES = java.util.List.of(THREAD_DUMP_PREFIX, CLASS_HISTOGRAM_PREFIX,
            HEAP_DUMP_PREFIX, JFR_PREFIX, FOLDED_STACKS_PREFIX);

    private EvidenceFiles() {
    }

    /** {@code stacks-x7.folded}: the folded stacks of the step at {@code multiplier} × profile. */
    public static String foldedStacks(int multiplier) {
        return FOLDED_STACKS_PREFIX + multiplier + FOLDED_STACKS_SUFFIX;
    }

    /** The multiplier a folded-stacks file name carries, or -1 when {@code fileName} is not one. */
    public static int foldedStacksMultiplier(String fileName) {
        if (!fileName.startsWith(FOLDED_STACKS_PREFIX) || !fileName.endsWith(FOLDED_STACKS_SUFFIX)) {
            return -1;
        }
        String n = fileName.substring(FOLDED_STACKS_PREFIX.length(), fileName.length() - FOLDED_STACKS_SUFFIX.length());
        return n.matches("[0-9]{1,6}") ? Integer.parseInt(n) : -1;
    }
}
