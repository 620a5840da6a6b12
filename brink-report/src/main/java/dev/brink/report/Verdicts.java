package dev.brink.report;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.HeldLoad;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.core.verdict.Outcome;
import java.util.List;
import java.util.Locale;

/**
 * The verdict sentences and pass/fail of every output, rendered from the typed verdicts only, so the console,
 * summary.md, report.html and junit.xml say the same words as summary.json ({@code generator-bound} is
 * {@code generator-bound} everywhere, never "degraded").
 */
public final class Verdicts {
    private Verdicts() {
    }

    /**
     * The capacity in one sentence. Below the first step it says which step that was and why it did not hold (the first
     * step is the plan's start, not 1 ×); a closed model's capacity is its users and what they achieved.
     */
    public static String capacity(CapacityResult c) {
        if (c.maxMultiplier() == 0) {
            CapacityStep first = c.steps().isEmpty() ? null : c.steps().get(0);
            String at = first == null ? "the first step" : "the first step (" + first.multiplier() + " × profile)";
            CapacityStep decided = decidingStep(c);
            String why = decided == null || decided.reasons().isEmpty() ? "" : ": " + decided.reasons().get(0);
            return switch (c.limitedBy()) {
                case GENERATOR -> "capacity not measured: the load generator, not the service, was the limit from " + at + why;
                case HOST_SATURATED -> "capacity not measured: other processes saturated the machine from " + at
                        + " (host-saturated), so it measured the machine, not the service" + why;
                case INTERRUPTED -> "capacity not measured: the search was cut short before any step held (interrupted)"
                        + (first != null && first.verdict() == dev.brink.core.verdict.StepVerdictKind.TARGET_DIED
                        ? ": the target died in " + at + why : "");
                default -> "capacity below " + (first == null ? "the first step" : first.multiplier() + " × profile, the first step")
                        + ": it already degraded (" + c.limitedBy().json() + limitingOperation(c) + ")";
            };
        }
        String line = String.format(Locale.ROOT, "capacity %d × profile%s = %s req/s", c.maxMultiplier(), usersAt(c), num(c.maxRps()));
        return switch (c.limitedBy()) {
            case NONE -> line + ", not reached: the search stopped at its max without degrading";
            case GENERATOR -> line + ", then the load generator became the limit (not the service)";
            case INTERRUPTED -> line + " so far: the search was cut short before any step degraded (interrupted)";
            case HOST_SATURATED -> line + ", then other processes saturated the machine (host-saturated): the steps after it"
                    + " measured the machine, not the service";
            default -> line + ", limited by " + c.limitedBy().json() + limitingOperation(c)
                    + (c.firstBadMultiplier() > 0 ? " at " + c.firstBadMultiplier() + " × profile" : "");
        };
    }

    /**
     * The step whose verdict ended the search: the last one of the kind {@code limited_by} names (a step measured once
     * more keeps both measurements, and the last is the one the search stopped on), else the last step.
     */
    private static CapacityStep decidingStep(CapacityResult c) {
        dev.brink.core.verdict.StepVerdictKind kind = switch (c.limitedBy()) {
            case GENERATOR -> dev.brink.core.verdict.StepVerdictKind.GENERATOR_BOUND;
            case HOST_SATURATED -> dev.brink.core.verdict.StepVerdictKind.HOST_SATURATED;
            case INTERRUPTED -> dev.brink.core.verdict.StepVerdictKind.TARGET_DIED;
            case NONE -> dev.brink.core.verdict.StepVerdictKind.OK;
            default -> dev.brink.core.verdict.StepVerdictKind.DEGRADED;
        };
        CapacityStep found = null;
        for (CapacityStep st : c.steps()) if (st.verdict() == kind) found = st;
        return found != null || c.steps().isEmpty() ? found : c.steps().get(c.steps().size() - 1);
    }

    /** " (36 users, achieved)" when the capacity's step was a closed model's (its req/s is what the users achieved), else "". */
    private static String usersAt(CapacityResult c) {
        return c.steps().stream().filter(st -> st.multiplier() == c.maxMultiplier() && st.users() > 0).findFirst()
                .map(st -> " (" + st.load() + ", achieved)").orElse("");
    }

    /** ": POST /orders p99 820.0 ms > 500.0 ms" when an operation degraded first, else "". */
    public static String limitingOperation(CapacityResult c) {
        var rule = c.limitingRule();
        return rule == null ? "" : ": " + rule.operationText();
    }

    public static Outcome capacityOutcome(CapacityResult c) {
        return c.limitedBy().outcome(c.maxMultiplier());
    }

