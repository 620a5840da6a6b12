package dev.brink.gc;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a parser puts what it understood: events, the JVM's settings, and the lines it did not understand
 * (counted, the first {@link #SAMPLES} kept with file and line number). One per analysis; single thread.
 */
final class ParseSink {
    static final int SAMPLES = 20;

    final List<GcEvent> events = new ArrayList<>();
    final List<String> unknownSamples = new ArrayList<>();
    long unknownLines;
    long lines;
    String file = "";

    String collector = "";
    String jvmVersion = "";
    long maxHeap = -1;
    /**
     * ZGC's -Xlog:gc (no "Max Capacity" line): the maximum its "78M(61%)" sizes imply, from the size with the largest
     * share (the percent is rounded to a whole one, so the largest share errs least); -1 when none.
     */
    long maxHeapFromPercent = -1;
    int maxHeapPercent = -1;

    void percentOfMax(long bytes, int percent) {
        if (percent >= 10 && percent <= 100 && percent > maxHeapPercent && bytes > 0) {
            maxHeapPercent = percent;
            // ZGC sizes the heap in 2 MB granules: round the estimate to one
            long granule = 2L << 20;
            maxHeapFromPercent = Math.round(bytes * 100.0 / percent / granule) * granule;
        }
    }
    long initialHeap = -1;
    long regionSize = -1;
    int cpus = -1;
    String commandLine = "";
    long maxMetaspace = -1;
    final List<MetaspaceOom> metaspaceOoms = new ArrayList<>();

    void metaspaceOom(MetaspaceOom oom) {
        if (metaspaceOoms.size() < 1000) {
            metaspaceOoms.add(oom);
        }
    }

    /** G1's humongous objects as its gc+humongous debug lines size them: how many lines, the largest (bytes, -1: none). */
    long humongousObjectLines;
    long humongousObjectMax = -1;

    void humongousObject(long bytes) {
        humongousObjectLines++;
        humongousObjectMax = Math.max(humongousObjectMax, bytes);
    }

    void event(GcEvent e) {
        events.add(e);
    }

    void unknown(long lineNo, String line) {
        unknownLines++;
        if (unknownSamples.size() < SAMPLES) {
            String shown = line.length() > 200 ? line.substring(0, 200) + "…" : line;
            unknownSamples.add(file + ":" + lineNo + ": " + shown);
        }
    }

    String where(long lineNo) {
        return file + ":" + lineNo;
    }

    JvmSettings settings() {
        return new JvmSettings(collector, jvmVersion, maxHeap >= 0 ? maxHeap : maxHeapFromPercent, initialHeap, cpus, commandLine, regionSize, maxMetaspace);
    }
}
