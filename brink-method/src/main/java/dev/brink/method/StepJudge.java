package dev.brink.method;

import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.TrippedRule;
import dev.brink.load.engine.StepDriver;
import dev.brink.load.engine.StepResult;
import dev.brink.load.plan.Plan.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Judges one measured load step (a capacity step, the confirmation hold) by {@link DegradationRules}, with the
 * per-second view {@link StepThirds} gives: the p99 trend inside the step and whether the generator, not the
 * service, held the load back. Call {@link #begin} before the step runs and {@link #judge} after.
 */
final class StepJudge {
    /** Above this share of generator-bound seconds, a step's numbers describe the generator, not the target. */
    static final double MAX_GENERATOR_BOUND_SHARE = 1.0 / 3;

    private final StepThirds thirds;
    private final DegradationRules rules;
    private HostWatch host;
    private java.util.function.Consumer<String> onGone;

    /**
     * Errors in which no answer came from the target: its port refused, a connect or a request timed out, the
     * connection was reset, or gRPC's own words for those. A generator out of local ports ({@code
     * connect-no-local-port}) is not among them: that is Brink's side.
     */
    static final java.util.Set<String> NO_ANSWER = java.util.Set.of("connect-refused", "connect-timeout", "request-timeout", "reset",
            "grpc-UNAVAILABLE", "grpc-DEADLINE_EXCEEDED");
    /** Errors that say the target's port is closed: nothing listens there any more. */
    static final java.util.Set<String> CLOSED_PORT = java.util.Set.of("connect-refused", "reset");

    StepJudge(StepDriver engine, int maxConnections, Slo slo) {
        this(new StepThirds(maxConnections, slo.p99Ms()), slo);
        engine.addListener(thirds);
    }

    /** A judge fed by {@code thirds}, whoever calls its {@code onInterval}. */
    StepJudge(StepThirds thirds, Slo slo) {
        this.thirds = thirds;
        this.rules = new DegradationRules(slo);
    }

    /** Judges steps on the host's health too: a step other processes saturated the machine in is host-saturated. */
    StepJudge watchHost(HostWatch watch) {
        this.host = watch;
        return this;
    }

    void begin(String stepName) {
        thirds.begin(stepName);
        if (host != null) {
            host.begin(stepName);
        }
    }

    /** Called with the reason when a step finds the target gone (see {@link #targetGone}). */
    StepJudge onTargetGone(java.util.function.Consumer<String> action) {
        this.onGone = action;
        return this;
    }

    StepVerdict judge(StepResult r) {
        // a target that answered nothing at all is gone, however busy the machine: a saturated host makes answers
        // slow, it does not refuse connections
        String gone = targetGone(r);
        if (gone != null) {
            if (onGone != null) onGone.accept(gone);
            return StepVerdict.targetGone(gone);
        }
        // then: on a machine others saturated, every other number measured the machine (the generator's lag
        // and the target's latency alike), so no rule may blame the target or the generator
        String saturated = host == null ? null : host.saturation();
        if (saturated != null) {
            return StepVerdict.hostSaturated(saturated);
        }
        return rules.judge(measurement(r)).blaming(r.operations());
    }

    /**
     * Why the target is gone, or null: the step got not one answer (no success, no error the target answered) and
     * every request failed without one (refused, timed out, reset). A service that stopped answering mid-run is the
     * target's end, never the host's or the generator's: running further steps would measure a closed port.
     */
    String targetGone(StepResult r) {
        return targetGone(r, thirds.silentSeconds());
    }

    /**
     * As {@link #targetGone(StepResult)}, given the seconds at the step's end in which the target's port was closed: a
     * target that stops during a step answered its first requests, then refused every one for {@value #SILENT_SECONDS} s
     * or more.
     */
    static String targetGone(StepResult r, int silentAtEnd) {
        long errors = r.errorCount();
        if (errors == 0) return null;
        String kinds = dev.brink.core.gate.Threshold.topErrors(r.errors(), "");
        if (r.ok() == 0 && r.answeredErrorCount() == 0
                && r.errors().entrySet().stream().filter(e -> NO_ANSWER.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum() == errors) {
            return "the target answered none of the step's " + errors + " requests (" + kinds + "): it stopped answering";
        }
        if (silentAtEnd >= SILENT_SECONDS) {
            return "the target stopped answering during the step: its port refused every request of its last " + silentAtEnd
                    + " s (" + r.ok() + " answered before; " + kinds + ")";
        }
        return null;
    }

    /**
     * Whole seconds of a closed port at a step's end that make the target gone: one second may be a restart's gap or a
     * listener's hiccup, two in a row where every connect is refused is a service that is no longer there.
     */
    static final int SILENT_SECONDS = 2;

    /**
     * A step is generator-bound when it dropped requests (the backlog overflowed) or when the generator
     * was behind its schedule in more than a third of its seconds. A single jittery second (a GC pause
     * of Brink's own, the scheduler) is noted by the engine but would otherwise end the search on noise.
     */
    private StepMeasurement measurement(StepResult r) {
        long errors = r.errorCount();
        long requests = r.ok() + errors;
        boolean starved = thirds.connectionStarvedShare() > MAX_GENERATOR_BOUND_SHARE;
        // A leaking generator is bound from its first leaking second: its self-watch has seen its heap floor or
        // classes rise for a minute already, and what it measures from there on drifts with its own GC and class
        // loading (field report 002: the tool's OOM and class-loader lock capped the test, not the service).
        boolean leaking = thirds.generatorLeakingShare() > 0;
        boolean bound = r.overflowed() > 0 || thirds.generatorBoundShare() > MAX_GENERATOR_BOUND_SHARE || starved || leaking;
        String why = null;
        List<Degradation> generatorRules = new ArrayList<>();
        if (starved) {
            generatorRules.add(generatorRule(RuleKind.CONNECTIONS_STARVED, thirds.connectionStarvedShare(), MAX_GENERATOR_BOUND_SHARE));
        }
        if (thirds.generatorBoundShare() > MAX_GENERATOR_BOUND_SHARE) {
            generatorRules.add(generatorRule(RuleKind.GENERATOR_BEHIND, thirds.generatorBoundShare(), MAX_GENERATOR_BOUND_SHARE));
        }
        if (r.overflowed() > 0) {
            generatorRules.add(generatorRule(RuleKind.REQUESTS_DROPPED, r.overflowed(), 0));
        }
        if (leaking) {
            generatorRules.add(generatorRule(RuleKind.GENERATOR_LEAKING, thirds.generatorLeakingShare(), 0));
        }
        if (starved) {
            why = String.format(Locale.ROOT, "all %d connections busy and up to %d requests waiting for one in %d of %d s, while the"
                            + " service answered within the SLO (uncorrected p99 %.1f ms): the connection cap, not the service,"
                            + " held the load back (raise --connections)", thirds.maxConnections(), thirds.mostWaiting(),
                    thirds.starvedSeconds(), thirds.seconds(), r.uncorrected().p99Ms());
        } else if (bound) {
            why = String.format(Locale.ROOT, "%s in %d of %d s%s: %s", GeneratorPace.of(r.workload()).bound, thirds.boundSeconds(), thirds.seconds(),
                    r.overflowed() > 0 ? ", " + r.overflowed() + " requests dropped (backlog full)" : "", String.join("; ", r.generatorBoundReasons()));
        }
        return new StepMeasurement(r.targetRps(), r.achievedRps(), requests, errors, r.corrected().p50Ms(), r.corrected().p99Ms(),
                thirds.firstThirdMs(), thirds.lastThirdMs(), bound, why, r.answeredErrorCount(), generatorRules,
                thirds.trendZ());
    }

    private static Degradation generatorRule(RuleKind rule, double measured, double threshold) {
        return new Degradation(rule, measured, threshold, new TrippedRule(rule, measured, threshold).text());
    }
}
