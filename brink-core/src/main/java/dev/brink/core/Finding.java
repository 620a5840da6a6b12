package dev.brink.core;

import java.util.Collections;
import java.util.LinkedHashMap;
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
        detail = detail == null ? Map.of() : ordered(detail);
    }

    /**
     * The detail in the writer's order (a record's components, a LinkedHashMap's insertion): Map.copyOf iterates in an
     * order salted per JVM, so summary.json's keys moved between two runs of the same analysis (GoldenOutputsTest).
     */
    private static Map<String, Object> ordered(Map<String, Object> detail) {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : detail.entrySet()) {
            copy.put(Objects.requireNonNull(e.getKey(), "detail key"), Objects.requireNonNull(e.getValue(), e.getKey()));
        }
        return Collections.unmodifiableMap(copy);
    }
}
