package dev.brink.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A run file could not be appended to (the disk is full, the file system went read-only): thrown from the many places
 * that append lines during a run, which cannot all declare a checked exception. It is the user's problem to fix, not a
 * bug: the command line prints its one-line message and exits 2 ({@code BrinkMain}), and what was written before stays
 * readable ({@link JsonlWriter} cuts a half-written line off). No stack trace is captured: it is never printed.
 */
public final class WriteFailure extends UncheckedIOException {
    public WriteFailure(Path file, IOException cause) {
        super(OutputFiles.cannotWrite(file, cause).getMessage() + "; the lines written before are kept", cause);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** The WriteFailure in {@code t}'s causes (a failure on another thread arrives wrapped), or null. */
    public static WriteFailure in(Throwable t) {
        for (int depth = 0; t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof WriteFailure w) return w;
        }
        return null;
    }
}
