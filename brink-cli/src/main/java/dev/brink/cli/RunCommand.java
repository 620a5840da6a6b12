package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.core.summary.RunSummary;
import dev.brink.load.LoadOptions;
import dev.brink.load.Plan;
import dev.brink.method.MethodRunner;
import dev.brink.report.RunReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink run PLAN.yaml}: the method on your service (today: the capacity search). */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the capacity search of a plan against your service: profile × N, N = start, start+step, …",
            "until a step degrades (errors, p99, throughput, p99 trend), refined by bisection; the target JVM",
            "(target.jvm in the plan) is watched all along and thread dumps are taken at the first degraded step.",
            "Writes a run directory with summary.json, report.html, summary.md and junit.xml."})
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PLAN.yaml", description = "The plan (target, profile, slo, phases.capacity).")
    Path planFile;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: runs/<time>-<plan name>).")
    Path out;

    @Option(names = "--connections", paramLabel = "C", description = "Most connections the generator opens (default: the engine's).")
    Integer connections;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Plan plan = Plan.load(planFile);
        LoadOptions options = LoadOptions.defaults();
        if (connections != null) {
            if (connections < 1) {
                throw new BrinkUserException("bad --connections " + connections + ": expected a number >= 1");
            }
            options = options.withMaxConnections(connections);
        }
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name());
        PrintWriter console = spec.commandLine().getOut();
        console.println("run directory: " + run.root());
        RunSummary summary = new MethodRunner(plan, run, options, console).runCapacity();
        RunReport.Outputs outputs = RunReport.write(run.root());
        var c = summary.capacity();
        console.printf(java.util.Locale.ROOT, "%ncapacity: %d × profile = %.1f req/s, limited by %s%s%n", c.maxMultiplier(), c.maxRps(),
                c.limitedBy(), c.firstBadMultiplier() > 0 ? " (first bad: " + c.firstBadMultiplier() + " × profile)" : "");
        summary.findings().forEach(f -> console.println("finding: " + f.kind().jsonName() + ": " + f.title()));
        console.println("report: " + outputs.html());
        return 0;
    }
}
