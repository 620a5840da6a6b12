package dev.brink.compare;

import dev.brink.core.Finding;
import dev.brink.core.FindingSet;
import dev.brink.core.Severity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The findings of NEW against BASE, one problem being one kind and subject (as {@code FindingSet} keys them): new in
 * NEW, resolved (in BASE only), unchanged (in both).
 */
public record FindingChanges(List<Finding> added, List<Finding> resolved, List<Finding> unchanged) {
    public FindingChanges {
        added = List.copyOf(added);
        resolved = List.copyOf(resolved);
        unchanged = List.copyOf(unchanged);
    }

    static FindingChanges of(List<Finding> base, List<Finding> news) {
        Map<String, Finding> before = byKey(base);
        Map<String, Finding> after = byKey(news);
        List<Finding> added = new ArrayList<>();
        List<Finding> unchanged = new ArrayList<>();
        after.forEach((k, f) -> (before.containsKey(k) ? unchanged : added).add(f));
        List<Finding> resolved = before.entrySet().stream().filter(e -> !after.containsKey(e.getKey())).map(Map.Entry::getValue).toList();
        return new FindingChanges(added, resolved, unchanged);
    }

    /** New findings the gate fails on: critical or warning (an info finding is a remark, not a problem). */
    public List<Finding> failing() {
        return added.stream().filter(f -> f.severity() != Severity.INFO).toList();
    }

    private static Map<String, Finding> byKey(List<Finding> findings) {
        Map<String, Finding> out = new LinkedHashMap<>();
        for (Finding f : findings) {
            out.putIfAbsent(FindingSet.key(f), f);
        }
        return out;
    }
}
