package dev.brink.cli;

import dev.brink.core.FailureKeepingStream;
import dev.brink.core.OutputFiles;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The process's standard output, remembering why a write failed: the PrintStream and PrintWriter every command prints
 * through swallow failures, so {@code brink gc x.log > /dev/full} (or a full disk under a redirect) would exit 0 with the
 * report lost. {@link BrinkMain#main} asks {@link #failure()} after the command: a failed write is one line and exit 2.
 * A closed pipe is not a failure: {@code brink jfr x.jfr | head} is the reader's choice to stop.
 */
final class StandardOutput {
    private final FailureKeepingStream stream = new FailureKeepingStream(new FileOutputStream(FileDescriptor.out));

    private StandardOutput() {
    }

    /** The process's standard output, watched. */
    static StandardOutput open() {
        return new StandardOutput();
    }

    PrintStream printStream() {
        return new PrintStream(new BufferedOutputStream(stream, 8192), true);
    }

    /** One line for a write that failed (not a closed pipe), or null. */
    String failure() {
        IOException failure = stream.failure();
        if (failure == null || String.valueOf(failure.getMessage()).contains("Broken pipe")) {
            return null;
        }
        return "cannot write the standard output: " + OutputFiles.reason(failure);
    }
}
