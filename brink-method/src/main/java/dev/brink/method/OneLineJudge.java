package dev.brink.method;

import dev.brink.core.BrinkUserException;
import dev.brink.core.Durations;
import dev.brink.core.Finding;
import dev.brink.core.FindingKind;
import dev.brink.core.RunDirectory;
import dev.brink.core.Severity;
import dev.brink.core.detail.Detail;
import dev.brink.core.detail.GeneratorBoundDetail;
import dev.brink.core.detail.HostSaturatedDetail;
import dev.brink.core.detail.PortExhaustionDetail;
import dev.brink.core.detail.PortSide;
import dev.brink.core.gate.Threshold;
import dev.brink.core.line.GeneratorHealth;
import dev.brink.load.engine.IntervalListener;
import dev.brink.core.line.IntervalStats;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges a one-line run ({@code brink http|grpc|tcp}) by the rules {@code brink run} judges a step by, and names each
 * side apart ({@link OneLineVerdict}): the host (saturated by other processes, named: {@link HostWatch}), the load
 * generator (behind its schedule in more than a third of the seconds, a full backlog, out of local ports, leaking:
 * {@link StepThirds}) and the target (every failure Brink's side did not cause: refused or timed-out connects, requests
 * without an answer, resets, the errors it answered, and requests never sent because every connection still held one
 * it had not answered). A one-liner has no SLO, so the target is not "degraded": its failures are counted and named.
 *
 * <p>Register it on the engine ({@code addListener}) and call {@link #begin} before the step, {@link #judge} after.
 */
public final class OneLineJudge implements IntervalListener, AutoCloseable {
    private final StepThirds thirds;
    private final HostWatch host;
    private final Duration timeout;

    private OneLineJudge(StepThirds thirds, HostWatch host, Duration timeout) {
        this.thirds = thirds;
        this.host = host;
        this.timeout = timeout;
    }

    /**
     * @param run where host.jsonl goes; null without a run directory
     * @param timeout the request timeout (what a request-timeout waited)
     */
    public static OneLineJudge open(Plan plan, int maxConnections, Duration timeout, RunDirectory run) throws BrinkUserException {
        // the service on this machine is the target: its CPU must not read as other processes saturating the host
        long pid = MethodRunner.localListener(plan.target().baseUrl());
        // no SLO: a connection cap is never judged against one (0: no second counts as starved by the cap)
        return new OneLineJudge(new StepThirds(maxConnections, 0), HostWatch.open(run == null ? null : run.file(RunDirectory.HOST),
                () -> pid), timeout);
    }

    public void begin(String step) {
        thirds.begin(step);
        host.begin(step);
    }

    @Override
    public void onInterval(IntervalStats interval, GeneratorHealth generator) {
        thirds.onInterval(interval, generator);
        host.onInterval(interval, generator);
    }

    /** @param portFindings the run's port-exhaustion findings (a target's listen queue that overflowed is named) */
    public OneLineVerdict judge(StepResult r, List<Finding> portFindings) {
        String saturated = host.saturation();
        Map<String, Long> e = r.errors();
        long noPort = e.getOrDefault("connect-no-local-port", 0L);
        long invalid = e.getOrDefault("invalid-value", 0L);
        List<Finding> findings = new ArrayList<>();
        OneLineVerdict.Target target = target(r, noPort + invalid, portFindings, saturated != null);
        OneLineVerdict.Generator generator = generator(r, noPort, saturated != null);
        if (generator.bound()) {
            findings.add(new Finding(FindingKind.GENERATOR_BOUND, Severity.WARNING, GeneratorPace.of(r.workload()).finding + ": "
                    + generator.statement().substring("generator: ".length()), "brink load generator",
                    List.of(RunDirectory.GENERATOR), Detail.map(GeneratorBoundDetail.NONE)));
        }
        OneLineVerdict.Host h = new OneLineVerdict.Host(saturated != null,
                saturated == null ? null : "host: " + saturated.replaceFirst("^the host was ", ""));
        if (saturated != null) {
            findings.add(new Finding(FindingKind.HOST_SATURATED, Severity.WARNING, "the machine was busy: " + saturated
                    + "; the run measured the machine as much as the service", "host", List.of(RunDirectory.HOST), Detail.map(HostSaturatedDetail.NONE)));
        }
        return new OneLineVerdict(target, generator, h, findings);
    }

    private OneLineVerdict.Target target(StepResult r, long brinks, List<Finding> ports, boolean busyHost) {
        Map<String, Long> e = r.errors();
        long failed = r.errorCount() - brinks;
        long unsent = r.unsent();
        long requests = r.ok() + r.errorCount();
        if (failed == 0 && unsent == 0) {
            return new OneLineVerdict.Target(0, 0, "target: answered every request (" + r.ok() + " ok)");
        }
        List<String> why = new ArrayList<>();
        long answered = r.answeredErrorCount();
        if (answered > 0) why.add("it answered " + answered + " with an error");
        long connects = e.getOrDefault("connect-timeout", 0L) + e.getOrDefault("connect-refused", 0L);
        if (connects > 0) {
            boolean listenQueue = ports.stream().anyMatch(f -> f.kind() == FindingKind.PORT_EXHAUSTION
                    && Detail.read(f.detail(), PortExhaustionDetail.class).side() == PortSide.TARGET);
            why.add((r.ok() > 0 ? "after it had answered " + r.ok() + ", " : "") + connects + " connects were not accepted (refused or"
                    + " timed out): it stopped taking connections" + (listenQueue ? ", its listen queue overflowed (the port-exhaustion finding)" : ""));
        }
        long timeouts = e.getOrDefault("request-timeout", 0L);
        if (timeouts > 0) why.add(timeouts + " got no answer within " + Durations.format(timeout));
        long resets = e.getOrDefault("reset", 0L);
        if (resets > 0) why.add(resets + " connections were closed with a request in flight");
        if (unsent > 0) {
            why.add(unsent + " requests were never sent: when the run ended every connection still held a request it had not answered");
        }
        String statement = String.format(Locale.ROOT, "target: %d of %d requests failed%s", failed, requests,
                Threshold.topErrors(without(e, "connect-no-local-port", "invalid-value"), " (") + (failed > 0 ? ")" : ""))
                + (why.isEmpty() ? "" : ": " + String.join("; ", why))
                + (busyHost ? " (on a saturated host: see below)" : "");
        return new OneLineVerdict.Target(failed, unsent, statement);
    }

    private OneLineVerdict.Generator generator(StepResult r, long noPort, boolean busyHost) {
        boolean behind = thirds.generatorBoundShare() > StepJudge.MAX_GENERATOR_BOUND_SHARE;
        boolean leaking = thirds.generatorLeakingShare() > 0;
        boolean bound = behind || r.overflowed() > 0 || leaking || noPort > 0;
        GeneratorPace pace = GeneratorPace.of(r.workload());
        List<String> why = new ArrayList<>();
        if (behind || leaking) {
            why.add(String.format(Locale.ROOT, "%s in %d of %d s: %s", pace.bound, thirds.boundSeconds(), thirds.seconds(),
                    String.join("; ", r.generatorBoundReasons())));
        }
        if (r.overflowed() > 0) why.add(r.overflowed() + " requests dropped: its backlog was full");
        if (noPort > 0) why.add(noPort + " connects found no free local port (the port-exhaustion finding)");
        if (!bound) {
            String some = thirds.boundSeconds() > 0 ? String.format(Locale.ROOT, " (behind in %d of %d s, within the third allowed)",
                    thirds.boundSeconds(), thirds.seconds()) : "";
            return new OneLineVerdict.Generator(false, "generator: " + pace.keptUp + some);
        }
        return new OneLineVerdict.Generator(true, "generator: " + String.join("; ", why)
                + (busyHost ? " — the host was saturated by other processes (below), which slowed it" : " — those seconds describe Brink, not the target"));
    }

    private static Map<String, Long> without(Map<String, Long> m, String... keys) {
        Map<String, Long> copy = new java.util.HashMap<>(m);
        for (String k : keys) copy.remove(k);
        return copy;
    }

    @Override
    public void close() {
        host.close();
    }
}
