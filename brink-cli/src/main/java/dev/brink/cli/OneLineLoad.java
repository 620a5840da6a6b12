package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.BrinkVersion;
import dev.brink.core.ExitCode;
import dev.brink.core.Durations;
import dev.brink.core.Finding;
import dev.brink.core.OutputFiles;
import dev.brink.core.RunDirectory;
import dev.brink.core.Shard;
import dev.brink.core.evidence.StreamTimingLine;
import dev.brink.core.gate.Gate;
import dev.brink.core.gate.GateFigures;
import dev.brink.core.summary.RunSummary;
import dev.brink.load.LoadEngine;
import dev.brink.load.Warmup;
import dev.brink.load.engine.LoadOptions;
import dev.brink.load.engine.LoadStep;
import dev.brink.core.line.Percentiles;
import dev.brink.load.engine.StepResult;
import dev.brink.load.host.PortExhaustion;
import dev.brink.load.metrics.LiveMetrics;
import dev.brink.load.metrics.MetricsServer;
import dev.brink.load.plan.Plan;
import dev.brink.method.OneLineJudge;
import dev.brink.method.OneLineVerdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine;

/** What {@code brink http} and {@code brink grpc} share: argument checks, one step on the engine, the same output. */
final class OneLineLoad {
    private OneLineLoad() {
    }

    /**
     * The longest warm-up a run of {@code d} gets: 3 s (the request path compiles in 1-2 s on one core), but no more
     * than a quarter of the run itself, so a short check stays short.
     */
    static Duration warmUpLimit(Duration d) {
        Duration quarter = d.dividedBy(4);
        return quarter.compareTo(Duration.ofSeconds(3)) < 0 ? quarter : Duration.ofSeconds(3);
    }

    /**
     * summary.json of a one-line run: no method phases, the findings, and the shard when the load is one. Written
     * last, so a run directory without it is one whose process died (what brink merge checks).
     */
    private static void writeSummary(Path out, String name, Instant started, List<Finding> findings, Shard shard)
            throws BrinkUserException {
        RunSummary summary = new RunSummary(BrinkVersion.get(), name, started.toString(),
                Duration.between(started, Instant.now()).toMillis() / 1000.0, false, null, null, null, findings, null,
                shard.sharded() || shard.startAt() != null ? shard : null);
        Path file = out.resolve(RunDirectory.SUMMARY);
        OutputFiles.writeJson(file, summary);
    }

    /** A duration option that must be more than 0. */
    static Duration positive(String option, String value) throws BrinkUserException {
        Duration d = Durations.parse(value);
        if (d.toMillis() < 1) throw new BrinkUserException("bad " + option + " " + value + ": expected more than 0");
        return d;
    }

    /** Exactly one of rate (open model) and users (closed model) is set, in range. */
    static void checkModel(Double rate, Integer users) throws BrinkUserException {
        if (rate != null && !(rate > 0 && rate <= 1e7)) {
            throw new BrinkUserException("bad --rate " + rate + ": expected a number from 0 (excluded) to 10000000");
        }
        if (users != null && (users < 1 || users > 60_000)) {
            throw new BrinkUserException("bad --users " + users + ": expected 1..60000");
        }
    }

    /** Connect timeout = the request timeout, at most 5 s. */
    static LoadOptions options(int slots, Duration timeout) {
        return LoadOptions.defaults().withMaxConnections(slots)
                .withTimeouts(timeout.compareTo(Duration.ofSeconds(5)) < 0 ? timeout : Duration.ofSeconds(5), timeout);
    }

