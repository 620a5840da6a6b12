package dev.brink.report;

import dev.brink.core.summary.CapacityResult;
import dev.brink.core.summary.CapacityStep;
import dev.brink.core.summary.OperationResult;
import dev.brink.core.verdict.StepVerdictKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Each operation's numbers at the capacity steps that decide the verdict: the highest good step (what each operation
 * did at the capacity) and the first bad one (which operation broke). A search of ten steps and five operations would
 * otherwise be fifty rows, most of them at a load nobody asked about. Only for mixes: a single operation's numbers are
 * the step's.
 */
final class OperationTable {
    static final List<String> HEADER = List.of("N", "operation", "target req/s", "achieved req/s", "errors", "p50 ms", "p90 ms",
            "p99 ms", "max ms");

    private OperationTable() {
    }

    /** The table's rows (cells as text), empty when no deciding step has two operations or more. */
    static List<List<String>> rows(CapacityResult c) {
        List<List<String>> rows = new ArrayList<>();
        if (c == null) return rows;
        for (Map.Entry<CapacityStep, String> e : decidingSteps(c).entrySet()) {
            CapacityStep st = e.getKey();
            if (st.operations().size() < 2) continue;
            String n = st.multiplier() + " (" + e.getValue() + ")";
            for (OperationResult op : st.operations()) {
                boolean blamed = op.name().equals(c.limitedByOperation()) && st.verdict() == StepVerdictKind.DEGRADED;
                // a closed step has no target rate: its load is its users (never "0.0")
                rows.add(List.of(n, op.name() + (blamed ? " (degraded first)" : ""), st.users() > 0 ? st.load() : num(op.targetRps()), num(op.achievedRps()),
                        errors(op), num(op.p50Ms()), num(op.p90Ms()), num(op.p99Ms()), num(op.maxMs())));
            }
        }
        return rows;
    }

    /**
     * The last good step at the capacity and the last run of the first bad multiplier, in that order, by their role; when
     * neither exists (a search the generator or a busy machine ended), the last step run.
     */
    private static Map<CapacityStep, String> decidingSteps(CapacityResult c) {
        CapacityStep good = null;
        CapacityStep bad = null;
        for (CapacityStep st : c.steps()) {
            if (st.verdict() == StepVerdictKind.OK && st.multiplier() == c.maxMultiplier()) good = st;
            if (st.verdict() == StepVerdictKind.DEGRADED && st.multiplier() == c.firstBadMultiplier()) bad = st;
        }
        Map<CapacityStep, String> out = new LinkedHashMap<>();
        if (good != null) out.put(good, "max good");
        if (bad != null) out.put(bad, "first bad");
        if (out.isEmpty() && !c.steps().isEmpty()) {
            CapacityStep last = c.steps().get(c.steps().size() - 1);
            out.put(last, "last, " + last.verdict().json());
        }
        return out;
    }

    private static String errors(OperationResult op) {
        if (op.errors().isEmpty()) return "0";
        return String.format(Locale.ROOT, "%.2f %% (%s)", op.errorRate() * 100, op.errors().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
