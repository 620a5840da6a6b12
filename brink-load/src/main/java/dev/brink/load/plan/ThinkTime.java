package dev.brink.load.plan;

import java.time.Duration;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * How long a closed-model user waits after an answer before its next request. A constant think time makes
 * every user march in step (after a stall they all fire together again); uniform and exponential spread
 * them, exponential being what independent people at a keyboard look like (memoryless arrivals).
 *
 * @param kind constant ({@code min} = {@code max} = the time), uniform (between min and max, inclusive) or
 *             exponential (mean = {@code min}; {@code max} caps the tail so one draw cannot park a user for
 *             the rest of a step)
 */
public record ThinkTime(Kind kind, Duration min, Duration max) {
    public static final ThinkTime NONE = constant(Duration.ZERO);

    /** An exponential draw is capped at this many means: P(X > 10 mean) = e^-10, about 1 in 22 000. */
    public static final int EXPONENTIAL_CAP_MEANS = 10;

    public enum Kind { CONSTANT, UNIFORM, EXPONENTIAL }

    public ThinkTime {
        Objects.requireNonNull(kind, "kind");
        if (min.isNegative() || max.compareTo(min) < 0) throw new IllegalArgumentException("0 <= min <= max");
    }

    public static ThinkTime constant(Duration d) {
        return new ThinkTime(Kind.CONSTANT, d, d);
    }

    public static ThinkTime uniform(Duration min, Duration max) {
        return new ThinkTime(Kind.UNIFORM, min, max);
    }

    public static ThinkTime exponential(Duration mean) {
        return new ThinkTime(Kind.EXPONENTIAL, mean, mean.multipliedBy(EXPONENTIAL_CAP_MEANS));
    }

    /** The mean think time (what a report shows as the think time). */
    public Duration mean() {
        return kind == Kind.UNIFORM ? min.plus(max).dividedBy(2) : min;
    }

    /** One draw in nanoseconds; allocation-free. */
    public long nextNanos(SplittableRandom random) {
        long lo = min.toNanos();
        return switch (kind) {
            case CONSTANT -> lo;
            case UNIFORM -> lo == max.toNanos() ? lo : random.nextLong(lo, max.toNanos() + 1);
            // inverse transform: -mean × ln(U), U in (0, 1]
            case EXPONENTIAL -> Math.min(max.toNanos(), (long) (-lo * Math.log(1 - random.nextDouble())));
        };
    }

    /** The plan's own notation, exact (it is read back from plan.yaml): {@code 1s}, {@code 1500ms..3s} or {@code exp(2s)}. */
    @Override
    public String toString() {
        return switch (kind) {
            case CONSTANT -> exact(min);
            case UNIFORM -> exact(min) + ".." + exact(max);
            case EXPONENTIAL -> "exp(" + exact(min) + ")";
        };
    }

    /** Whole seconds when they are, else milliseconds or microseconds: never rounded, unlike a display format. */
    public static String exact(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 1_000_000_000L == 0) return nanos / 1_000_000_000L + "s";
        if (nanos % 1_000_000L == 0) return nanos / 1_000_000L + "ms";
        return Math.max(1, nanos / 1_000L) + "us";
    }
}
