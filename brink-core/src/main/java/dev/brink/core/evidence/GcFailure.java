package dev.brink.core.evidence;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * A collection that could not do what it set out to, as the JVM reports it about that collection: part of
 * {@link GcEventLine}. A GC log prints it inside the collection's own lines; a JFR recording as a separate event with
 * the collection's gcId.
 */
public enum GcFailure {
    /**
     * G1 found no free region to copy a live object into and left it where it was: the log's "To-space exhausted"
     * (JDK 17) or "(Evacuation Failure)" in the pause's name (JDK 21+), JFR's jdk.EvacuationFailed.
     */
    EVACUATION_FAILED,
    /**
     * A young collection of Serial, Parallel or CMS found no room in the old generation for what it promoted: the log's
     * "promotion failed" (JDK 8) or "GC(n) Promotion failed" (gc+promotion, JDK 9+), JFR's jdk.PromotionFailed.
     */
    PROMOTION_FAILED,
    /**
     * CMS's concurrent cycle did not finish before the old generation filled, and a full GC took over: the log's
     * "concurrent mode failure", JFR's jdk.ConcurrentModeFailure (CMS, JDK 13 and earlier).
     */
    CONCURRENT_MODE_FAILURE;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
