package dev.brink.threads;

import dev.brink.core.ThreadPools;
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

    /** The group a thread name belongs to ({@link ThreadPools#pattern}: "BookThread-3" → "BookThread-*"). */
    static String pattern(String name) {
        return ThreadPools.pattern(name);
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
