package dev.brink.core.verdict;

import java.util.Locale;
import java.util.Objects;

/**
 * One rule a step broke, with the numbers that broke it: what the step measured and the threshold it passed,
 * in the unit of the rule ({@link RuleKind}). Stored in summary.json and in {@code step-verdict} events as
 * {@code {"rule": "p99", "measured": 730.0, "threshold": 500.0}}; every reader decides by these fields.
 */
public record TrippedRule(RuleKind rule, double measured, double threshold) {
    public TrippedRule {
        Objects.requireNonNull(rule, "rule");
    }

    /** The rule in words with its numbers, rendered from the fields alone. */
    public String text() {
        return switch (rule) {
            case ERROR_RATE -> String.format(Locale.ROOT, "error rate %.2f %% > SLO %.2f %%", measured * 100, threshold * 100);
            case P99 -> String.format(Locale.ROOT, "p99 %.1f ms > SLO %.1f ms", measured, threshold);
            case THROUGHPUT -> String.format(Locale.ROOT, "achieved %.1f req/s < %.1f req/s", measured, threshold);
            case P99_TREND -> String.format(Locale.ROOT, "p99 rose within the step: last third %.1f ms > %.1f ms", measured, threshold);
            case GENERATOR_BEHIND -> String.format(Locale.ROOT, "generator behind its schedule in %.0f %% of the seconds (> %.0f %%)",
                    measured * 100, threshold * 100);
            case CONNECTIONS_STARVED -> String.format(Locale.ROOT, "all connections busy in %.0f %% of the seconds (> %.0f %%)",
                    measured * 100, threshold * 100);
            case REQUESTS_DROPPED -> String.format(Locale.ROOT, "%.0f requests dropped by the generator", measured);
            case GENERATOR_LEAKING -> String.format(Locale.ROOT, "the load generator is leaking in %.0f %% of the seconds", measured * 100);
        };
    }
}
