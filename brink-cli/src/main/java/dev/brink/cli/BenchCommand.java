package dev.brink.cli;

import dev.brink.core.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code brink bench}: before/after comparison of JMH micro-benchmarks, with significance, and a CI gate. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Compare JMH micro-benchmark results before and after a change: was it real, by how much, "
            + "with what confidence. Forks are the unit of independence.",
            "Exit 0 done; 2 bad input; 3 --fail-on found a regression."},
        subcommands = {BenchCompareCommand.class, BenchRunCommand.class})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("brink: a subcommand is required: compare or run (see 'brink bench --help')");
        return ExitCode.USAGE;
    }
}
