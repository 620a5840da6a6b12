package dev.brink.cli;

import dev.brink.core.BrinkUserException;
import dev.brink.core.gate.Gate;
import dev.brink.core.gate.Threshold;
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
    }

    @Option(names = "--duration", paramLabel = "D", required = true, description = "How long, like 10s or 5m.")
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

    /** --duration, checked: a positive duration. */
    Duration duration() throws BrinkUserException {
        return OneLineLoad.positive("--duration", duration);
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

    Double rate() {
        return model.rate;
    }

    Integer users() {
        return model.users;
    }
}
