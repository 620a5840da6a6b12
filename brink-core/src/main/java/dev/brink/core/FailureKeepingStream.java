package dev.brink.core;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream that remembers its first failure: a {@code PrintStream} or {@code PrintWriter} on top swallows
 * failures (it only sets a flag), so a report written to a full disk or to {@code /dev/full} would be lost in silence.
 * The writer asks {@link #failure()} once done. Writes still fail as they did.
 */
public class FailureKeepingStream extends FilterOutputStream {
    private IOException failure;

    public FailureKeepingStream(OutputStream out) {
        super(out);
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

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw kept(e);
        }
    }

    /** The first write or flush that failed, or null. */
    public IOException failure() {
        return failure;
    }

    private IOException kept(IOException e) {
        if (failure == null) failure = e;
        return e;
    }
}
