package dev.brink.core.evidence;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * The JSON form of one thread dump as Brink's JVM observer writes it ({@code evidence/threads-*.json}),
 * and as the thread-dump analyser reads it back. Part of the run-directory contract: the observer
 * (brink-jvm) and the analyser (brink-threads) share this record, not each other's code.
 *
 * <p>Identities of monitors and synchronizers are what the source gives: JMX ThreadInfo exposes
 * identity hash codes ({@code "0x1b6d3586"}), jstack text exposes addresses; within one dump an
 * identity names one object. Times are nanoseconds; -1 where the JVM did not say.
 *
 * @param format  always {@value #FORMAT}, so a reader can tell this document from any other JSON
 * @param epochMs when the dump was taken, on the run's shared time axis
 * @param pid     the target's process id, or -1 for a remote target
 * @param jvm     the target's "java.vm.name java.vm.version" as it reports them
 * @param seq     position of this dump in its burst (0-based)
 * @param threads every live thread at that moment
 */
public record ThreadDumpDoc(String format, @JsonProperty("epoch_ms") long epochMs, long pid, String jvm, int seq,
                            List<ThreadEntry> threads) {
    public static final String FORMAT = "brink-thread-dump/1";

    public ThreadDumpDoc {
        Objects.requireNonNull(threads, "threads");
        threads = List.copyOf(threads);
    }

    /**
     * One thread.
     *
     * @param state        Thread.State name: NEW, RUNNABLE, BLOCKED, WAITING, TIMED_WAITING, TERMINATED
     * @param cpuNs        total CPU time of the thread so far, -1 if unsupported
     * @param cpuDeltaNs   CPU time since the previous dump of the same burst, -1 for the first dump
     * @param waitingOn    the monitor or synchronizer the thread is blocked or waiting on, or null
     * @param lockOwnerId  the id of the thread that owns {@code waitingOn}, -1 if none
     * @param frames       top of stack first
     * @param lockedMonitors      monitors this thread holds, with the frame depth that took each
     * @param lockedSynchronizers ownable synchronizers (ReentrantLock and the like) it holds
     */
    public record ThreadEntry(String name, long id, boolean daemon, int priority, String state,
                              @JsonProperty("cpu_ns") long cpuNs, @JsonProperty("cpu_delta_ns") long cpuDeltaNs,
                              @JsonProperty("waiting_on") LockRef waitingOn,
                              @JsonProperty("lock_owner_id") long lockOwnerId,
                              @JsonProperty("lock_owner_name") String lockOwnerName,
                              List<Frame> frames,
                              @JsonProperty("locked_monitors") List<LockedMonitor> lockedMonitors,
                              @JsonProperty("locked_synchronizers") List<LockRef> lockedSynchronizers) {
        public ThreadEntry {
            frames = frames == null ? List.of() : List.copyOf(frames);
            lockedMonitors = lockedMonitors == null ? List.of() : List.copyOf(lockedMonitors);
            lockedSynchronizers = lockedSynchronizers == null ? List.of() : List.copyOf(lockedSynchronizers);
        }
    }

    /** One stack frame; line is -1 when unknown, -2 for a native method (as StackTraceElement). */
    public record Frame(@JsonProperty("class") String className, String method, String file, int line) {
    }

    /** A monitor or synchronizer: its class and its identity within the dump ("0x…"). */
    public record LockRef(@JsonProperty("class") String className, String identity) {
    }

    /** A monitor held by the thread, taken at stack depth {@code depth} (0 = top frame). */
    public record LockedMonitor(@JsonProperty("class") String className, String identity, int depth) {
    }
}
