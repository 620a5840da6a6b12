package dev.brink.method;

import dev.brink.core.event.CapacityRepeatsEvent;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.verdict.StepVerdictKind;
import dev.brink.load.plan.Plan.Slo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What K capacity searches of the same plan say together: the capacities found, their median (the run's
 * capacity), their spread in search steps and how many agree with the median; and, for any one search, the
 * confidence of its verdict: how much of the SLO the last good step used. A last good step at 95 % of the p99
 * SLO is a capacity the next quiet minute may not repeat; one at 30 % whose next step broke on errors is firm.
 */
record CapacityRepeats(List<Integer> multipliers, CapacityResult median, int spreadSteps, int agreeing) {

    /** @param step the search's step between multipliers, to express the spread in steps */
    static CapacityRepeats of(List<CapacityResult> searches, int step) {
        if (searches.isEmpty()) {
            throw new IllegalArgumentException("no capacity search to summarise");
        }
        List<Integer> ms = searches.stream().map(CapacityResult::maxMultiplier).toList();
        List<CapacityResult> sorted = new ArrayList<>(searches);
        sorted.sort((a, b) -> Integer.compare(a.maxMultiplier(), b.maxMultiplier()));
        CapacityResult median = sorted.get((sorted.size() - 1) / 2); // the lower median: a capacity that was reached
        int min = sorted.get(0).maxMultiplier();
        int max = sorted.get(sorted.size() - 1).maxMultiplier();
        int agree = (int) ms.stream().filter(m -> Math.abs(m - median.maxMultiplier()) <= step).count();
        return new CapacityRepeats(ms, median, (max - min + step - 1) / Math.max(1, step), agree);
    }

    /** "capacity over 3 searches: 3, 3, 4 × profile; median 3 × profile, spread 1 step, 3 of 3 within ±1 step of it" */
    String sentence() {
        return String.format(Locale.ROOT, "capacity over %d searches: %s × profile; median %d × profile, spread %d step%s,"
                        + " %d of %d within ±1 step of it", multipliers.size(),
                String.join(", ", multipliers.stream().map(String::valueOf).toList()), median.maxMultiplier(), spreadSteps,
                spreadSteps == 1 ? "" : "s", agreeing, multipliers.size());
    }

    /** The capacity-repeats event of these searches. */
    CapacityRepeatsEvent event() {
        return new CapacityRepeatsEvent(multipliers, median.maxMultiplier(), spreadSteps, agreeing);
    }

    /**
     * How close the last good step of a search came to the SLO: the larger of its p99 over the SLO's p99 and its
     * error rate over the SLO's; null when no step held.
     */
    static String confidence(CapacityResult c, Slo slo) {
        CapacityStep good = null;
        for (CapacityStep s : c.steps()) {
            if (s.multiplier() == c.maxMultiplier() && s.verdict() == StepVerdictKind.OK) {
                good = s;
            }
        }
        if (good == null) {
            return null;
        }
        double p99Share = good.p99Ms() / slo.p99Ms();
        double errShare = slo.errorRate() > 0 ? good.errorRate() / slo.errorRate() : 0;
        String firmness = Math.max(p99Share, errShare) >= NEAR_SLO_SHARE ? "close to the SLO: a repeat may find one step less"
                : "with room below the SLO";
        return String.format(Locale.ROOT, "confidence: the last good step (%d × profile) used %.0f %% of the p99 SLO and %.0f %% of"
                + " the error budget, %s (limit %.0f %%)", good.multiplier(), p99Share * 100, errShare * 100, firmness, NEAR_SLO_SHARE * 100);
    }

    /** A last good step using this share of the SLO or more is too close to call firm. */
    static final double NEAR_SLO_SHARE = 0.8;
}
