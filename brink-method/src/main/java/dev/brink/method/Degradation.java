package dev.brink.method;

import dev.brink.core.verdict.RuleKind;
import dev.brink.core.verdict.TrippedRule;
import java.util.Locale;

/**
 * One rule that a step broke, with the numbers that broke it.
 *
 * @param rule     which rule (its {@code limited_by} word is {@link RuleKind#limitedBy()})
 * @param observed what the step measured
 * @param limit    the limit it passed
 * @param text     the sentence a person reads ("error rate 4.10 % > SLO 1.00 % (1280 of 31200 requests failed)"):
 *                 never read back by Brink, free to reword
 * @param worst    the operation worst on this rule in a step of several, with its own value; null otherwise
 */
public record Degradation(RuleKind rule, double observed, double limit, String text, TrippedRule.Worst worst) {

    /** A rule broken by a step's totals, naming no operation. */
    public Degradation(RuleKind rule, double observed, double limit, String text) {
        this(rule, observed, limit, text, null);
    }

    /** What the run directory records: the rule, its two numbers and the operation worst on it. */
    public TrippedRule tripped() {
        return new TrippedRule(rule, observed, limit, worst);
    }

    /** This degradation naming {@code w} as the operation worst on it (its sentence says so too). */
    Degradation blaming(TrippedRule.Worst w) {
        if (w == null) return this;
        return new Degradation(rule, observed, limit, text + "; worst: " + new TrippedRule(rule, observed, limit, w).operationText(), w);
    }

    static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
