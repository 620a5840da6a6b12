package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Trouble a collection reported about itself. */
public enum GcFlag {
    PROMOTION_FAILED, TO_SPACE_EXHAUSTED, CONCURRENT_MODE_FAILURE, HUMONGOUS, CANCELLED_CYCLE;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
