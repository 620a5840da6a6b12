package dev.brink.core.line;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds (from a microsecond HdrHistogram) and how many values they cover. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record Percentiles(long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs) {
    public static final Percentiles EMPTY = new Percentiles(0, 0, 0, 0, 0, 0);

    public Percentiles {
        if (count < 0) throw new IllegalArgumentException("count >= 0");
    }

    public static Percentiles of(Histogram micros) {
        if (micros.getTotalCount() == 0) return EMPTY;
        return new Percentiles(micros.getTotalCount(), ms(micros.getValueAtPercentile(50)), ms(micros.getValueAtPercentile(90)),
                ms(micros.getValueAtPercentile(99)), ms(micros.getValueAtPercentile(99.9)), ms(micros.getMaxValue()));
    }

    private static double ms(long micros) {
        return Math.round(micros / 10.0) / 100.0; // 10 µs resolution is plenty in a report
    }
}
