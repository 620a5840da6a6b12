package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.gate.Gate;
import dev.brink.core.gate.Threshold;
import dev.brink.load.plan.Plan;
import dev.brink.load.plan.StagesText;
import java.nio.file.Path;
import java.time.Duration;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options every one-line load command ({@code brink http}, {@code brink grpc}, {@code brink tcp}) takes the same way: the load
 * model, how long, the per-request timeout and where the output goes. One picocli mixin, so the commands
 * cannot drift apart in names, defaults or help.
 */
final class OneLineLoadOptions {
    @ArgGroup(exclusive = true, multiplicity = "1")
    Model model;

    /** Open or closed model: exactly one of them. */
    static final class Model {
        @Option(names = "--rate", paramLabel = "R", required = true,
                description = "Open model: requests (calls) per second, sent whether or not answers come back.")
        Double rate;

        @Option(names = "--users", paramLabel = "N", required = true,
                description = "Closed model: N users, each sends, waits for the answer, sends again.")
        Integer users;

        @Option(names = "--stages", paramLabel = "SHAPE", required = true,
                description = "A load shape instead of --rate or --users, comma-separated: 'ramp 100->1000 over 20s, hold 1000 "
                        + "for 1m, spike 3000 for 10s' (req/s, an open model), or with 'users' after each number (a closed model). "
                        + "Its stages run one after another on one schedule; their total is the duration.")
        String stages;
    }

    @Option(names = "--duration", paramLabel = "D", description = "How long, like 10s or 5m (with --stages: their total).")
    String duration;

    @Option(names = "--timeout", paramLabel = "T", defaultValue = "10s",
            description = "A request slower than this is a request-timeout (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write the run directory here (load.jsonl, latency.hlog, generator.jsonl, events.jsonl).")
    Path out;

    /** The command this mixin is part of (its output streams). */
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--json", description = "Print the summary as JSON, the same shape for http, grpc and tcp (live lines go to stderr).")
    boolean json;

    @Option(names = "--metrics", paramLabel = "[HOST:]PORT", description = "Serve live metrics (OpenMetrics, or Prometheus "
            + "text for Accept: text/plain) at http://HOST:PORT/metrics while the run lasts; HOST is 127.0.0.1 unless named.")
    String metrics;

    @Option(names = "--no-warm-up", description = "With --rate: skip the warm-up that first compiles Brink's own request "
            + "path against a responder inside Brink (never the target; its time is printed, nothing of it is recorded).")
    boolean noWarmUp;

    @Option(names = "--fail-on", paramLabel = "EXPR", description = "Exit 3 when the run meets any of these thresholds, "
            + "comma-separated: p50, p90, p99, p99.9, max (like p99>200ms), errors (errors>1%% or errors>0), rate (rate<95%% "
            + "of the target, or rate<500 req/s), findings (findings>=warning, findings=port-exhaustion). Without it, a run in "
            + "which every request failed exits 3.")
    String failOn;

    @picocli.CommandLine.Mixin
    ShardOptions sharding;

    /** The load options for {@code slots} connections and this shard, checked (and --fail-on with them). */
    dev.brink.load.engine.LoadOptions options(int slots, Duration timeout) throws BrinkUserException {
        gate();
        dev.brink.core.Shard s = sharding.shard();
        if (users() != null && users() < s.count()) {
            throw new BrinkUserException("bad --users " + users() + " with --shard " + s + ": expected at least one user per shard");
        }
        return OneLineLoad.options(slots, timeout).withShard(s);
    }

    /** --duration, checked: a positive duration; with --stages their total (and no --duration). */
    Duration duration() throws BrinkUserException {
        if (model.stages != null) {
            if (duration != null) throw new BrinkUserException("--duration with --stages: expected one of them (the stages say how long)");
            return stages().duration();
        }
        if (duration == null) throw new BrinkUserException("--duration is required with --rate or --users, like --duration 30s");
        return OneLineLoad.positive("--duration", duration);
    }

    /** --stages, read; null without it. */
    Plan.Stages stages() throws BrinkUserException {
        if (model.stages == null) return null;
        try {
            return StagesText.parse(model.stages, null);
        } catch (StagesText.Invalid e) {
            throw new BrinkUserException("bad --stages '" + e.stage + "': expected " + e.getMessage());
        }
    }

    /** --timeout, checked: a positive duration. */
    Duration timeout() throws BrinkUserException {
        return OneLineLoad.positive("--timeout", timeout);
    }

    /** --fail-on, parsed and checked against the model: a share of the target rate needs one (--rate). */
    Gate gate() throws BrinkUserException {
        Gate g;
        try {
            g = Gate.parse(failOn);
        } catch (Gate.Invalid e) {
            throw new BrinkUserException("bad --fail-on '" + e.term + "': expected " + e.getMessage());
        }
        for (Threshold t : g.thresholds()) {
            if (t.metric() == Threshold.Metric.RATE_SHARE && rate() == null) {
                throw new BrinkUserException("bad --fail-on '" + t.text() + "': a closed model (--users) has no target rate; "
                        + "expected rate<N (achieved req/s)");
            }
        }
        return g;
    }

    /** --rate, or the highest rate --stages asks for (the profile its shape is a multiple of). */
    Double rate() {
        Plan.Stages st = stagesOrNull();
        return st != null ? (st.users() ? null : Double.valueOf(Math.max(st.peak(), 1e-3))) : model.rate;
    }

    /** --users, or the most users --stages asks for at once. */
    Integer users() {
        Plan.Stages st = stagesOrNull();
        return st != null ? (st.users() ? Integer.valueOf((int) Math.max(1, Math.ceil(st.peak()))) : null) : model.users;
    }

    /** The stages when --stages reads; null without them or when they do not read (duration() says why, first). */
    private Plan.Stages stagesOrNull() {
        try {
            return stages();
        } catch (BrinkUserException e) {
            return null;
        }
    }
}
