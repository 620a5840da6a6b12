package dev.brink.gc;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads lines on its own thread, in batches, so turning bytes into lines (a third of the cost on a big log)
 * overlaps with parsing them. One producer thread per file, one consumer (the caller); the producer is a
 * daemon and is interrupted by {@link #close()}, so a consumer that stops early never leaves it blocked.
 */
final class LinePump implements AutoCloseable {
    private static final String[] END = new String[0];
    private static final int BATCH = 4096;

    private final BlockingQueue<String[]> queue = new ArrayBlockingQueue<>(16);
    private final Thread thread;
    private volatile IOException failure;
    private String[] batch = END;
    private int next;

    LinePump(LineReader reader, String name) {
        thread = new Thread(() -> pump(reader), "brink-gc-read-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    private void pump(LineReader reader) {
        try (reader) {
            String[] b = new String[BATCH];
            int n = 0;
            String line;
            while ((line = reader.readLine()) != null) {
                b[n++] = line;
                if (n == BATCH) {
                    queue.put(b);
                    b = new String[BATCH];
                    n = 0;
                }
            }
            if (n > 0) {
                queue.put(Arrays.copyOf(b, n));
            }
        } catch (IOException e) {
            failure = e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            queue.put(END);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The next line, or null at the end. @throws IOException what the reading thread met */
    String readLine() throws IOException {
        if (batch == null) {
            return null;
        }
        if (next == batch.length) {
            try {
                batch = queue.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading", e);
            }
            next = 0;
            if (batch.length == 0) {
                batch = null;
                if (failure != null) {
                    throw failure;
                }
                return null;
            }
        }
        return batch[next++];
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
