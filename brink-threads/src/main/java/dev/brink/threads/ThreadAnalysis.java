package dev.brink.threads;

import dev.brink.core.Finding;
import java.util.List;

/**
 * What {@link ThreadDumpAnalyzer} found. Findings come first, most severe first; the rest is detail.
 *
 * @param dumps           every dump read, in time order
 * @param groups          thread groups of the last dump, largest first
 * @param findings        deadlocks, then lock contention (ranked by waiters × dumps), then busy threads
 * @param contentions     every lock anyone waited for, ranked
 * @param deadlocks       cycles found in the lock graph or reported by the JVM
 * @param busyThreads     busy threads, most CPU first
 * @param identicalStacks threads of the last dump sharing a stack, largest group first
 * @param notes           what the user must know about the input: truncated dumps, missing headers
 */
public record ThreadAnalysis(List<ThreadDump> dumps, List<ThreadGroupSummary> groups, List<Finding> findings,
                             List<LockContention> contentions, List<Deadlock> deadlocks, List<BusyThread> busyThreads,
                             List<StackGroup> identicalStacks, List<String> notes) {
    public ThreadAnalysis {
        dumps = List.copyOf(dumps);
        groups = List.copyOf(groups);
        findings = List.copyOf(findings);
        contentions = List.copyOf(contentions);
        deadlocks = List.copyOf(deadlocks);
        busyThreads = List.copyOf(busyThreads);
        identicalStacks = List.copyOf(identicalStacks);
        notes = List.copyOf(notes);
    }
}
