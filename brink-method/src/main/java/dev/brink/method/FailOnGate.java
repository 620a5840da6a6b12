package dev.brink.method;

import dev.brink.core.Finding;
import dev.brink.core.Severity;
import dev.brink.core.gate.Gate;
import dev.brink.core.gate.GateFigures;
import dev.brink.core.summary.CapacityResult;
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
        CapacityResult c = s.capacity();
        if (gate.capacityBelow() != null && c != null && c.limitedBy().serviceLimit() && c.maxMultiplier() < gate.capacityBelow()) {
            out.add(String.format(Locale.ROOT, "fail_on.capacity_below: capacity %d × profile < %s", c.maxMultiplier(),
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
        out.addAll(thresholds(gate.thresholds(), s));
        return out;
    }

    /**
     * One line per condition the run could not judge: the measurement it reads ended on something other than the
     * service. A capacity search that stopped on the load generator, on a saturated host, on an interruption or at its
     * own max has shown that the service carries at least the multiplier that held, never that it carries less: a
     * {@code capacity_below} above that multiplier is then neither met nor passed. (A capacity of 0 from a host that
     * other builds saturated is not a service below its gate.) The same holds for a confirmation or a soak whose
     * verdict is not judged ({@link Outcome#NOT_JUDGED}). Callers fail closed on these — a gate nobody checked has not
     * passed — except JUnit, which has a word for it: aborted.
     */
    public static List<String> notJudged(Plan.FailOn gate, RunSummary s) {
        List<String> out = new ArrayList<>();
        CapacityResult c = s.capacity();
        if (gate.capacityBelow() != null && c != null && !c.limitedBy().serviceLimit() && c.maxMultiplier() < gate.capacityBelow()) {
            out.add(String.format(Locale.ROOT, "fail_on.capacity_below: not judged: the search ended on %s with %d × profile held, "
                    + "so the service's capacity is at least that, not known to be below %s", c.limitedBy().json(),
                    c.maxMultiplier(), num(gate.capacityBelow())));
        }
        if (gate.confirmDegraded() && s.confirm() != null && s.confirm().verdict().outcome() == Outcome.NOT_JUDGED) {
            out.add("fail_on.confirm: not judged: the confirmation at " + s.confirm().multiplier() + " × profile was "
                    + s.confirm().verdict().json());
        }
        if (gate.soakLeak() && s.soak() != null && s.soak().verdict().outcome() == Outcome.NOT_JUDGED) {
            out.add("fail_on.soak: not judged: the soak's verdict is " + s.soak().verdict().json() + ": " + s.soak().reason());
        }
        return out;
    }

    /**
     * A plan's threshold expressions, judged on each held load of the run (the confirmation hold, the soak's load): the
     * capacity search pushes the service past its limits on purpose, so its steps are not what a threshold means.
     * Thresholds that read only findings are judged once, on the run's findings.
     */
    static List<String> thresholds(Gate gate, RunSummary s) {
        if (gate.isEmpty()) return List.of();
        List<String> out = new ArrayList<>();
        List<GateFigures> loads = new ArrayList<>();
        if (s.confirm() != null && s.confirm().measured() != null) {
            loads.add(s.confirm().measured().figures("the confirmation hold at " + s.confirm().multiplier() + " × profile", s.findings()));
        }
        if (s.stages() != null && s.stages().measured() != null) {
            loads.add(s.stages().measured().figures("the stages", s.findings()));
        }
        if (s.soak() != null && s.soak().measured() != null) {
            loads.add(s.soak().measured().figures("the soak at " + num(s.soak().multiplier()) + " × profile", s.findings()));
        }
        Gate load = new Gate(gate.text(), gate.thresholds().stream().filter(t -> !t.metric().findings()).toList());
        Gate findings = new Gate(gate.text(), gate.thresholds().stream().filter(t -> t.metric().findings()).toList());
        if (!load.isEmpty() && loads.isEmpty()) {
            // checked before any load (MethodRunner); a run cut short before its hold still must not pass in silence
            load.thresholds().forEach(t -> out.add("fail_on '" + t.text() + "': no confirmation hold or soak was measured"));
        }
        for (GateFigures f : loads) {
            load.failures(f).forEach(x -> out.add("fail_on " + x));
        }
        findings.failures(new GateFigures("", null, 0, null, 0, 0, s.findings())).forEach(x -> out.add("fail_on " + x));
        return out;
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
