package dev.brink.junit;

import dev.brink.core.Finding;
import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.ConfirmResult;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.summary.SoakResult;
import dev.brink.report.Verdicts;
import java.util.ArrayList;
import java.util.List;

/** A run's verdicts and findings as the few lines a failed build shows: what broke, and why Brink thinks it did. */
public final class RunDiagnosis {
    private RunDiagnosis() {
    }

    public static List<String> lines(RunSummary s) {
        List<String> out = new ArrayList<>();
        if (s.interrupted()) {
            out.add("the run was cut short" + (s.interruptedIn() != null ? " in " + s.interruptedIn() : ""));
        }
        // the sentences every other output shows (Verdicts), rendered from the typed verdicts
        CapacityResult c = s.capacity();
        if (c != null) {
            out.add(Verdicts.capacity(c) + firstBadReasons(c));
        }
        ConfirmResult f = s.confirm();
        if (f != null) {
            out.add(Verdicts.confirm(f));
        }
        if (s.stages() != null) {
            out.add(Verdicts.stages(s.stages()));
        }
        SoakResult k = s.soak();
        if (k != null) {
            out.add(Verdicts.soak(k) + (k.reason() == null ? "" : " (" + k.reason() + ")"));
        }
        for (Finding x : s.findings()) {
            out.add("finding: " + x.severity().jsonName() + " " + x.kind().jsonName() + ": " + x.title()
                    + (x.subject() == null || x.title().contains(x.subject()) ? "" : " [" + x.subject() + "]"));
        }
        return out;
    }

    /** The first bad step's broken rules in words, after the capacity's sentence (which names the first only). */
    private static String firstBadReasons(CapacityResult c) {
        return c.steps().stream().filter(st -> st.multiplier() == c.firstBadMultiplier() && !st.reasons().isEmpty())
                .findFirst().map(st -> " (" + String.join("; ", st.reasons()) + ")").orElse("");
    }
}
