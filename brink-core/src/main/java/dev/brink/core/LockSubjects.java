package dev.brink.core;

/**
 * The subject of a lock-contention finding on a bare {@code new Object()}, shared by the thread dumps (brink-threads)
 * and JFR recordings (brink-jfr): a run keeps one finding per kind and subject, so both must name the same lock the
 * same way. The class names no lock and the address is no identity (a GC moves it, a relaunch renews it); the method
 * that takes it, one synchronized block entered and held in one method, is the same in every dump and recording.
 */
public final class LockSubjects {
    /** The class of a lock that is only a lock. */
    public static final String BARE_LOCK = "java.lang.Object";

    private LockSubjects() {
    }

    /** "java.lang.Object locked in pkg.Class.method". */
    public static String bareLockIn(String method) {
        return BARE_LOCK + " locked in " + method;
    }
}
