package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.brink.core.stats.Verdict;
import java.util.Locale;

/**
 * A verdict of a whole phase in BASE and in NEW: the capacity found, the confirmation's hold, the soak's leak verdict.
 * Each is one measurement per run, so there is no p-value: the change is decided by the rules of each phase
 * (RunComparer's javadoc), and inconclusive when either side did not measure the service.
 *
 * @param regression what the gate fails on (the capacity for {@code --fail-on capacity}, the others for regression)
 */
public record PhaseChange(Phase phase, String base, String news, Verdict verdict, boolean regression, String note) {

    /** The phases compared as a whole. */
    public enum Phase {
        CAPACITY, CONFIRM, SOAK;

        @JsonValue
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The verdict as a person reads it. */
    public String verdictText() {
        return switch (verdict) {
            case BETTER -> phase == Phase.CAPACITY ? "higher" : "better";
            case WORSE -> phase == Phase.CAPACITY ? "lower" : "worse";
            case NO_CHANGE -> "no change";
            case INCONCLUSIVE -> "inconclusive";
        };
    }
}
