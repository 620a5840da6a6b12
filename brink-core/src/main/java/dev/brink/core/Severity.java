package dev.brink.core;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How much a finding matters; ordered from most to least severe. */
public enum Severity {
    CRITICAL, WARNING, INFO;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
