package dev.brink.heap;

import dev.brink.core.summary.HolderKind;
import java.util.List;
import java.util.Objects;

/**
 * An object (or a group of instances of one class) retaining more than the threshold share of the heap.
 * {@code subject} is "declaringClass.field" of the application field holding the accumulation point when
 * one is on the dominator chain, else the suspect's class. {@code retainedBytes}/{@code share} are what
 * the subject keeps alive (share in 0..1 of reachable heap). {@code pathFromRoot} is the shortest path
 * from a GC root to the accumulation point (weak/soft referents not followed). {@code holders} is, for a
 * suspect by class spread over many holders, how many top-level objects hold its instances; else 0.
 * {@code holder} is the {@link Holder} the suspect is (its name in a holder diff), "" when none;
 * {@code structure} names a framework's or the JDK's structure ("Spring bean factory: …"), "" for the
 * application's; {@code threads} and {@code pool} say, for a thread-local or a thread's stack, how many threads
 * of which pool hold it (0 and "" otherwise).
 */
public record LeakSuspect(String subject, String description, String suspectClass, String suspectObjectId, int instances,
                          int holders,
                          long retainedBytes, double share, String accumulationClass, String accumulationObjectId,
                          long accumulationRetainedBytes, String rootKind, List<PathStep> pathFromRoot,
                          String holder, HolderKind holderKind, String structure, int threads, String pool) {
    public LeakSuspect {
        holder = holder == null ? "" : holder;
        structure = structure == null ? "" : structure;
        pool = pool == null ? "" : pool;
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(description, "description");
        pathFromRoot = List.copyOf(pathFromRoot);
        if (!(share >= 0 && share <= 1.0000001)) throw new IllegalArgumentException("share must be in 0..1, was " + share);
    }
}
