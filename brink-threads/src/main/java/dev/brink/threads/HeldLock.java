package dev.brink.threads;

import java.util.Objects;

/**
 * A lock a thread holds. {@code depth} is the index in the thread's frames of the frame that took a monitor;
 * -1 for an ownable synchronizer (a ReentrantLock and the like), which dumps list without a frame.
 */
public record HeldLock(LockRef lock, int depth) {
    public HeldLock {
        Objects.requireNonNull(lock, "lock");
        if (depth < -1) throw new IllegalArgumentException("depth must be >= -1, was " + depth);
    }

    public boolean synchronizer() {
        return depth < 0;
    }
}
