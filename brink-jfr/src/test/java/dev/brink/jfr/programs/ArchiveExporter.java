package dev.brink.jfr.programs;

import java.util.ArrayList;
import java.util.List;

/**
 * Exports a small archive every 200 ms and, in the defective version, calls {@code System.gc()} after each "to give
 * the buffers back", as export libraries do; the fixed version leaves collections to the JVM.
 */
final class ArchiveExporter {
    static volatile int sink;

    private ArchiveExporter() {
    }

    static void work(long deadline, boolean callsGc) throws InterruptedException {
        int n = 0;
        while (System.currentTimeMillis() < deadline) {
            List<String> rows = new ArrayList<>();
            for (int r = 0; r < 2000; r++) {
                rows.add("archive " + n + " row " + r);
            }
            sink += rows.size();
            if (callsGc) {
                releaseBuffers();
            }
            n++;
            Thread.sleep(200);
        }
    }

    private static void releaseBuffers() {
        System.gc();
    }
}
