package dev.brink.jfr;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Finding;
import dev.brink.core.evidence.GcEventLine;
import dev.brink.gc.GcKind;
import dev.brink.gc.GcLogAnalyzer;
import dev.brink.gc.GcReport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;

/**
 * Joins jdk.GarbageCollection with its jdk.GCHeapSummary before/after pair (by GC id) into the observer's
 * {@link GcEventLine}s, so the recorded collections get brink-gc's analysis (pause statistics, heap-after-GC
 * verdict, gc-pressure and heap-too-small findings) rather than a second, different one. Memory: one small
 * object per collection.
 */
final class JfrGc {
    private static final class Gc {
        String name = "";
        String cause = "";
        Instant start;
        double pauseMs;
        double longestMs;
        long before = -1;
        long after = -1;
        long committed = -1;
    }

    private final Map<Long, Gc> byId = new HashMap<>();
    private String collector = "";

    void collection(RecordedEvent e) {
        Gc g = gc(e.getLong("gcId"));
        g.name = e.getString("name");
        g.cause = e.getString("cause");
        g.start = e.getStartTime();
        g.pauseMs = e.getDuration("sumOfPauses").toNanos() / 1e6;
        g.longestMs = e.getDuration("longestPause").toNanos() / 1e6;
    }

    void heapSummary(RecordedEvent e) {
        Gc g = gc(e.getLong("gcId"));
        long used = e.getLong("heapUsed");
        if ("Before GC".equals(e.getString("when"))) {
            g.before = used;
        } else {
            g.after = used;
            g.committed = e.getLong("heapSpace.committedSize");
        }
    }

    void configuration(RecordedEvent e) {
        collector = e.getString("youngCollector") + "/" + e.getString("oldCollector");
    }

    private Gc gc(long id) {
        return byId.computeIfAbsent(id, k -> new Gc());
    }

    /** JFR's collector names (G1New, ParallelOld, SerialOld, Z, ZMajor, Shenandoah…) as brink-gc's kinds. */
    static GcKind kind(String name) {
        if (name.contains("Full") || name.equals("SerialOld") || name.equals("ParallelOld")) {
            return GcKind.FULL;
        }
        if (name.equals("G1Old") || name.startsWith("Z") || name.startsWith("Shenandoah")) {
            return GcKind.CONCURRENT; // their JFR duration is the cycle; the pauses are inside it
        }
        return GcKind.YOUNG;
    }

    /** The summary; brink-gc's findings on the collections (none without a collection) are added to {@code findings}. */
    JfrReport.GcSummary summarize(double windowSec, List<Finding> findings, String file) throws BrinkUserException {
        List<GcEventLine> lines = new ArrayList<>();
        double total = 0;
        double max = 0;
        long count = 0;
        for (Gc g : byId.values()) {
            if (g.start == null) {
                continue; // a heap summary whose collection fell outside the window
            }
            count++;
            total += g.pauseMs;
            max = Math.max(max, g.longestMs);
            long epochMs = g.start.toEpochMilli();
            lines.add(new GcEventLine(epochMs, epochMs, g.name, kind(g.name).jsonName(), g.cause,
                    g.pauseMs, g.before >= 0 ? Map.of("heap", g.before) : Map.of(),
                    g.after >= 0 ? Map.of("heap", g.after) : Map.of(), g.committed >= 0 ? Map.of("heap", g.committed) : Map.of()));
        }
        String verdict = "no collection in the window";
        if (!lines.isEmpty()) {
            GcReport r = GcLogAnalyzer.analyzeEvents(lines);
            verdict = r.trend().verdict();
            for (Finding f : r.findings()) {
                findings.add(new Finding(f.kind(), f.severity(), f.title(), f.subject(), List.of(file), f.detail()));
            }
        }
        double share = windowSec > 0 ? total / 1000.0 / windowSec : 0;
        return new JfrReport.GcSummary(collector, count, total, max, share, verdict);
    }
}
