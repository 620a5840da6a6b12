package dev.brink.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A run's findings, one per kind and subject. The same problem found again (each search of {@code brink run
 * --repeat K} finds the same generator limit, the same busy host, the same contended lock) is one finding: the
 * first one's title and detail, the worse severity, and the evidence of every time it was found. The live run and
 * a summary rebuilt from events.jsonl merge the same way.
 */
public final class FindingSet {
    private final Map<String, Finding> byKindAndSubject = new LinkedHashMap<>();

    /** Adds the finding or merges it into the one of the same kind and subject; returns what the set now holds. */
    public Finding add(Finding f) {
        return byKindAndSubject.merge(key(f), f, FindingSet::merge);
    }

    /** What makes two findings one problem: the same kind and subject. */
    public static String key(Finding f) {
        return f.kind().jsonName() + "\u0000" + f.subject();
    }

    public List<Finding> all() {
        return new ArrayList<>(byKindAndSubject.values());
    }

    private static Finding merge(Finding first, Finding again) {
        LinkedHashSet<String> evidence = new LinkedHashSet<>(first.evidence());
        evidence.addAll(again.evidence());
        // Severity is ordered most severe first (summaries sort by it)
        Severity worse = first.severity().compareTo(again.severity()) <= 0 ? first.severity() : again.severity();
        return new Finding(first.kind(), worse, first.title(), first.subject(), List.copyOf(evidence), first.detail());
    }
}
