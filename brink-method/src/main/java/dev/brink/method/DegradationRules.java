package dev.brink.method;

import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.Plan.Slo;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a step degraded, by the four rules of the method, each reported with its numbers:
 * error rate above the SLO; corrected p99 above the SLO; achieved rate below 95 % of the target (the
 * service stopped following the load); p99 of the last third of the step more than twice that of the
 * first third (latency running away within the step, even if still under the SLO).
 *
 * <p>A step the load generator could not drive is generator-bound: its latency and rate describe the
 * generator, not the target. Only the errors the service answered itself (HTTP 5xx, a failed check) above
 * the SLO still count against the service then: a late generator sends late, it does not make the service
 * answer 503.
 */
public final class DegradationRules {
    /** Below this share of the target rate, the service no longer follows the load. */
    public static final double MIN_ACHIEVED_SHARE = 0.95;
    /** The last third's p99 may grow to this multiple of the first third's before it counts as a trend. */
    public static final double MAX_P99_GROWTH = 2.0;
    /**
     * A p99 trend under this floor is noise (a 0.4 ms → 0.9 ms "doubling" is no degradation), so the
     * trend rule only speaks once the last third's p99 is a meaningful share of the SLO.
     */
    static final double TREND_FLOOR_SHARE_OF_SLO = 0.2;

    private final Slo slo;

    public DegradationRules(Slo slo) {
        this.slo = slo;
    }

    public StepVerdict judge(StepMeasurement m) {
        if (m.generatorBound()) {
            double answered = m.requests() == 0 ? 0 : (double) m.answeredErrors() / m.requests();
            if (answered > slo.errorRate()) {
                return new StepVerdict(StepVerdictKind.DEGRADED, List.of(new Degradation(RuleKind.ERROR_RATE, answered, slo.errorRate(),
                        Degradation.fmt("error rate %.2f %% > SLO %.2f %% (%d of %d requests answered with an error; the generator"
                                        + " was also behind, so this step's latency is not judged: %s)", answered * 100,
                                slo.errorRate() * 100, m.answeredErrors(), m.requests(), m.generatorReason()))), null);
            }
            return new StepVerdict(StepVerdictKind.GENERATOR_BOUND, m.generatorRules(), m.generatorReason());
        }
        List<Degradation> broken = new ArrayList<>();
        if (m.errorRate() > slo.errorRate()) {
            broken.add(new Degradation(RuleKind.ERROR_RATE, m.errorRate(), slo.errorRate(),
                    Degradation.fmt("error rate %.2f %% > SLO %.2f %% (%d of %d requests failed)",
                            m.errorRate() * 100, slo.errorRate() * 100, m.errors(), m.requests())));
        }
        if (m.p99Ms() > slo.p99Ms()) {
            broken.add(new Degradation(RuleKind.P99, m.p99Ms(), slo.p99Ms(),
                    Degradation.fmt("p99 %.1f ms > SLO %.1f ms", m.p99Ms(), slo.p99Ms())));
        }
        double share = m.achievedRps() / m.targetRps();
        if (share < MIN_ACHIEVED_SHARE) {
            broken.add(new Degradation(RuleKind.THROUGHPUT, m.achievedRps(), m.targetRps() * MIN_ACHIEVED_SHARE,
                    Degradation.fmt("achieved %.1f req/s = %.1f %% of the target %.1f req/s (< %.0f %%)",
                            m.achievedRps(), share * 100, m.targetRps(), MIN_ACHIEVED_SHARE * 100)));
        }
        if (m.p99LastThirdMs() > MAX_P99_GROWTH * m.p99FirstThirdMs()
                && m.p99LastThirdMs() > TREND_FLOOR_SHARE_OF_SLO * slo.p99Ms()) {
            broken.add(new Degradation(RuleKind.P99_TREND, m.p99LastThirdMs(), MAX_P99_GROWTH * m.p99FirstThirdMs(),
                    Degradation.fmt("p99 rose within the step: last third %.1f ms > %.0f × first third %.1f ms",
                            m.p99LastThirdMs(), MAX_P99_GROWTH, m.p99FirstThirdMs())));
        }
        return broken.isEmpty()
                ? new StepVerdict(StepVerdictKind.OK, List.of(), null)
                : new StepVerdict(StepVerdictKind.DEGRADED, broken, null);
    }
}
