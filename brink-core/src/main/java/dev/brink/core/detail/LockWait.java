package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** How the threads of a {@code lock-contention} finding wait for the lock in the dumps ({@code wait}). */
public enum LockWait implements JsonWord {
    /** Blocked entering a monitor ("waiting to lock", "waiting to re-lock in wait()"). */
    ENTER,
    /** In Object.wait() on a monitor they released ("waiting on"). */
    WAIT,
    /** Parked on a java.util.concurrent synchronizer someone owns ("parking to wait for"). */
    PARK
}
