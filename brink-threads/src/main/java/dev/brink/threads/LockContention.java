package dev.brink.threads;

import java.util.List;
import java.util.Objects;

/**
 * A lock that threads wait for, over a series of dumps.
 *
 * @param lock          the monitor or synchronizer
 * @param waitKind      ENTER (monitor) or PARK (synchronizer)
 * @param holder        the holder's name in the dump with the most waiters; null if no dump shows it
 * @param holderState   its state there
 * @param holderFrame   the frame where it took the lock (for a synchronizer: its top non-JDK frame), or null
 * @param holderFrames  its top frames, top first
 * @param maxWaiters    the most threads waiting at once, in one dump
 * @param waiters       who waited in that dump
 * @param waiterGroup   how the waiters read as a group: "7 of 8 BookThread-*", or "5 threads"
 * @param waiterDumps   waiters summed over dumps: the ranking key
 * @param dumpsSeen     dumps in which at least one thread waited
 * @param dumpsTotal    dumps analysed
 * @param holdersSeen   every thread seen holding it while others waited, first seen first: one name over
 *                      many dumps is a holder stuck with the lock, many names a lock too hot for its callers
 */
public record LockContention(LockRef lock, WaitKind waitKind, String holder, String holderState,
                             StackFrame holderFrame, List<StackFrame> holderFrames, int maxWaiters,
                             List<String> waiters, String waiterGroup, int waiterDumps, int dumpsSeen,
                             int dumpsTotal, List<String> holdersSeen) {
    public LockContention {
        Objects.requireNonNull(lock, "lock");
        holderFrames = List.copyOf(holderFrames);
        waiters = List.copyOf(waiters);
        holdersSeen = List.copyOf(holdersSeen);
    }
}
