package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Shard;
import picocli.CommandLine.Option;

/** {@code --shard I/N} and {@code --start-at ISO-8601}: a picocli mixin, the same for every command that loads. */
final class ShardOptions {
    @Option(names = "--shard", paramLabel = "I/N", description = "Run shard I (from 0) of N of this load: every N-th"
            + " arrival of the schedule (rates stay the whole load's), users I, I+N, …, CSV rows and TCP devices likewise;"
            + " join the N run directories with brink merge.")
    String shard;

    @Option(names = "--start-at", paramLabel = "ISO-8601", description = "Begin the load at this wall-clock instant, like"
            + " 2026-11-24T05:00:00Z, so every shard starts together (at most 5 s in the past).")
    String startAt;

    /** The shard (the whole load without --shard) and its start instant, checked. */
    Shard shard() throws BrinkUserException {
        return ShardStart.parse(shard, startAt);
    }
}