    /**
     * Runs one step of {@code plan} (open at 100 % when {@code --users} is not given, else closed) and prints the live
     * lines and the summary ({@code --json}: the summary alone on stdout, live lines on stderr). An open-model run
     * first warms Brink's request path against a responder of its own (see {@link Warmup}, unless --no-warm-up), so
     * its first seconds are not Brink's JIT compiling.
     * @param headline the first line (not with --json), given the engine's transport
     * @return the exit code: {@link ExitCode#GATE} when the run met a --fail-on threshold (or, without one, every
     *         request failed), else {@link ExitCode#OK}
     */
    static int run(OneLineLoadOptions load, String name, Plan plan, LoadOptions options, Duration d, String shown,
                   Function<String, String> headline) throws Exception {
        CommandLine.Model.CommandSpec spec = load.spec;
        Integer users = load.users();
        Path out = load.out;
        boolean json = load.json;
        boolean warm = !load.noWarmUp;
        Gate gate = load.gate();
        Plan.Stages stages = load.stages();
        LoadStep step = stages != null ? LoadStep.stages(name, stages, plan)
                : users == null ? LoadStep.open(name, 1, d) : LoadStep.closed(name, users, Duration.ZERO, d);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter live = json ? spec.commandLine().getErr() : stdout;
        StepResult result;
        Instant started;
        List<Finding> findings;
        OneLineVerdict verdict;
        if (users == null && warm) {
            Warmup.Report w = Warmup.of(plan, options, warmUpLimit(d));
            if (w != null) {
                live.println(w.line());
                live.flush();
            }
        }
        LiveMetrics metrics = LiveMetricsOption.metrics(spec, users == null ? plan.totalRps() : 0);
        List<StreamTimingLine> streams;
        dev.brink.load.engine.TlsSummary tls;
        try (LoadEngine engine = LoadEngine.open(plan, options, out == null ? null : RunDirectory.at(out));
             MetricsServer served = LiveMetricsOption.serve(spec, metrics, live)) {
            HttpReport report = new HttpReport(live, System.console() != null && !json, d,
                    plan.target().http() != null && plan.target().http().http2() ? "streams" : "in-flight");
            if (!json) stdout.println(headline.apply(engine.transport()));
            if (!json && stages != null) stdout.println("  stages: " + stages.text());
            if (metrics != null) engine.addListener(metrics);
            engine.addListener(report::interval);
            PortExhaustion ports = PortExhaustion.forTarget(plan.target());
            engine.addListener(ports);
            // both sides judged by brink run's rules: the host, the generator, and the target's own failures
            try (OneLineJudge judge = OneLineJudge.open(plan, options.maxConnections(), options.requestTimeout(),
                    out == null ? null : RunDirectory.at(out))) {
                engine.addListener(judge);
                ShardStart.waitForStart(options.shard(), live);
                started = Instant.now();
                judge.begin(step.name());
                result = engine.run(step);
                report.done();
                verdict = judge.judge(result, ports.findings());
            }
            findings = new ArrayList<>(ports.findings());
            findings.addAll(verdict.findings());
            streams = engine.lastStreamTimings();
            tls = engine.lastTls();
        }
        if (out != null) writeSummary(out, name, started, findings, options.shard());
        List<String> failed = gateFailures(gate, result, findings);
        if (json) {
            HttpReport.json(stdout, shown, result, verdict, findings, streams, tls, failed);
        } else {
            HttpReport.table(stdout, result, verdict, out);
            HttpReport.tls(stdout, tls);
            HttpReport.streams(stdout, streams);
            HttpReport.findings(stdout, findings);
        }
        // the gate's lines on stderr with --json too, where a CI log shows them beside the exit code
        PrintWriter gateOut = json ? spec.commandLine().getErr() : stdout;
        failed.forEach(f -> gateOut.println("gate failed: " + f));
        gateOut.flush();
        stdout.flush();
        return failed.isEmpty() ? ExitCode.OK : ExitCode.GATE;
    }

    /**
     * The thresholds of {@code --fail-on} the run met; without any, the run failed when every request failed (a gRPC
     * method the server lacks, a URL that answers 500): a one-liner in CI must not pass on that.
     */
    static List<String> gateFailures(Gate gate, StepResult r, List<Finding> findings) {
        Percentiles p = r.corrected();
        GateFigures figures = new GateFigures("", p.count() == 0 ? null : new double[] {p.p50Ms(), p.p90Ms(), p.p99Ms(), p.p999Ms(), p.maxMs()},
                r.ok() + r.errorCount(), r.errors(), r.targetRps(), r.achievedRps(), findings);
        if (!gate.isEmpty()) return gate.failures(figures);
        String all = Gate.everyRequestFailed(figures);
        return all == null ? List.of() : List.of(all);
    }
}
