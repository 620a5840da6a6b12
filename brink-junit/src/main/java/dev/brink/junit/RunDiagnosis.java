package dev.brink.junit;

import dev.brink.core.Finding;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A run's verdicts and findings as the few lines a failed build shows: what broke, and why Brink thinks it did. */
public final class RunDiagnosis {
    private RunDiagnosis() {
    }

    public static List<String> lines(RunSummary s) {
        List<String> out = new ArrayList<>();
        if (s.interrupted()) {
            out.add("the run was cut short" + (s.interruptedIn() != null ? " in " + s.interruptedIn() : ""));
        }
        CapacityResult c = s.capacity();
        if (c != null) {
            out.add(String.format(Locale.ROOT, "capacity: %d × profile = %.1f req/s, limited by %s%s", c.maxMultiplier(), c.maxRps(),
                    c.limitedBy().json(), c.firstBadMultiplier() > 0 ? " (first bad: " + c.firstBadMultiplier() + " × profile"
                            + firstBadReasons(c) + ")" : ""));
        }
        ConfirmResult f = s.confirm();
        if (f != null) {
            out.add(String.format(Locale.ROOT, "confirm: %d × profile = %.1f req/s held %.0f s: %s%s", f.multiplier(), f.rps(), f.holdS(),
                    f.verdict().json(), f.reasons().isEmpty() ? "" : " (" + String.join("; ", f.reasons()) + ")"));
        }
        SoakResult k = s.soak();
        if (k != null) {
            out.add(String.format(Locale.ROOT, "soak: %.1f req/s for %.0f s: %s%s", k.rps(), k.holdS(), k.verdict().json(),
                    k.reason() == null ? "" : " (" + k.reason() + ")"));
        }
        for (Finding x : s.findings()) {
            out.add("finding: " + x.severity().jsonName() + " " + x.kind().jsonName() + ": " + x.title()
                    + (x.subject() == null || x.title().contains(x.subject()) ? "" : " [" + x.subject() + "]"));
        }
        return out;
    }

    private static String firstBadReasons(CapacityResult c) {
        return c.steps().stream().filter(st -> st.multiplier() == c.firstBadMultiplier() && !st.reasons().isEmpty())
                .findFirst().map(st -> ": " + String.join("; ", st.reasons())).orElse("");
    }
}
