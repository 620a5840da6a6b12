package dev.brink.threads;

import java.util.List;

/**
 * One deadlock as the JVM itself reported it in the dump ("Found one Java-level deadlock:"): each member
 * thread, the lock it waits for and the thread that holds it, in the JVM's order.
 */
public record JvmDeadlock(List<Edge> edges) {
    public JvmDeadlock {
        edges = List.copyOf(edges);
        if (edges.isEmpty()) throw new IllegalArgumentException("a deadlock has members");
    }

    /** "{@code thread} waits for {@code lock}, which is held by {@code heldBy}". */
    public record Edge(String thread, LockRef lock, String heldBy) {
    }

    public List<String> threadNames() {
        return edges.stream().map(Edge::thread).toList();
    }
}
