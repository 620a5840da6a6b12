package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What a logged collection was. Everything but {@link #CONCURRENT} and {@link #ALLOCATION_STALL} stops the world. */
public enum GcKind {
    YOUNG, MIXED, FULL, INITIAL_MARK, REMARK, CLEANUP, DEGENERATED, OTHER_PAUSE, CONCURRENT, ALLOCATION_STALL;

    /** True when the application's threads were all stopped for the event's duration. */
    public boolean isPause() {
        return this != CONCURRENT && this != ALLOCATION_STALL;
    }

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
