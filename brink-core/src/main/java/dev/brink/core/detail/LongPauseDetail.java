package dev.brink.core.detail;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code long-pause} from a GC log or gc.jsonl (brink-gc): the longest stop-the-world pause.
 *
 * @param maxMs        the longest pause, ms
 * @param p99Ms        the 99th percentile of the pauses, ms
 * @param pausesOver1s how many pauses lasted 1 s or more
 * @param at           the log line (or gc.jsonl event) of the longest
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record LongPauseDetail(double maxMs, double p99Ms, @JsonProperty("pauses_over_1s") int pausesOver1s, String at,
                             String advice) implements Detail {
    public LongPauseDetail {
        Ranges.atLeastZero("max_ms", maxMs);
        Ranges.atLeastZero("p99_ms", p99Ms);
        Ranges.atLeastZero("pauses_over_1s", pausesOver1s);
        if (p99Ms > maxMs) throw new IllegalArgumentException("p99_ms: expected at most max_ms (" + maxMs + "), got " + p99Ms);
    }
}
