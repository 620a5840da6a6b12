package dev.brink.threads;

import java.util.List;

/**
 * A cycle of threads each waiting for a lock the next one holds.
 *
 * @param members        in cycle order: each waits for a lock held by the next, the last by the first
 * @param foundInGraph   Brink found the cycle in the lock graph itself
 * @param reportedByJvm  the JVM's own deadlock report in the dump names the same threads
 * @param dumpsSeen      dumps that show it
 */
public record Deadlock(List<Member> members, boolean foundInGraph, boolean reportedByJvm, int dumpsSeen) {
    public Deadlock {
        members = List.copyOf(members);
        if (members.isEmpty()) throw new IllegalArgumentException("a deadlock has members");
    }

    /** One thread of the cycle: what it waits for, who holds that, and where it is stuck (null if unknown). */
    public record Member(String thread, String state, LockRef waitsFor, String heldBy, StackFrame frame) {
    }
}
