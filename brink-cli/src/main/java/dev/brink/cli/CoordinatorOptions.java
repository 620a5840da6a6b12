package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Shard;
import dev.brink.core.UserText;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code brink run … --shards N [--coordinator [HOST:]PORT] [--token-file F]}: the method across N workers. */
final class CoordinatorOptions {
    @Option(names = "--shards", paramLabel = "N", description = "Run the method with N workers: this process decides the"
            + " steps, judges each on the workers' merged results and watches the target. Without --coordinator it starts"
            + " the N workers itself, on this machine.")
    Integer shards;

    @Option(names = "--coordinator", paramLabel = "[HOST:]PORT", description = "With --shards: where the control API"
            + " listens for workers started elsewhere (brink worker --coordinator HOST:PORT --shard I/N); HOST is 127.0.0.1"
            + " unless named (in Kubernetes, the pod's address). Needs the shared token.")
    String coordinator;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --coordinator: the shared token, instead of the"
            + " BRINK_TOKEN environment variable (a mounted Kubernetes Secret).")
    Path tokenFile;

    /** Whether the run is sharded at all, checked against {@code --shard}. */
    boolean sharded(ShardOptions single) throws BrinkUserException {
        if (shards == null) {
            if (coordinator != null || tokenFile != null) {
                throw new BrinkUserException("--coordinator and --token-file go with --shards N: expected brink run PLAN --shards N --coordinator [HOST:]PORT");
            }
            return false;
        }
        if (shards < 1 || shards > Shard.MAX_COUNT) {
            throw new BrinkUserException("bad --shards " + shards + ": expected a number of workers 1.." + Shard.MAX_COUNT);
        }
        if (single.shard != null || single.startAt != null) {
            throw new BrinkUserException("--shards N runs the whole load over N workers; --shard I/N and --start-at are for one shard's"
                    + " process: expected one or the other");
        }
        if (coordinator != null && coordinator.isBlank()) {
            throw new BrinkUserException("bad --coordinator '" + UserText.quote(coordinator) + "': expected [HOST:]PORT");
        }
        return true;
    }
}
