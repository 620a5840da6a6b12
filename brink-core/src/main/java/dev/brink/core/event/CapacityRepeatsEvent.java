package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;
import java.util.List;

/**
 * The {@link EventType#CAPACITY_REPEATS} event ({@code brink run --repeat K}): what the K capacity searches found together.
 *
 * @param multipliers      each search's capacity, in the order they ran
 * @param medianMultiplier the lower median of them: the run's capacity
 * @param spreadSteps      the spread from the least to the most, in search steps
 * @param agreeing         how many searches are within one step of the median
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CapacityRepeatsEvent(List<Integer> multipliers, int medianMultiplier, int spreadSteps, int agreeing) implements Event {
    public CapacityRepeatsEvent {
        multipliers = multipliers == null ? List.of() : List.copyOf(multipliers);
    }
}
