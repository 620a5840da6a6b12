package dev.brink.core.event;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.brink.core.EventType;
import dev.brink.core.detail.ShardSign;
import java.util.List;

/**
 * The {@link EventType#SHARDS_MERGED} event: {@code brink merge} joined the shards' run directories.
 *
 * @param shards each shard merged, in shard order
 */
public record ShardsMerged(List<Part> shards) implements Event {
    public ShardsMerged {
        shards = shards == null ? List.of() : List.copyOf(shards);
    }

    /**
     * One shard's run directory as merged.
     *
     * @param index       the shard, from 0
     * @param count       the shards of the load
     * @param dir         its run directory
     * @param complete    whether its process ran to its end
     * @param signs       what shows it did not (empty when complete)
     * @param lastEpochMs the end of its last recorded second, 0 without any
     * @param startAt     the instant it was told to begin at, or null
     * @param clockOffset its clock's measured offset, in words
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Part(int index, int count, String dir, boolean complete, List<ShardSign> signs, long lastEpochMs, String startAt,
                       String clockOffset) {
        public Part {
            signs = signs == null ? List.of() : List.copyOf(signs);
        }
    }
}
