package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * {@code exceptions} from a JFR recording (brink-jfr): throwables created at a rate that costs CPU.
 *
 * @param exceptionsPerSec throwables created a second over the window
 * @param throwables       created in the window; -1 when the recording did not count them
 * @param exceptionType    the type thrown most; null (with {@code appFrame} and {@code share}) when nothing named it
 * @param appFrame         where the application throws it
 * @param share            of that type at that frame among the throws (or samples) seen, 0..1
 * @param cpuShare         execution samples inside a throwable's construction, of all samples, 0..1
 * @param step             the capacity step whose recording showed it
 * @param perRequest       in a capacity step: throwables per request of the step
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ExceptionsDetail(long exceptionsPerSec, long throwables, String exceptionType, String appFrame, Double share,
                               double cpuShare, ExceptionSource source, String advice, String step, Double perRequest)
        implements Detail, Stepped {
    public ExceptionsDetail {
        Ranges.atLeastZero("exceptions_per_sec", exceptionsPerSec);
        if (throwables < -1) throw new IllegalArgumentException("throwables: expected >= 0, or -1 when not counted, got " + throwables);
        Ranges.share("share", share);
        Ranges.share("cpu_share", cpuShare);
        Ranges.atLeastZero("per_request", perRequest);
    }

    /** The type thrown most, where, and its share; all null when neither throw events nor samples named one. */
    public record Thrown(String exceptionType, String appFrame, Double share) {
        public static final Thrown UNNAMED = new Thrown(null, null, null);
    }

    public static ExceptionsDetail of(long exceptionsPerSec, long throwables, Thrown thrown, double cpuShare, ExceptionSource source,
                                      String advice) {
        return new ExceptionsDetail(exceptionsPerSec, throwables, thrown.exceptionType(), thrown.appFrame(), thrown.share(), cpuShare,
                source, advice, null, null);
    }

    @Override
    public ExceptionsDetail inStep(String at) {
        return new ExceptionsDetail(exceptionsPerSec, throwables, exceptionType, appFrame, share, cpuShare, source, advice, at, perRequest);
    }

    /** In a capacity step that served requests: throwables per request ({@code exceptions_per_sec} over its rate). */
    public ExceptionsDetail withPerRequest(double perReq) {
        return new ExceptionsDetail(exceptionsPerSec, throwables, exceptionType, appFrame, share, cpuShare, source, advice, step, perReq);
    }
}
