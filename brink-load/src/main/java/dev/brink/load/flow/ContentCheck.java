package dev.brink.load.flow;

import dev.brink.load.plan.Plan;
import java.util.regex.Pattern;

/**
 * One compiled {@code check:} on a response's content (body substring or regex, header, JSON path value):
 * the value is found as an {@link Extractor} finds it and, when the check says so, must match a pattern.
 * Immutable, thread-safe.
 */
public final class ContentCheck {
    private final Extractor value;
    private final Pattern matches;

    public ContentCheck(Plan.Check.Content spec) {
        this.value = new Extractor(new Plan.Extract("check", spec.from(), spec.expression()));
        this.matches = spec.matches() == null ? null : Pattern.compile(spec.matches());
    }

    public boolean passes(CapturedResponse r) {
        String v = value.apply(r);
        return v != null && (matches == null || matches.matcher(v).matches());
    }
}
