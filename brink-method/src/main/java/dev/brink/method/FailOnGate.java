package dev.brink.method;

import dev.brink.core.Finding;
import dev.brink.core.Severity;
import dev.brink.core.summary.RunSummary;
import dev.brink.core.verdict.Outcome;
import dev.brink.load.plan.Plan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The plan's CI gate: which of its {@code fail_on} conditions the run's verdicts meet (the CLI exits 3 on any). */
public final class FailOnGate {
    private FailOnGate() {
    }

    /** One line per condition met, with the numbers; empty when the run passes the gate. */
    public static List<String> failures(Plan.FailOn gate, RunSummary s) {
        List<String> out = new ArrayList<>();
        if (gate.capacityBelow() != null && s.capacity() != null && s.capacity().maxMultiplier() < gate.capacityBelow()) {
            out.add(String.format(Locale.ROOT, "fail_on.capacity_below: capacity %d × profile < %s", s.capacity().maxMultiplier(),
                    num(gate.capacityBelow())));
        }
        if (gate.confirmDegraded() && s.confirm() != null && s.confirm().verdict().outcome() == Outcome.FAILED) {
            out.add("fail_on.confirm: the confirmation at " + s.confirm().multiplier() + " × profile " + s.confirm().verdict().json()
                    + (s.confirm().reasons().isEmpty() ? "" : " (" + String.join("; ", s.confirm().reasons()) + ")"));
        }
        if (gate.soakLeak() && s.soak() != null && s.soak().verdict().outcome() == Outcome.FAILED) {
            out.add("fail_on.soak: the soak's verdict is " + s.soak().verdict().json() + ": " + s.soak().reason());
        }
        if (gate.findings() != null) {
            Severity worst = Severity.valueOf(gate.findings().toUpperCase(Locale.ROOT));
            for (Finding f : s.findings()) {
                if (f.severity().ordinal() <= worst.ordinal()) {
                    out.add("fail_on.findings: " + f.severity().name().toLowerCase(Locale.ROOT) + " " + f.kind().jsonName() + ": " + f.title());
                }
            }
        }
        return out;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
