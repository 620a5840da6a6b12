package dev.brink.cli;

import dev.brink.core.ExitCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code brink import}: a plan from another tool's recording or test plan. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Make a plan from a browser recording (har) or a JMeter test plan (jmx): prints what it left out.",
            "Exit 0 done; 2 bad input."},
        subcommands = {ImportHarCommand.class, ImportJmxCommand.class})
final class ImportCommand implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("brink: a subcommand is required: har or jmx (see 'brink import --help')");
        return ExitCode.USAGE;
    }
}
