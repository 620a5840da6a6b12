package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;
import dev.brink.core.Shard;

/**
 * The {@link EventType#SHARD} event: this run is shard I of N of one load ({@link Shard} as it is written, with its
 * offset in words). Written by the load engine, read by brink merge, which checks the numbers before it trusts them:
 * so they are read as written, absent ones as null, not through Shard's constructor.
 *
 * @param index         the shard, from 0
 * @param count         the shards of the load
 * @param startAt       the instant every shard was told to begin at (ISO-8601), or null
 * @param clockSource   where that instant was read from
 * @param clockOffsetMs the measured offset of this clock from a coordinator's, null when none was measured
 * @param clockOffset   the same in words ("none measured")
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ShardEvent(Integer index, Integer count, String startAt, String clockSource, Double clockOffsetMs, String clockOffset)
        implements Event {
    /** The event of {@code shard}. */
    public static ShardEvent of(Shard shard) {
        return new ShardEvent(shard.index(), shard.count(), shard.startAt(), shard.clockSource(), shard.clockOffsetMs(), shard.clockOffset());
    }
}
