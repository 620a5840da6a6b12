package dev.brink.report;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.ConfirmResult;
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

    public static String capacity(CapacityResult c) {
        if (c.maxMultiplier() == 0) {
            return switch (c.limitedBy()) {
                case GENERATOR -> "capacity not measured: the load generator was the limit from the first step (generator), not the service";
                case INTERRUPTED -> "capacity not measured: the search was cut short before any step held (interrupted)";
                default -> "capacity below 1 × profile: the first step already degraded (" + c.limitedBy().json() + ")";
            };
        }
        String line = String.format(Locale.ROOT, "capacity %d × profile = %s req/s", c.maxMultiplier(), num(c.maxRps()));
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
        return String.format(Locale.ROOT, "confirmation at %d × profile for %s: %s%s%s", c.multiplier(), seconds(c.holdS()),
                c.verdict().json(), why, reasons(c.reasons()));
    }

    public static String soak(SoakResult s) {
        String base = String.format(Locale.ROOT, "soak at %s req/s for %s: ", num(s.rps()), seconds(s.holdS()));
        return switch (s.verdict()) {
            case LEAK -> base + String.format(Locale.ROOT, "memory leak, heap after GC rising %.1f MB/h (r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            case DIED -> base + "the target died";
            case UNKNOWN -> base + String.format(Locale.ROOT, "no verdict, too few collections to judge (heap after GC %+.1f MB/h, r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            case STABLE -> base + String.format(Locale.ROOT, "stable (heap after GC %+.1f MB/h, r² %.2f)", s.slopeMbPerHour(), s.r2());
        };
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
