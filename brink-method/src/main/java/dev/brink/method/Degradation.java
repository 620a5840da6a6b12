package dev.brink.method;

import java.util.Locale;

/**
 * One degradation rule that a step broke, with the numbers that broke it.
 *
 * @param rule     which rule: the {@code limited_by} word of summary.json it maps to
 * @param observed what the step measured
 * @param limit    the limit it passed
 * @param text     the sentence a person reads ("error rate 4.10 % > SLO 1.00 %")
 */
public record Degradation(Rule rule, double observed, double limit, String text) {

    /** The rules in the order they are reported: the first one a step breaks is what limited it. */
    public enum Rule {
        ERRORS("errors"), LATENCY("latency"), THROUGHPUT("throughput"), LATENCY_TREND("latency");

        private final String limitedBy;

        Rule(String limitedBy) {
            this.limitedBy = limitedBy;
        }

        /** The summary.json {@code limited_by} word. */
        public String limitedBy() {
            return limitedBy;
        }
    }

    static String fmt(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
