package dev.brink.threads;

/** How a thread waits on the lock in {@link DumpThread#waitingOn()}. */
public enum WaitKind {
    /** Not waiting on any lock. */
    NONE,
    /** Blocked entering a monitor ("waiting to lock", "waiting to re-lock in wait()"): contention. */
    ENTER,
    /** In Object.wait() on a monitor it released ("waiting on"): not contention, nobody holds it for it. */
    WAIT,
    /** Parked on a j.u.c synchronizer ("parking to wait for"): contention when someone owns it. */
    PARK
}
