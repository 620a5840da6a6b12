package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code target-died} (brink-method): during the soak, or in a capacity step or the confirmation hold.
 *
 * @param soakSeconds seconds of the soak before the target died; null when it died elsewhere
 * @param message     what the observer saw (the JVM's exit, a lost JMX connection), in words
 * @param step        the step it died in, in words ("capacity step N=2"), when it died in a measured step
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TargetDiedDetail(Double soakSeconds, String message, String step) implements Detail {
    public TargetDiedDetail {
        Ranges.atLeastZero("soak_seconds", soakSeconds);
    }

    /** Died in the soak after {@code seconds}, as {@code message} says. */
    public static TargetDiedDetail inSoak(double seconds, String message) {
        return new TargetDiedDetail(seconds, message, null);
    }

    /** Died in the measured step named {@code step}, or outside any (null). */
    public static TargetDiedDetail inStep(String step) {
        return new TargetDiedDetail(null, null, step);
    }
}
