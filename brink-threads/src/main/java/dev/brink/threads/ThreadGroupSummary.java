package dev.brink.threads;

import java.util.Map;
import java.util.Objects;

/** Threads of one dump whose names share a pattern ("BookThread-*"), and how many are in each state. */
public record ThreadGroupSummary(String pattern, int threads, Map<String, Integer> states) {
    public ThreadGroupSummary {
        Objects.requireNonNull(pattern, "pattern");
        if (threads < 1) throw new IllegalArgumentException("a group has threads, was " + threads);
        states = Map.copyOf(states);
    }
}
