package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/**
 * The two sides' shares of shared seconds in one step, as {@code brink compare --json} writes them beside a
 * latency verdict the host can account for.
 *
 * @param baseShare share (0..1) of BASE's step seconds that were shared
 * @param newShare  the same for NEW's step
 */
public record HostShares(@JsonProperty("base_share") double baseShare, @JsonProperty("new_share") double newShare) {
    /**
     * Whether the host can account for a change of the latency quantile {@code q} (1 for the maximum) from
     * {@code base} to {@code news} ms (the rule: {@link SharedHost}); {@code fasterAt} reads the faster side's own
     * quantile at a level.
     */
    boolean accountsFor(double q, double base, double news, DoubleUnaryOperator fasterAt) {
        if (Double.isNaN(baseShare) || Double.isNaN(newShare) || news == base) {
            return false;
        }
        double slower = Math.max(base, news);
        double excess = news > base ? newShare - baseShare : baseShare - newShare;
        if (excess <= 0) {
            return false;
        }
        double level = q / (1 - excess);
        return level >= 1 || slower <= fasterAt.applyAsDouble(level);
    }

    @JsonIgnore
    String text() {
        return String.format(Locale.ROOT, "other processes took CPU while the target or Brink waited for one in %.0f %% of "
                + "BASE's seconds and %.0f %% of NEW's: enough to account for this change; compare on a quiet host",
                baseShare * 100, newShare * 100);
    }
}
