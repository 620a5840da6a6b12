package dev.brink.core.detail;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code shard-incomplete}: a shard whose process ended before its load did (brink merge), or a worker that vanished in a
 * step (brink run --shards).
 *
 * @param shard           "2/4"
 * @param dir             brink merge: the shard's run directory as given
 * @param signs           brink merge: what shows it
 * @param lastEpochMs     the end of its last recorded second (epoch ms), 0 when it recorded none
 * @param secondsRecorded seconds of load it recorded (kept in the merge)
 * @param step            brink run --shards: the step the worker vanished in ("capacity-x3")
 * @param why             brink run --shards: what the coordinator saw, in words ("no word for 10 s")
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ShardIncompleteDetail(String shard, String dir, List<ShardSign> signs, Long lastEpochMs, Integer secondsRecorded,
                                    String step, String why) implements Detail {
    private static final Pattern SHARD = Pattern.compile("\\d+/\\d+");

    public ShardIncompleteDetail {
        if (shard == null || !SHARD.matcher(shard).matches()) throw new IllegalArgumentException("shard: expected I/N, got " + shard);
        signs = signs == null ? null : List.copyOf(signs);
        Ranges.atLeastZero("last_epoch_ms", lastEpochMs);
        Ranges.atLeastZero("seconds_recorded", secondsRecorded);
    }

    /** brink merge: a shard directory that shows {@code signs}. */
    public static ShardIncompleteDetail merged(String shard, String dir, List<ShardSign> signs, long lastEpochMs, int seconds) {
        return new ShardIncompleteDetail(shard, dir, signs, lastEpochMs, seconds, null, null);
    }

    /** brink run --shards: a worker that vanished in {@code step}. */
    public static ShardIncompleteDetail vanished(String shard, String step, String why, long lastEpochMs, int seconds) {
        return new ShardIncompleteDetail(shard, null, null, lastEpochMs, seconds, step, why);
    }
}
