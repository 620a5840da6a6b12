package dev.brink.gc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collections that say nothing about the application's heap pressure, so they are shown but never counted
 * toward a full-GC storm or a sizing rule:
 * <ul>
 *   <li>{@code Heap Inspection Initiated GC} and {@code Heap Dump Initiated GC}: a tool asked for a class
 *       histogram or a heap dump (Brink's own evidence, jmap, jcmd) and the JVM collected first to count only
 *       live objects. The application did not run out of anything.</li>
 *   <li>{@code Metadata GC Threshold} in the first {@link #START_UP_SEC} s of the JVM's life: class loading
 *       while the application boots raises the metaspace high-water mark a few times (Spring starts with two or
 *       three of these full GCs), before any load. Later ones are counted: class-loader churn under load is
 *       the application's.</li>
 * </ul>
 * {@code System.gc()} is counted: Brink never calls it (its full-GC probes are class histograms), so a
 * {@code System.gc()} is the application's or a library's own.
 */
final class ForeignCollections {
    static final String HEAP_INSPECTION = "Heap Inspection Initiated GC";
    static final String HEAP_DUMP = "Heap Dump Initiated GC";
    static final String METADATA_THRESHOLD = "Metadata GC Threshold";
    /** A JVM's start-up, in seconds of uptime; a Spring Boot service on a loaded 2-core machine boots within it. */
    static final double START_UP_SEC = 60;

    private ForeignCollections() {
    }

    /**
     * Why this collection is not the application's, or null when it is.
     *
     * @param loadStartEpochMs when Brink's load began (a Metadata GC Threshold before it is start-up however long the
     *                         service took to boot: a Spring service on a loaded machine can take a minute); -1 unknown
     */
    static String why(GcEvent e, long loadStartEpochMs) {
        String cause = e.cause();
        if (cause.equals(HEAP_INSPECTION)) {
            return "class histogram (" + HEAP_INSPECTION + ")";
        }
        if (cause.equals(HEAP_DUMP)) {
            return "heap dump (" + HEAP_DUMP + ")";
        }
        if (cause.equals(METADATA_THRESHOLD) && !Double.isNaN(e.uptimeSec()) && e.uptimeSec() <= START_UP_SEC) {
            return "start-up (" + METADATA_THRESHOLD + " in the first " + (int) START_UP_SEC + " s)";
        }
        if (cause.equals(METADATA_THRESHOLD) && loadStartEpochMs > 0 && e.epochMs() > 0 && e.epochMs() < loadStartEpochMs) {
            return "start-up (" + METADATA_THRESHOLD + " before the load)";
        }
        return null;
    }

    /** The indexes of the events that are the application's. */
    static int[] applications(List<GcEvent> events, long loadStartEpochMs) {
        List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            if (why(events.get(i), loadStartEpochMs) == null) {
                keep.add(i);
            }
        }
        return keep.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Full collections left out, counted by reason ("start-up (…)" → 2), in order of first appearance. */
    static Map<String, Integer> fullGcsLeftOut(List<GcEvent> events, long loadStartEpochMs) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (GcEvent e : events) {
            String why = why(e, loadStartEpochMs);
            if (why != null && e.kind() == GcKind.FULL) {
                out.merge(why, 1, Integer::sum);
            }
        }
        return out;
    }
}
