package dev.brink.threads;

import java.util.List;

/** Threads of one dump with the same state and the very same stack: often a pool all doing one thing. */
public record StackGroup(String state, List<String> threads, List<StackFrame> frames) {
    public StackGroup {
        threads = List.copyOf(threads);
        frames = List.copyOf(frames);
    }
}
