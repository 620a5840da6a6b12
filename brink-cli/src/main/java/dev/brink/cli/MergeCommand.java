package dev.brink.cli;

import dev.brink.core.ExitCode;
import dev.brink.shard.ShardMerge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink merge DIR… --out DIR}: one run directory from the shards of one load. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Merge the run directories of the N shards of one load (--shard I/N) into one run directory.",
            "Latency from the sum of the shards' HdrHistogram logs (exact percentiles, never averaged), per-second lines "
                + "summed by wall-clock second, each shard's files kept under shards/I/, a step generator-bound when any "
                + "shard's was (naming it), findings once. A shard whose process died is named (finding shard-incomplete) "
                + "and what it recorded is kept. brink report works on the result as on any run."})
final class MergeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' run directories, one per shard.")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The merged run directory (new or empty).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ShardMerge.Result r = ShardMerge.merge(dirs, out);
        PrintWriter w = spec.commandLine().getOut();
        // the rate over the steps' planned time: the shards send the schedule's arrivals in it (answers may come after)
        double over = r.stepSeconds() > 0 ? r.stepSeconds() : r.seconds();
        w.printf(Locale.ROOT, "merged %d shards into %s: %d requests sent in %.1f s of steps (%.1f req/s; %.1f s from the"
                        + " first start to the last answer), p99 %.2f ms (corrected, from the summed histograms)%n", r.shards(),
                r.out(), r.requests(), over, over > 0 ? r.requests() / over : 0.0, r.seconds(), r.p99Micros() / 1000.0);
        for (String s : r.incomplete()) {
            w.println("shard " + s + " did not finish: kept what it recorded (finding shard-incomplete)");
        }
        return ExitCode.OK;
    }
}
