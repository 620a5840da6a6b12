package dev.brink.junit;

import dev.brink.core.summary.RunSummary;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The numbers of summary.json an assertion can name, by their summary.json path. A name outside this list is a
 * configuration error, never a number that is silently absent; a metric of a phase the run did not have fails
 * the assertion (it cannot hold of nothing).
 */
public enum SummaryMetric {
    CAPACITY_MAX_MULTIPLIER("capacity.max_multiplier", RunSummary::capacity, s -> s.capacity().maxMultiplier()),
    CAPACITY_MAX_RPS("capacity.max_rps", RunSummary::capacity, s -> s.capacity().maxRps()),
    CONFIRM_ACHIEVED_RPS("confirm.achieved_rps", RunSummary::confirm, s -> s.confirm().achievedRps()),
    CONFIRM_ERROR_RATE("confirm.error_rate", RunSummary::confirm, s -> s.confirm().errorRate()),
    CONFIRM_P99_MS("confirm.p99_ms", RunSummary::confirm, s -> s.confirm().p99Ms()),
    SOAK_HEAP_SLOPE("soak.heap_after_gc_slope_mb_per_h", RunSummary::soak, s -> s.soak().slopeMbPerHour()),
    SOAK_R2("soak.r2", RunSummary::soak, s -> s.soak().r2()),
    DURATION_S("duration_s", s -> s, RunSummary::durationS);

    private final String path;
    private final Function<RunSummary, Object> phase;
    private final ToDoubleFunction<RunSummary> value;

    SummaryMetric(String path, Function<RunSummary, Object> phase, ToDoubleFunction<RunSummary> value) {
        this.path = path;
        this.phase = phase;
        this.value = value;
    }

    public String path() {
        return path;
    }

    /** The metric named by its summary.json path; an unknown name lists the known ones. */
    public static SummaryMetric named(String name) {
        for (SummaryMetric m : values()) {
            if (m.path.equals(name)) {
                return m;
            }
        }
        throw new ExtensionConfigurationException("'" + name + "' is not a metric of summary.json; expected one of "
                + Arrays.stream(values()).map(SummaryMetric::path).collect(Collectors.joining(", ")));
    }

    /** True when the run had this metric's phase. */
    boolean present(RunSummary s) {
        return phase.apply(s) != null;
    }

    double of(RunSummary s) {
        return value.applyAsDouble(s);
    }
}
