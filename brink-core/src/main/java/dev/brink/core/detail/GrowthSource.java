package dev.brink.core.detail;

import dev.brink.core.verdict.JsonWord;

/** What showed a holder or a class grow ({@code memory-leak}'s {@code source}). */
public enum GrowthSource implements JsonWord {
    /** Two heap dumps of one application compared holder by holder (brink heap diff, the soak's dumps). */
    HEAP_DUMP_DIFF,
    /** The class histograms at the soak's start and end (brink-method). */
    CLASS_HISTOGRAM_DIFF
}
