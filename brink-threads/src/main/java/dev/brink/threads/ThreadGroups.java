package dev.brink.threads;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Thread groups by name pattern. Stateless. */
final class ThreadGroups {
    private ThreadGroups() {
    }

    /**
     * The group a thread name belongs to: its last run of digits becomes "*" ("BookThread-3" → "BookThread-*",
     * "pool-4-thread-1" → "pool-4-thread-*": pool 4 and pool 5 are different pools). A name without digits is
     * its own group.
     */
    static String pattern(String name) {
        int end = name.length();
        while (end > 0 && !Character.isDigit(name.charAt(end - 1))) end--;
        if (end == 0) return name;
        int start = end;
        while (start > 0 && Character.isDigit(name.charAt(start - 1))) start--;
        return name.substring(0, start) + "*" + name.substring(end);
    }

    /** Groups of one dump, largest first, with the count of threads in each state. O(threads). */
    static List<ThreadGroupSummary> of(ThreadDump dump) {
        Map<String, Map<String, Integer>> states = new LinkedHashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        for (DumpThread t : dump.threads()) {
            String p = pattern(t.name());
            states.computeIfAbsent(p, k -> new TreeMap<>()).merge(t.state(), 1, Integer::sum);
            counts.merge(p, 1, Integer::sum);
        }
        List<ThreadGroupSummary> out = new ArrayList<>();
        states.forEach((p, s) -> out.add(new ThreadGroupSummary(p, counts.get(p), s)));
        out.sort(Comparator.comparingInt(ThreadGroupSummary::threads).reversed()
                .thenComparing(ThreadGroupSummary::pattern));
        return out;
    }
}
