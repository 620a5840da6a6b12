package dev.brink.report;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.SoakResult;
import java.util.Locale;

/** The verdict sentences every output shares, so HTML, Markdown and JUnit say the same words. */
final class Verdicts {
    private Verdicts() {
    }

    static String capacity(CapacityResult c) {
        if (c.maxMultiplier() == 0) {
            return "capacity below 1 × profile: the first step already degraded (" + c.limitedBy() + ")";
        }
        String line = String.format(Locale.ROOT, "capacity %d × profile = %s req/s", c.maxMultiplier(), num(c.maxRps()));
        return switch (c.limitedBy()) {
            case "none" -> line + ", not reached: the search stopped at its max without degrading";
            case "generator" -> line + ", then the load generator became the limit (not the service)";
            default -> line + ", limited by " + c.limitedBy()
                    + (c.firstBadMultiplier() > 0 ? " at " + c.firstBadMultiplier() + " × profile" : "");
        };
    }

    static String confirm(ConfirmResult c) {
        return String.format(Locale.ROOT, "confirmation at %d × profile for %s: %s", c.multiplier(), seconds(c.holdS()),
                c.verdict().equals("holds") ? "holds" : "degraded" + (c.reasons().isEmpty() ? "" : " (" + String.join("; ", c.reasons()) + ")"));
    }

    static String soak(SoakResult s) {
        String base = String.format(Locale.ROOT, "soak at %s req/s for %s: ", num(s.rps()), seconds(s.holdS()));
        return switch (s.verdict()) {
            case "leak" -> base + String.format(Locale.ROOT, "memory leak, heap after GC rising %.1f MB/h (r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            case "died" -> base + "the target died";
            case "unknown" -> base + String.format(Locale.ROOT, "no verdict, too few collections to judge (heap after GC %+.1f MB/h, r² %.2f)",
                    s.slopeMbPerHour(), s.r2());
            default -> base + String.format(Locale.ROOT, "stable (heap after GC %+.1f MB/h, r² %.2f)", s.slopeMbPerHour(), s.r2());
        };
    }

    static String num(double v) {
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
