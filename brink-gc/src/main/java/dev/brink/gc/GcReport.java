package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import java.util.List;
import java.util.Objects;

/**
 * What {@link GcLogAnalyzer} found: findings first, then the statistics and the events they came from.
 *
 * @param sources        the files read, in the order their content put them (or "gc.jsonl")
 * @param format         "unified" (JDK 9+), "jdk8" (PrintGCDetails) or "observer" (Brink's gc.jsonl)
 * @param settings       what the log states about the JVM
 * @param findings       memory-leak, gc-pressure, heap-too-small, long-pause; most severe first
 * @param pauses         pause statistics
 * @param trend          the heap-after-GC floor verdict
 * @param timeAxis       what event times are: "uptime", "wall-clock" or "index" (no time in the log)
 * @param times          the analysis time of each event, seconds from the first (parallel to events)
 * @param events         every event, in order
 * @param metaspaceOoms  the OutOfMemoryErrors for class metadata the log recorded
 * @param lines          lines read
 * @param unknownLines   lines not understood
 * @param unknownSamples the first of them, as "file:line: text"
 */
public record GcReport(List<String> sources, String format, JvmSettings settings, List<Finding> findings,
                       PauseStats pauses, HeapFloorTrend trend, @JsonProperty("time_axis") String timeAxis,
                       @JsonProperty("times_s") double[] times, List<GcEvent> events,
                       @JsonProperty("metaspace_ooms") List<MetaspaceOom> metaspaceOoms, long lines,
                       @JsonProperty("unknown_lines") long unknownLines,
                       @JsonProperty("unknown_samples") List<String> unknownSamples) {
    public GcReport {
        sources = List.copyOf(sources);
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(settings, "settings");
        findings = List.copyOf(findings);
        Objects.requireNonNull(pauses, "pauses");
        Objects.requireNonNull(trend, "trend");
        events = List.copyOf(events);
        metaspaceOoms = List.copyOf(metaspaceOoms);
        unknownSamples = List.copyOf(unknownSamples);
        if (times.length != events.size()) {
            throw new IllegalArgumentException("times and events differ: " + times.length + " vs " + events.size());
        }
    }
}
