package dev.brink.method;

import dev.brink.core.line.GeneratorHealth;
import dev.brink.core.line.HostHealth;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.plan.Plan.Slo;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a step degraded, by the four rules of the method, each reported with its numbers:
 * error rate above the SLO; corrected p99 above the SLO; achieved rate below 95 % of the target (the
 * service stopped following the load); p99 of the last third of the step more than twice that of the
 * first third (latency running away within the step, even if still under the SLO), when that rise is a
 * significant trend over the step's per-second p99s and the step ends above half the SLO.
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
     * A step that meets its SLO with room to spare has not degraded, whatever its p99 does inside it: 28 ms → 64 ms
     * against a 200 ms SLO is a service that still answers three times faster than required. The trend rule
     * therefore only speaks once the end of the step (the last third's p99) has used half of the SLO: a rise
     * that continues at that point breaks the SLO within a step or two, which is the runaway it exists to catch.
     */
    public static final double TREND_FLOOR_SHARE_OF_SLO = 0.5;
    /**
     * The rise must be a trend over the step's per-second p99s, not two medians that differ by chance: the
     * one-sided Mann-Kendall test at the 1 % level (z > 2.33); see {@link MannKendall} for why 1 %, not 5 %.
     */
    public static final double TREND_MIN_Z = 2.33;

    private final Slo slo;

    public DegradationRules(Slo slo) {
        this.slo = slo;
    }

    /**
     * Every limit a step is judged by, for the console and events.jsonl before the first step, so no threshold is
     * hidden: the SLO's, this class's constants, the generator's lag limit and the host's saturation limits.
     */
    public String describe(double lagLimitMs) {
        return Degradation.fmt("rules: errors > SLO %.2f %%; p99 > SLO %.1f ms; achieved < %.0f %% of the target; p99-trend: rises"
                        + " > %.0f× within the step, ends above %.0f %% of the SLO, Mann-Kendall z > %.2f; generator-bound: schedule"
                        + " lag p99 > %.1f ms or CPU > %.0f %% in > %.0f %% of the seconds; host-saturated: host busy ≥ %.0f %% or CPU"
                        + " pressure ≥ %.0f %% with other processes ≥ %.0f %% of the CPUs, in > %.0f %% of the seconds",
                slo.errorRate() * 100, slo.p99Ms(), MIN_ACHIEVED_SHARE * 100, MAX_P99_GROWTH, TREND_FLOOR_SHARE_OF_SLO * 100,
                TREND_MIN_Z, lagLimitMs, GeneratorHealth.CPU_LIMIT * 100, StepJudge.MAX_GENERATOR_BOUND_SHARE * 100,
                HostHealth.BUSY_LIMIT * 100, HostHealth.PRESSURE_LIMIT * 100,
                HostHealth.OTHERS_SHARE_LIMIT * 100, HostWatch.MAX_SATURATED_SHARE * 100);
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
        // a closed step (users) has no target rate: its users send as fast as answers and think times allow, so
        // "achieved below the target" has nothing to compare with; errors, p99 and the p99 trend still judge it
        double share = m.targetRps() > 0 ? m.achievedRps() / m.targetRps() : 1;
        if (share < MIN_ACHIEVED_SHARE) {
            broken.add(new Degradation(RuleKind.THROUGHPUT, m.achievedRps(), m.targetRps() * MIN_ACHIEVED_SHARE,
                    Degradation.fmt("achieved %.1f req/s = %.1f %% of the target %.1f req/s (< %.0f %%)",
                            m.achievedRps(), share * 100, m.targetRps(), MIN_ACHIEVED_SHARE * 100)));
        }
        if (m.p99LastThirdMs() > MAX_P99_GROWTH * m.p99FirstThirdMs()
                && m.p99LastThirdMs() > TREND_FLOOR_SHARE_OF_SLO * slo.p99Ms()
                && m.p99TrendZ() > TREND_MIN_Z) {
            broken.add(new Degradation(RuleKind.P99_TREND, m.p99LastThirdMs(), MAX_P99_GROWTH * m.p99FirstThirdMs(),
                    Degradation.fmt("p99 rose from %.1f ms to %.1f ms within the step (Mann-Kendall z %.1f): rule p99-trend,"
                                    + " limit: rises > %.0f× (first to last third of the step's seconds), ends above %.0f %% of"
                                    + " the SLO (%.1f ms) and z > %.2f",
                            m.p99FirstThirdMs(), m.p99LastThirdMs(), m.p99TrendZ(), MAX_P99_GROWTH,
                            TREND_FLOOR_SHARE_OF_SLO * 100, TREND_FLOOR_SHARE_OF_SLO * slo.p99Ms(), TREND_MIN_Z)));
        }
        return broken.isEmpty()
                ? new StepVerdict(StepVerdictKind.OK, List.of(), null)
                : new StepVerdict(StepVerdictKind.DEGRADED, broken, null);
    }
}
