package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.ExitCode;
import dev.brink.core.RunDirectory;
import dev.brink.core.Shard;
import dev.brink.load.engine.LoadOptions;
import dev.brink.shard.coordinator.ControlToken;
import dev.brink.shard.coordinator.Worker;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code brink worker}: one of the N workers of {@code brink run PLAN --shards N --coordinator ADDRESS}. */
@Command(name = "worker", mixinStandardHelpOptions = true,
        description = {"Join a coordinator (brink run PLAN --shards N --coordinator [HOST:]PORT) as shard I of N:",
            "receive its plan, run each step it hands out with this shard's part of the load,",
            "send the results back, until the coordinator ends the run. The token is the",
            "coordinator's: BRINK_TOKEN or --token-file."})
final class WorkerCommand implements Callable<Integer> {
    @Option(names = "--coordinator", required = true, paramLabel = "HOST:PORT", description = "Where the coordinator's control API listens.")
    String coordinator;

    @Option(names = "--shard", required = true, paramLabel = "I/N", description = "This worker's shard, I from 0 (Kubernetes: $(JOB_COMPLETION_INDEX)/N).")
    String shard;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The shared token, instead of the BRINK_TOKEN environment variable.")
    Path tokenFile;

    @Option(names = "--out", paramLabel = "DIR", description = "This worker's own run directory (default: runs/<time>-worker-I).")
    Path out;

    @Option(names = "--wait", paramLabel = "DURATION", description = "How long to keep trying to reach the coordinator at the start (default 60s).")
    String wait = "60s";

    @Option(names = "--connections", paramLabel = "C", description = "Most connections this worker opens (default: the engine's).")
    Integer connections;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Shard me = Shard.parse(shard);
        ControlToken token = ControlToken.read(tokenFile, System::getenv);
        LoadOptions options = LoadOptions.defaults();
        if (connections != null) {
            if (connections < 1) throw new BrinkUserException("bad --connections " + connections + ": expected a number >= 1");
            options = options.withMaxConnections(connections);
        }
        var patience = Durations.parse(wait);
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), "worker-" + me.index());
        Worker.run(coordinator, me, token, run, patience, options, spec.commandLine().getOut());
        return ExitCode.OK;
    }
}
