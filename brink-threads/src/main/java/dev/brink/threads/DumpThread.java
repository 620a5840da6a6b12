package dev.brink.threads;

import java.util.List;
import java.util.Objects;

/**
 * One thread in one dump.
 *
 * @param name      the thread's name (not unique: a JVM may reuse names); an unnamed virtual thread (the default:
 *                  a virtual thread per task has none) is named as its toString() names it, "VirtualThread[#21]", so
 *                  thousands of them group as "VirtualThread[#*]" and each is told apart in lists, as jstack does
 * @param id        the Java thread id ({@code #12}, JSON "tid"), -1 for VM-internal threads or when absent
 * @param nid       the OS thread id (jstack nid, decimal or hex in the text), -1 when absent; matches top -H's PID
 * @param state     a Thread.State name, or "UNKNOWN" when the dump does not say (VM threads, JDK 21 JSON)
 * @param priority  Java priority, -1 when absent
 * @param cpuMs     CPU time used so far in milliseconds, -1 when absent (jstack JDK 11+, observer)
 * @param elapsedS  seconds since the thread started, -1 when absent (jstack JDK 11+)
 * @param frames    top of stack first
 * @param held      monitors and synchronizers held; a monitor the thread is in Object.wait() on is not held
 * @param waitingOn the lock the thread waits for, null if none; {@code waitKind} says how
 * @param carrierOf for a carrier thread, the id of the virtual thread it carries, else -1
 */
public record DumpThread(String name, long id, long nid, String state, boolean daemon, boolean virtual, int priority,
                         double cpuMs, double elapsedS, List<StackFrame> frames, List<HeldLock> held,
                         LockRef waitingOn, WaitKind waitKind, long carrierOf) {
    public static final String UNKNOWN_STATE = "UNKNOWN";

    public DumpThread {
        Objects.requireNonNull(name, "name");
        name = virtual && name.isEmpty() && id >= 0 ? "VirtualThread[#" + id + "]" : name;
        state = state == null || state.isBlank() ? UNKNOWN_STATE : state;
        frames = List.copyOf(frames);
        held = List.copyOf(held);
        waitKind = waitingOn == null ? WaitKind.NONE : Objects.requireNonNull(waitKind, "waitKind");
    }

    /** Identity of this thread across dumps of one JVM: the Java id, else the OS id, else the name. */
    public String key() {
        if (id >= 0) return "#" + id;
        if (nid >= 0) return "nid:" + nid;
        return "name:" + name;
    }

    /** True when the thread is stuck on a lock someone else can own (monitor entry or a parked synchronizer). */
    public boolean contending() {
        return waitKind == WaitKind.ENTER || waitKind == WaitKind.PARK;
    }

    /** The top frame, or null for a thread without Java frames. */
    public StackFrame top() {
        return frames.isEmpty() ? null : frames.get(0);
    }
}
