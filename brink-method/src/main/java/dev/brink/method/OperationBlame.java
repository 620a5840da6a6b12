package dev.brink.method;

import dev.brink.core.summary.OperationResult;
import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.List;

/**
 * Which operation of a step is worst on a rule the step's totals broke: the one a person fixes first. The worst
 * operation's value is never better than the total's (a mix's p99 is at most its worst operation's p99, its error rate
 * at most the worst operation's), so the operation named always breaks the rule on its own as well.
 */
final class OperationBlame {
    private OperationBlame() {
    }

    /** The operation worst on {@code rule}, or null for a rule about no operation (the generator, the trend in time). */
    static TrippedRule.Worst worst(RuleKind rule, List<OperationResult> ops) {
        OperationResult worst = null;
        double value = 0;
        for (OperationResult op : ops) {
            double v;
            boolean answered = op.ok() + op.errorCount() > 0;
            switch (rule) {
                case ERROR_RATE -> v = answered ? op.errorRate() : Double.NaN;
                case P99 -> v = answered ? op.p99Ms() : Double.NaN;
                // the lowest share of its own schedule that an operation achieved; flow steps after the first have none
                case THROUGHPUT -> v = op.targetRps() > 0 ? -op.achievedRps() / op.targetRps() : Double.NaN;
                default -> {
                    return null;
                }
            }
            if (!Double.isNaN(v) && (worst == null || v > value)) {
                worst = op;
                value = v;
            }
        }
        if (worst == null) return null;
        return new TrippedRule.Worst(worst.name(), rule == RuleKind.THROUGHPUT ? -value : value);
    }
}
