package dev.brink.core.verdict;

import java.util.Locale;
import java.util.Objects;

/**
 * One rule a step broke, with the numbers that broke it: what the step measured and the threshold it passed,
 * in the unit of the rule ({@link RuleKind}). Stored in summary.json and in {@code step-verdict} events as
 * {@code {"rule": "p99", "measured": 730.0, "threshold": 500.0}}; every reader decides by these fields.
 *
 * <p>{@code operation} names the operation worst on the rule in a step of several ({@code "operation": {"name":
 * "POST /orders", "measured": 820.0}}, the operation's own value in the rule's unit): the one a person fixes first.
 * Null for rules about the generator or the host, and in a step of one operation.
 */
public record TrippedRule(RuleKind rule, double measured, double threshold, Worst operation) {
    public TrippedRule {
        Objects.requireNonNull(rule, "rule");
    }

    /** A rule that names no operation. */
    public TrippedRule(RuleKind rule, double measured, double threshold) {
        this(rule, measured, threshold, null);
    }

    /** The operation worst on a rule, with its own value of what the rule measures. */
    public record Worst(String name, double measured) {
        public Worst {
            Objects.requireNonNull(name, "name");
        }
    }

    /** This rule naming {@code worst} as the operation worst on it. */
    public TrippedRule blaming(Worst worst) {
        return new TrippedRule(rule, measured, threshold, worst);
    }

    /** The rule in words from the operation's side ("POST /orders p99 820.0 ms > 500.0 ms"), or {@link #text} without one. */
    public String operationText() {
        if (operation == null) return text();
        return operation.name() + " " + switch (rule) {
            case ERROR_RATE -> String.format(Locale.ROOT, "error rate %.2f %% > %.2f %%", operation.measured() * 100, threshold * 100);
            case P99 -> String.format(Locale.ROOT, "p99 %.1f ms > %.1f ms", operation.measured(), threshold);
            case THROUGHPUT -> String.format(Locale.ROOT, "achieved %.1f %% of its target", operation.measured() * 100);
            default -> text();
        };
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
