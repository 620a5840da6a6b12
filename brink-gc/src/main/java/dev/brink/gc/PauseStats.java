package dev.brink.gc;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.List;

/**
 * Stop-the-world pause statistics. Times in milliseconds; shares 0..1 of wall time.
 *
 * @param count            pauses with a known duration
 * @param totalMs          their sum
 * @param p50Ms            median (nearest rank)
 * @param p99Ms            99th percentile (nearest rank)
 * @param maxMs            longest
 * @param spanSec          first to last event, seconds
 * @param gcTimeShare      totalMs over the span
 * @param worstWindowShare the largest pause share in any 60 s window (the whole span when shorter)
 * @param worstWindowStartSec where that window starts (the analysis time axis)
 * @param fullGcs          full collections
 * @param fullGcsWorst60s  the most full collections in any 60 s window
 */
public record PauseStats(int count, @JsonProperty("total_ms") double totalMs, @JsonProperty("p50_ms") double p50Ms,
                         @JsonProperty("p99_ms") double p99Ms, @JsonProperty("max_ms") double maxMs,
                         @JsonProperty("span_s") double spanSec, @JsonProperty("gc_time_share") double gcTimeShare,
                         @JsonProperty("worst_60s_share") double worstWindowShare,
                         @JsonProperty("worst_60s_start_s") double worstWindowStartSec,
                         @JsonProperty("full_gcs") int fullGcs,
                         @JsonProperty("full_gcs_worst_60s") int fullGcsWorst60s) {

    static final double WINDOW_SEC = 60;

    /** @param times the analysis time axis (seconds), one per event, ascending */
    static PauseStats of(List<GcEvent> events, double[] times) {
        return of(events, times, e -> true);
    }

    /**
     * The pauses of the events {@code counted} accepts, over the span of all of them: the application's share of the
     * time its JVM ran, when the others (a tool's class histogram, start-up) are left out of the pauses but not of the
     * time.
     */
    static PauseStats of(List<GcEvent> events, double[] times, java.util.function.Predicate<GcEvent> counted) {
        int n = events.size();
        double[] pauses = new double[n];
        double[] pt = new double[n];
        double[] ft = new double[n];
        int c = 0;
        int f = 0;
        double total = 0;
        for (int i = 0; i < n; i++) {
            GcEvent e = events.get(i);
            if (!counted.test(e)) {
                continue;
            }
            if (e.kind() == GcKind.FULL) {
                ft[f++] = times[i];
            }
            if (e.kind().isPause() && !Double.isNaN(e.durationMs())) {
                pauses[c] = e.durationMs();
                pt[c] = times[i];
                total += e.durationMs();
                c++;
            }
        }
        double span = n == 0 ? 0 : times[n - 1] - times[0];
        // the last pause ends after its start: count it in the span, so one long pause cannot exceed 100 %
        if (c > 0) {
            span = Math.max(span, pt[c - 1] - times[0] + pauses[c - 1] / 1000.0);
        }
        double worst = 0;
        double worstStart = n == 0 ? 0 : times[0];
        double windowSec = Math.min(WINDOW_SEC, span);
        if (windowSec > 0) {
            double sum = 0;
            int lo = 0;
            for (int hi = 0; hi < c; hi++) {
                sum += pauses[hi];
                while (pt[hi] - pt[lo] > windowSec) {
                    sum -= pauses[lo++];
                }
                double share = Math.min(1.0, sum / (windowSec * 1000.0));
                if (share > worst) {
                    worst = share;
                    worstStart = pt[lo];
                }
            }
        }
        int worstFull = 0;
        for (int hi = 0, lo = 0; hi < f; hi++) {
            while (ft[hi] - ft[lo] > WINDOW_SEC) {
                lo++;
            }
            worstFull = Math.max(worstFull, hi - lo + 1);
        }
        double[] sorted = Arrays.copyOf(pauses, c);
        Arrays.sort(sorted);
        return new PauseStats(c, total, rank(sorted, 0.50), rank(sorted, 0.99), c == 0 ? 0 : sorted[c - 1], span,
                span > 0 ? Math.min(1.0, total / (span * 1000.0)) : 0, worst, worstStart, f, worstFull);
    }

    private static double rank(double[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int idx = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
    }
}
