package dev.brink.sample;

import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * The destination of the synchronous request log (the log-lock defect): a file whose every flush waits
 * for the "device", as an audit log on a network disk does. The wait is simulated, like {@link Storage}
 * simulates the database, so the defect behaves the same on every machine: Log4j2 calls flush() while it
 * holds its OutputStreamManager monitor, and every other BookThread that logs waits BLOCKED on it.
 */
final class DurableRequestLogStream extends FilterOutputStream {
    private final long flushNanos;

    DurableRequestLogStream(Path file, long flushMicros) throws IOException {
        super(open(file));
        this.flushNanos = flushMicros * 1000;
    }

    private static FileOutputStream open(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return new FileOutputStream(file.toFile(), true);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len); // FilterOutputStream would write byte by byte
    }

    @Override
    public void flush() throws IOException {
        out.flush();
        long until = System.nanoTime() + flushNanos;
        for (long left = flushNanos; left > 0; left = until - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }
}
