package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * {@code deadlock} from thread dumps (brink-threads): the threads of one cycle, each waiting for a lock the next holds.
 *
 * @param threads          the cycle's threads in order (the last waits for the first)
 * @param cycle            each member: what it waits for and who holds it
 * @param foundInLockGraph Brink's own wait-for graph found the cycle (park-based locks the JVM does not report included)
 * @param reportedByJvm    the dump's own "Found one Java-level deadlock" section named it
 * @param dumpsSeen        in how many dumps the cycle was there
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record DeadlockDetail(List<String> threads, List<Member> cycle, boolean foundInLockGraph, boolean reportedByJvm,
                             int dumpsSeen) implements Detail {
    public DeadlockDetail {
        threads = List.copyOf(threads);
        cycle = List.copyOf(cycle);
        if (cycle.isEmpty() || cycle.size() != threads.size()) {
            throw new IllegalArgumentException("cycle: expected one member per thread of the deadlock, got " + cycle.size()
                    + " for " + threads.size());
        }
        if (!foundInLockGraph && !reportedByJvm) throw new IllegalArgumentException("found_in_lock_graph or reported_by_jvm: expected one true");
        Ranges.atLeastZero("dumps_seen", dumpsSeen);
    }

    /**
     * One thread of the cycle.
     *
     * @param waitsFor the class of the lock it waits for; null when the dump did not say
     * @param lock     that lock's identity ("0x…")
     * @param frame    where it waits
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Member(String thread, String state, String waitsFor, String lock, String heldBy, String frame) {
    }
}
