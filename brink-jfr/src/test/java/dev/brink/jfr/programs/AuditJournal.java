package dev.brink.jfr.programs;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * An audit log whose append is synchronized and flushes every entry to a slow device: each writer thread
 * waits for the one inside. The device is a 25 ms sleep, what an fsync costs on a busy disk or network volume.
 */
final class AuditJournal {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private long flushed;

    synchronized void append(String entry) throws InterruptedException {
        buffer.writeBytes(entry.getBytes(StandardCharsets.UTF_8));
        flushToDevice();
    }

    private void flushToDevice() throws InterruptedException {
        flushed += buffer.size();
        buffer.reset();
        Thread.sleep(25);
    }

    void work(long deadline) throws InterruptedException {
        int n = 0;
        while (System.currentTimeMillis() < deadline) {
            append(Thread.currentThread().getName() + " entry " + n++ + "\n");
        }
    }
}
