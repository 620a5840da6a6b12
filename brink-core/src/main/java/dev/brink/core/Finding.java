package dev.brink.core;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One diagnosis a person reads first: what is wrong ({@code title}), what is at fault ({@code subject}:
 * a class, lock, method or thread group), the files that show it, and analyser-specific numbers in
 * {@code detail}. Serialises to the DESIGN.md summary.json "findings" schema.
 */
public record Finding(FindingKind kind, Severity severity, String title, String subject,
                      List<String> evidence, Map<String, Object> detail) {
    public Finding {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(severity, "severity");
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a finding needs a title");
        }
        subject = subject == null ? "" : subject;
        evidence = evidence == null ? List.of() : List.copyOf(evidence);
        detail = detail == null ? Map.of() : Map.copyOf(detail);
    }
}