    public static String confirm(ConfirmResult c) {
        String why = switch (c.verdict()) {
            case HOLDS -> "";
            case GENERATOR_BOUND -> ": the load generator could not drive the hold, so it says nothing about the service";
            case INTERRUPTED -> ": the hold was cut short, no verdict";
            case HOST_SATURATED -> ": other processes saturated the machine during the hold, so it says nothing about the service";
            case DEGRADED -> "";
        };
        HeldLoad m = c.measured();
        String users = m != null && m.users() > 0 ? " (" + m.load() + ", " + num(Math.round(m.achievedRps() * 10) / 10.0) + " req/s achieved)" : "";
        return String.format(Locale.ROOT, "confirmation at %d × profile%s for %s: %s%s%s", c.multiplier(), users, seconds(c.holdS()),
                c.verdict().json(), why, reasons(c.reasons()));
    }

    /** The plan's load shape: its stages, what they achieved, and the verdict of the rules on it. */
    public static String stages(dev.brink.core.summary.StagesResult r) {
        String why = switch (r.verdict()) {
            case HOLDS, DEGRADED -> "";
            case GENERATOR_BOUND -> ": the load generator could not drive the stages, so they say nothing about the service";
            case INTERRUPTED -> ": the stages were cut short, no verdict";
            case HOST_SATURATED -> ": other processes saturated the machine during the stages, so they say nothing about the service";
        };
        HeldLoad m = r.measured();
        String achieved = m == null ? "" : " (" + num(Math.round(m.achievedRps() * 10) / 10.0) + " req/s achieved on average)";
        return "stages " + r.shape() + achieved + ": " + r.verdict().json() + why + reasons(r.reasons());
    }

    public static String soak(SoakResult s) {
        // a closed model's soak is its users: its rate is what they achieved, never the plan's weights
        HeldLoad m = s.measured();
        String base = m != null && m.users() > 0
                ? String.format(Locale.ROOT, "soak with %s (%s req/s achieved) for %s: ", m.load(), num(Math.round(m.achievedRps() * 10) / 10.0), seconds(s.holdS()))
                : String.format(Locale.ROOT, "soak at %s req/s for %s: ", num(s.rps()), seconds(s.holdS()));
        return switch (s.verdict()) {
            case LEAK -> base + String.format(Locale.ROOT, "memory leak, heap after GC rising %.1f MB/h (r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            case DIED -> base + "the target died";
            case UNKNOWN -> base + String.format(Locale.ROOT, "no verdict, too few collections to judge (heap after GC %+.1f MB/h, r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            case STABLE -> base + String.format(Locale.ROOT, "stable (heap after GC %+.1f MB/h, r² %.2f)", s.slopeMbPerHour(), s.r2());
            case HOST_SATURATED -> base + String.format(Locale.ROOT, "no verdict, other processes saturated the host (heap after GC "
                    + "%+.1f MB/h, r² %.2f)", s.slopeMbPerHour(), s.r2());
        };
    }

    /** Whether other processes saturated the machine during the run: a host-saturated step, hold or finding. */
    public static boolean hostSaturated(RunSummary s) {
        return s.findings().stream().anyMatch(f -> f.kind() == dev.brink.core.FindingKind.HOST_SATURATED)
                || s.capacity() != null && s.capacity().steps().stream().anyMatch(st -> st.verdict() == dev.brink.core.verdict.StepVerdictKind.HOST_SATURATED)
                || s.confirm() != null && s.confirm().verdict() == dev.brink.core.verdict.ConfirmVerdict.HOST_SATURATED;
    }

    /** Where a cut-short run was: " (last step started: capacity-x3)", or "" when not known. */
    public static String lastStep(RunSummary s) {
        return s.interruptedIn() == null ? "" : " (last step started: " + s.interruptedIn() + ")";
    }

    /** A capacity step's verdict word and, when it broke rules or was not judged, why. */
    static String step(CapacityStep st) {
        return st.verdict().json() + (st.reasons().isEmpty() ? "" : ": " + String.join("; ", st.reasons()));
    }

    /** The CSS class of a verdict line: ok, bad or unknown. */
    static String cssClass(Outcome o) {
        return switch (o) {
            case PASSED -> "ok";
            case FAILED -> "bad";
            case NOT_JUDGED -> "unknown";
        };
    }

    private static String reasons(List<String> reasons) {
        return reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")";
    }

    public static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String seconds(double s) {
        long t = Math.round(s);
        if (t >= 3600) {
            return (t / 3600) + "h" + (t % 3600 / 60 > 0 ? (t % 3600 / 60) + "m" : "");
        }
        if (t >= 60) {
            return (t / 60) + "m" + (t % 60 > 0 ? (t % 60) + "s" : "");
        }
        return t + "s";
    }
}
