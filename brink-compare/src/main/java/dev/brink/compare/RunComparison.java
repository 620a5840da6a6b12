package dev.brink.compare;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.brink.core.Finding;
import dev.brink.core.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Everything {@code brink compare} concluded about NEW against BASE.
 *
 * @param base        BASE's run directory as the user named it
 * @param news        NEW's
 * @param metrics     per step present in both, per operation present in both, per metric both measured
 * @param phases      the capacity, the confirmation and the soak, where both runs have them
 * @param findings    new, resolved and unchanged findings
 * @param notCompared what was left out and why (a step in one run only, steps at different loads, …)
 */
public record RunComparison(String base, @JsonProperty("new") String news, CompareSettings settings,
                            List<MetricComparison> metrics, List<PhaseChange> phases, FindingChanges findings,
                            @JsonProperty("not_compared") List<String> notCompared) {
    public RunComparison {
        metrics = List.copyOf(metrics);
        phases = List.copyOf(phases);
        notCompared = List.copyOf(notCompared);
    }

    /** The metrics the gate fails on for {@code --fail-on regression}. */
    public List<MetricComparison> regressions() {
        return metrics.stream().filter(MetricComparison::regression).toList();
    }

    /**
     * One line per condition of {@code settings.failOn()} that NEW meets, with its numbers; empty when the gate passes.
     */
    public List<String> gateFailures() {
        List<String> out = new ArrayList<>();
        if (settings.failOn().contains(GateCondition.REGRESSION)) {
            for (MetricComparison m : regressions()) {
                out.add(String.format(Locale.ROOT, "regression: %s %s %s %s by %+.1f %%%s", m.step(), m.operationLabel(),
                        m.metric().json(), m.verdictText(), m.changePercent(),
                        m.verdict() == Verdict.INCONCLUSIVE ? " (too few seconds to rule it out)" : ""));
            }
            for (PhaseChange p : phases) {
                if (p.phase() != PhaseChange.Phase.CAPACITY && p.regression()) {
                    out.add("regression: " + p.phase().word() + " " + p.base() + " → " + p.news());
                }
            }
        }
        if (settings.failOn().contains(GateCondition.CAPACITY)) {
            for (PhaseChange p : phases) {
                if (p.phase() == PhaseChange.Phase.CAPACITY && p.regression()) {
                    out.add("capacity: " + p.base() + " → " + p.news() + " (" + p.note() + ")");
                }
            }
        }
        if (settings.failOn().contains(GateCondition.FINDINGS)) {
            for (Finding f : findings.failing()) {
                out.add("findings: new " + f.severity().jsonName() + " " + f.kind().jsonName() + ": " + f.title());
            }
        }
        return out;
    }
}
