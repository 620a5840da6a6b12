package dev.brink.jvm;

import dev.brink.core.evidence.GcEventLine;
import dev.brink.core.line.JvmSample;

/**
 * Receives what a running {@link JvmObserver} sees. {@link #onSample} and {@link #onTargetDied} run on the
 * observer's sampler thread, {@link #onGc} on the JMX client's notification thread; keep them short (a
 * slow listener delays the next sample). An exception thrown by a listener is reported on stderr and
 * does not stop the observer.
 */
public interface JvmListener {
    /** A sample was taken and written to jvm.jsonl. */
    default void onSample(JvmSample sample) {
    }

    /** A collection ended and was written to gc.jsonl. */
    default void onGc(GcEventLine event) {
    }

    /**
     * The target died or its connection was lost; sampling has stopped and a {@code target-died} event was
     * written. Called at most once.
     *
     * @param last    the last sample taken, or null if none was
     * @param message what happened, one line
     */
    default void onTargetDied(JvmSample last, String message) {
    }
}
