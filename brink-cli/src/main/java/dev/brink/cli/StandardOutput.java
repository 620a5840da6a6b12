package dev.brink.cli;

import dev.brink.core.OutputFiles;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The process's standard output, remembering why a write failed: the PrintStream and PrintWriter every command prints
 * through swallow failures, so {@code brink gc x.log > /dev/full} (or a full disk under a redirect) would exit 0 with the
 * report lost. {@link BrinkMain#main} asks {@link #failure()} after the command: a failed write is one line and exit 2.
 * A closed pipe is not a failure: {@code brink jfr x.jfr | head} is the reader's choice to stop.
 */
final class StandardOutput extends FilterOutputStream {
    private IOException failure;

    private StandardOutput() {
        super(new FileOutputStream(FileDescriptor.out));
    }

    /** A PrintStream over the process's standard output, and the stream that watches it. */
    static StandardOutput open() {
        return new StandardOutput();
    }

    PrintStream printStream() {
        return new PrintStream(new java.io.BufferedOutputStream(this, 8192), true);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    private IOException kept(IOException e) {
        if (failure == null) failure = e;
        return e;
    }

    /** One line for a write that failed (not a closed pipe), or null. */
    String failure() {
        if (failure == null || String.valueOf(failure.getMessage()).contains("Broken pipe")) {
            return null;
        }
        return "cannot write the standard output: " + OutputFiles.reason(failure);
    }
}
