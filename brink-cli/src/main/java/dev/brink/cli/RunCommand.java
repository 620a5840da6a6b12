package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.RunDirectory;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.metrics.MetricsServer;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.bind.PlanParams;
import dev.brink.load.plan.bind.PlanReader;
import dev.brink.core.event.MethodPhase;
import dev.brink.method.MethodRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code brink run PLAN.yaml}: the method on your service. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the method of a plan against your service:",
            "  capacity  profile x N, N = start, start+step, ... until a step degrades",
            "            (errors, p99, throughput, p99 trend), refined by bisection;",
            "            thread dumps and a class histogram at the first bad step",
            "  confirm   a ramp to the maximum found (or phases.confirm.multiplier),",
            "            then a hold",
            "  stages    the plan's load shape (ramp, hold, spike of req/s or users),",
            "            judged as the confirmation hold is",
            "  soak      a multiplier held for long (small_heap relaunches a launched",
            "            target with that -Xmx): heap-after-GC trend, class histograms,",
            "            a heap dump and its leak suspect",
            "The target JVM (target.jvm) is watched all along. Writes a run directory",
            "with summary.json, report.html, summary.md and junit.xml. Exit code 3",
            "when the plan's fail_on gate fails."})
final class RunCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PLAN.yaml", description = "The plan (target, profile, slo, phases, fail_on).")
    Path planFile;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: runs/<time>-<plan name>).")
    Path out;

    @Option(names = "--phases", paramLabel = "LIST", description = "Phases to run, of capacity,confirm,stages,soak (default: all the plan has).")
    String phases;

    @Option(names = "--jfr", description = "Record JFR on the target JVM for the whole run (evidence/recording-*.jfr, about 1 %% overhead).")
    boolean jfr;

    @Option(names = "--connections", paramLabel = "C", description = "Most connections the generator opens (default: the engine's).")
    Integer connections;

    @Option(names = "--repeat", paramLabel = "K", description = "Run the capacity search K times and print the spread"
            + " of the capacities; the median is the run's capacity (default 1).")
    int repeat = 1;

    @Option(names = "--metrics", paramLabel = "[HOST:]PORT", description = "Serve live metrics (OpenMetrics, or Prometheus "
            + "text for Accept: text/plain) at http://HOST:PORT/metrics while the run lasts, the target JVM's too; HOST is 127.0.0.1 unless named.")
    String metrics;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "Set the plan's parameter NAME (its params: section;"
            + " an imported JMeter plan's $${__P(NAME,default)}); repeatable.")
    List<String> params = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "DIR", description = "Compare the run with this run directory at its end "
            + "(brink compare, compare.html beside the report); exit 3 on a regression beyond 5 %%, a lower capacity, or a new "
            + "finding when the plan's fail_on has findings.")
    Path baseline;

    @picocli.CommandLine.Mixin
    ShardOptions sharding;

    @picocli.CommandLine.Mixin
    CoordinatorOptions coordination;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Map<String, String> set = new LinkedHashMap<>();
        for (String p : params) {
            Map.Entry<String, String> e = PlanParams.parseOverride(p);
            set.put(e.getKey(), e.getValue());
        }
        // workers read the plan's text again: they would not see a value set here
        if (!set.isEmpty() && coordination.shards != null) throw new BrinkUserException("--param and --shards: set the values in the plan's params: section");
        Plan plan = PlanReader.load(planFile, set);
        var selected = phases == null ? null : MethodPhase.parse(phases);
        LoadOptions options = LoadOptions.defaults();
        if (connections != null) {
            if (connections < 1) {
                throw new BrinkUserException("bad --connections " + connections + ": expected a number >= 1");
            }
            options = options.withMaxConnections(connections);
        }
        boolean sharded = coordination.sharded(sharding);
        if (sharded && plan.phases() != null && plan.phases().stages() != null && (selected == null || selected.contains(MethodPhase.STAGES))) {
            throw new BrinkUserException(planFile + ": phases.stages with --shards: expected a run without --shards for the stages"
                    + " (--phases without stages to run the rest across shards)");
        }
        options = options.withShard(sharding.shard());
        if (repeat < 1) {
            throw new BrinkUserException("bad --repeat " + repeat + ": expected a number >= 1");
        }
        Path base = BaselineOption.check(baseline);
        if (!sharded) {
            MethodRunner.checkReachable(plan); // before the run directory: a refused port leaves nothing behind
        }
        // a closed model's profile is users, not a rate: it has no rate multiplier to show
        LiveMetrics live = LiveMetricsOption.metrics(spec, plan.closedModel() ? 0 : plan.totalRps());
        RunDirectory run = out != null ? RunDirectory.at(out) : RunDirectory.create(Path.of("runs"), plan.name());
        PrintWriter console = spec.commandLine().getOut();
        console.println("run directory: " + run.root());
        try (MetricsServer served = LiveMetricsOption.serve(spec, live, console)) {
            if (sharded) {
                try (ShardedMethod workers = ShardedMethod.start(plan, planFile, coordination.shards, coordination.coordinator,
                        coordination.tokenFile, connections, run, console)) {
                    int code = MethodConsole.runAndReport(plan, run, options, selected, jfr, repeat, live, workers.load(), console);
                    return BaselineOption.compare(base, run.root(), plan, code, console);
                }
            }
            ShardStart.waitForStart(options.shard(), console);
            int code = MethodConsole.runAndReport(plan, run, options, selected, jfr, repeat, live, console);
            return BaselineOption.compare(base, run.root(), plan, code, console);
        }
    }
}
