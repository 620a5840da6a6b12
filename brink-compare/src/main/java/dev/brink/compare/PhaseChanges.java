package dev.brink.compare;

import dev.brink.core.stats.Significance;
import dev.brink.core.stats.Verdict;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The phases' verdicts compared (rules in {@link RunComparer}'s javadoc); decided by the typed verdicts, never by text. */
final class PhaseChanges {
    private PhaseChanges() {
    }

    static List<PhaseChange> of(RunSummary base, RunSummary news, CompareSettings s) {
        List<PhaseChange> out = new ArrayList<>();
        if (base == null || news == null) {
            return out;
        }
        if (base.capacity() != null && news.capacity() != null) {
            out.add(capacity(base.capacity(), news.capacity(), s));
        }
        if (base.confirm() != null && news.confirm() != null) {
            ConfirmResult b = base.confirm();
            ConfirmResult n = news.confirm();
            out.add(outcomes(PhaseChange.Phase.CONFIRM, b.multiplier() + " × profile " + b.verdict().json(),
                    n.multiplier() + " × profile " + n.verdict().json(), b.verdict().outcome(), n.verdict().outcome(),
                    b.multiplier() == n.multiplier() ? "" : "held at different multipliers"));
        }
        if (base.soak() != null && news.soak() != null) {
            SoakResult b = base.soak();
            SoakResult n = news.soak();
            out.add(outcomes(PhaseChange.Phase.SOAK, soak(b), soak(n), b.verdict().outcome(), n.verdict().outcome(), ""));
        }
        return out;
    }

    /**
     * One search a side has no spread to test, but it has a fact to compare: a step that one run held and the other
     * broke at the same load. The search's grid (its step) is its resolution, so "lower" needs NEW to have degraded at
     * a multiplier BASE held, "higher" the converse; anything else is no change or, when a search did not end on the
     * service's own limit, inconclusive.
     */
    static PhaseChange capacity(CapacityResult b, CapacityResult n, CompareSettings s) {
        String bt = capacity(b);
        String nt = capacity(n);
        double ratio = b.maxMultiplier() == 0 ? (n.maxMultiplier() == 0 ? 1 : Double.POSITIVE_INFINITY)
                : (double) n.maxMultiplier() / b.maxMultiplier();
        Verdict v;
        String note;
        if (b.maxMultiplier() == n.maxMultiplier()) {
            v = Verdict.NO_CHANGE;
            note = "the same capacity";
        } else if (n.maxMultiplier() < b.maxMultiplier() && n.firstBadMultiplier() > 0 && n.firstBadMultiplier() <= b.maxMultiplier()) {
            v = Verdict.WORSE;
            note = "NEW degraded at " + n.firstBadMultiplier() + " × profile, which BASE held";
        } else if (n.maxMultiplier() > b.maxMultiplier() && b.firstBadMultiplier() > 0 && b.firstBadMultiplier() <= n.maxMultiplier()) {
            v = Verdict.BETTER;
            note = "NEW held " + b.firstBadMultiplier() + " × profile, at which BASE degraded";
        } else {
            v = Verdict.INCONCLUSIVE;
            note = !b.limitedBy().serviceLimit() || !n.limitedBy().serviceLimit()
                    ? "a search ended on " + (!b.limitedBy().serviceLimit() ? b : n).limitedBy().json() + ", not on the service's limit"
                    : "neither run measured the other's limit";
        }
        boolean regression = Significance.gateFails(v, ratio, true, s.threshold(), s.allowInconclusive());
        return new PhaseChange(PhaseChange.Phase.CAPACITY, bt, nt, v, regression, note + "; one search a side (brink run "
                + "--repeat K measures its spread)");
    }

    private static PhaseChange outcomes(PhaseChange.Phase phase, String bt, String nt, Outcome b, Outcome n, String note) {
        Verdict v;
        if (b == n) {
            v = Verdict.NO_CHANGE;
        } else if (b == Outcome.NOT_JUDGED || n == Outcome.NOT_JUDGED) {
            v = Verdict.INCONCLUSIVE;
        } else {
            v = n == Outcome.FAILED ? Verdict.WORSE : Verdict.BETTER;
        }
        return new PhaseChange(phase, bt, nt, v, v == Verdict.WORSE, note);
    }

    private static String capacity(CapacityResult c) {
        return String.format(Locale.ROOT, "%d × profile = %.1f req/s, limited by %s", c.maxMultiplier(), c.maxRps(), c.limitedBy().json());
    }

    private static String soak(SoakResult k) {
        return String.format(Locale.ROOT, "%s (heap after GC %+.1f MB/h)", k.verdict().json(), k.slopeMbPerHour());
    }
}
