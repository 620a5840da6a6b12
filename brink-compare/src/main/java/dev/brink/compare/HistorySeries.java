package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One metric across the runs of a history, in the runs' order, and where it changed.
 *
 * @param name    what a person reads: "capacity-x8 checkout p99", "capacity max_rps"
 * @param unit    of the values
 * @param values  one per run, NaN where a run did not measure it
 * @param changes the change points found (E-divisive means), each beyond the metric's noise floor
 */
public record HistorySeries(String name, String unit, @JsonProperty("higher_is_better") boolean higherIsBetter, double[] values,
                            List<Change> changes) {
    public HistorySeries {
        values = values.clone();
        changes = List.copyOf(changes);
    }

    /**
     * A change point: from run {@code index} on (its directory {@code run}), the metric moved from the mean of the
     * segment before to the mean of the segment after.
     *
     * @param worse whether the change goes the bad way for this metric
     */
    public record Change(int index, String run, double p, double before, double after, boolean worse) {
        public double changePercent() {
            return (after / before - 1) * 100;
        }
    }
}
