package dev.brink.threads;

/**
 * Detail keys of busy-thread findings added with CPU-based detection, in one place so the run-directory
 * contract can adopt them as they are.
 */
public final class ThreadDetailKeys {
    /** The deepest application frame common to the thread's samples ("class.method(File.java:12)"). */
    public static final String WHERE = "where";
    /** Samples per library the CPU went to: {"regex": 3, "formatting": 1}. */
    public static final String LIBRARIES = "libraries";
    /** The library most samples ran in ("regex", "formatting", "crypto", …, "application", "other"). */
    public static final String MAIN_LIBRARY = "main_library";
    /** CPU share of the whole group over the interval, in cores (1.0 = one core). */
    public static final String CPU_SHARE = "cpu_share";

    private ThreadDetailKeys() {
    }
}
