package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.LibraryFamily;

/**
 * {@code hot-method} from a JFR recording (brink-jfr): one application frame calling one library family takes a share of
 * the execution samples ({@link #fromRecording}), or its samples per second grew faster than the load from the last good
 * step to a broken one ({@link #fromComparison}). Shares in 0..1.
 *
 * @param step             the capacity step whose recording showed it
 * @param samples          the path's execution samples (a recording's own finding)
 * @param executionSamples all execution samples of the window
 * @param category         the library family the path runs in
 * @param method           the path's top method
 * @param threads          the thread pool (name pattern) that ran most of the path's samples
 * @param threadsShare     the path's samples over all samples of that pool
 * @param entry            without an application frame: where the stacks entered the family (a framework's method)
 * @param rateGrowth       comparison: samples per second of the broken step over the good one's
 * @param loadGrowth       comparison: the broken step's load over the good one's
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HotMethodDetail(String step, double share, Long samples, Long executionSamples, LibraryFamily category, String method,
                              String appFrame, String threads, double threadsShare, String entry, Double rateGrowth, Double loadGrowth)
        implements Detail, Stepped {
    public HotMethodDetail {
        Ranges.share("share", share);
        Ranges.share("threads_share", threadsShare);
        Ranges.atLeastZero("samples", samples);
        Ranges.atLeastZero("execution_samples", executionSamples);
        Ranges.atLeastZero("rate_growth", rateGrowth);
        Ranges.atLeastZero("load_growth", loadGrowth);
    }

    /** A recording's hot path; {@code entry} null when the path has an application frame. */
    public static HotMethodDetail fromRecording(double share, long samples, long executionSamples, LibraryFamily category, String method,
                                                String appFrame, String threads, double threadsShare, String entry) {
        return new HotMethodDetail(null, share, samples, executionSamples, category, method, appFrame, threads, threadsShare, entry,
                null, null);
    }

    /** A path of the broken {@code step} whose samples per second grew {@code rateGrowth} × for {@code loadGrowth} × the load. */
    public static HotMethodDetail fromComparison(String step, double share, LibraryFamily category, String method, String appFrame,
                                                 String threads, double threadsShare, double rateGrowth, double loadGrowth) {
        return new HotMethodDetail(step, share, null, null, category, method, appFrame, threads, threadsShare, null, rateGrowth,
                loadGrowth);
    }

    @Override
    public HotMethodDetail inStep(String at) {
        return new HotMethodDetail(at, share, samples, executionSamples, category, method, appFrame, threads, threadsShare, entry,
                rateGrowth, loadGrowth);
    }
}
