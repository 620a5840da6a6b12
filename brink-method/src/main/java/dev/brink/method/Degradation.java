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
 */
public record Degradation(RuleKind rule, double observed, double limit, String text) {

    /** What the run directory records: the rule and its two numbers. */
    public TrippedRule tripped() {
        return new TrippedRule(rule, observed, limit);
    }

    static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
