package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * {@code generator-bound}: the load generator, not the service, could not keep the schedule.
 *
 * @param multiplier the capacity step it stopped the search at (brink-method); null elsewhere
 * @param shards     brink merge: the shards ("2/4") whose generator fell behind, the most often behind first
 * @param steps      brink merge: the steps in which any shard's generator fell behind
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record GeneratorBoundDetail(Integer multiplier, List<String> shards, List<String> steps) implements Detail {
    public GeneratorBoundDetail {
        if (multiplier != null && multiplier < 1) throw new IllegalArgumentException("multiplier: expected >= 1, got " + multiplier);
        shards = shards == null ? null : List.copyOf(shards);
        steps = steps == null ? null : List.copyOf(steps);
    }

    /** The one-liner's and a single run's: nothing but the finding itself. */
    public static final GeneratorBoundDetail NONE = new GeneratorBoundDetail(null, null, null);
}
