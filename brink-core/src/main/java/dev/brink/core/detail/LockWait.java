package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/**
 * How the threads of a {@code lock-contention} finding wait for the lock ({@code wait}): in the dumps, or in a JFR
 * recording (jdk.JavaMonitorEnter is {@link #ENTER}, jdk.ThreadPark on a java.util.concurrent lock {@link #PARK}).
 */
public enum LockWait implements JsonWord {
    /** Blocked entering a monitor ("waiting to lock", "waiting to re-lock in wait()"). */
    ENTER,
    /** In Object.wait() on a monitor they released ("waiting on"). */
    WAIT,
    /** Parked on a java.util.concurrent synchronizer someone owns ("parking to wait for"). */
    PARK
}
